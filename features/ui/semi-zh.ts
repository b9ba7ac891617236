import { Modal } from '@douyinfe/semi-ui';

/**
 * Chinese accessible names for Semi's dialogs (issue 26): Semi puts aria-label="confirm" / "cancel" on a Modal's
 * footer buttons, so a screen reader (and `getByRole('button', { name })`) hears English instead of the button's
 * own 保存 / 取消. Without the attribute a button is named by its text. A Modal that passes its own
 * okButtonProps spreads `NO_ENGLISH_NAME` into them.
 */
export const NO_ENGLISH_NAME = { 'aria-label': undefined } as Record<string, undefined>;

const defaults = (Modal as unknown as { defaultProps?: Record<string, unknown> }).defaultProps ?? {};
(Modal as unknown as { defaultProps: Record<string, unknown> }).defaultProps = {
  ...defaults,
  okButtonProps: NO_ENGLISH_NAME,
  cancelButtonProps: NO_ENGLISH_NAME,
};
