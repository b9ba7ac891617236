/** A capture / command button with its function key, disabled with the reason as a tooltip. */
import { Button, Tooltip } from '@douyinfe/semi-ui';
import type { Ref } from 'react';
import type { ActionState } from './use-weighing-station.ts';

export function ActionButton({
  label,
  keyName,
  state,
  onClick,
  primary,
  testId,
  buttonRef,
}: {
  label: string;
  keyName: string;
  state: ActionState;
  onClick: () => void;
  primary?: boolean;
  testId: string;
  buttonRef?: Ref<HTMLButtonElement>;
}) {
  const button = (
    <Button
      ref={buttonRef as never}
      size="large"
      theme={primary ? 'solid' : 'light'}
      type={primary ? 'primary' : 'tertiary'}
      disabled={!state.enabled}
      onClick={onClick}
      data-testid={testId}
      className="ly-ws-action"
    >
      <kbd>{keyName}</kbd>
      {label}
    </Button>
  );
  return state.hint ? (
    <Tooltip content={state.hint}>
      <span className="ly-ws-action-wrap">{button}</span>
    </Tooltip>
  ) : (
    button
  );
}
