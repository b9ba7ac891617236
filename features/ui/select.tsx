import { Select as SemiSelect } from '@douyinfe/semi-ui';
import type { SelectProps } from '@douyinfe/semi-ui/lib/es/select';
import { useRef } from 'react';
import { Named } from './field.tsx';

const NONE = Symbol('none');

/**
 * Semi's Select with its pick reported at once. A controlled single Select tells `onChange` only after its
 * dropdown's close animation (semi-foundation `_handleSingleSelect` → `close({ closeCb })`), so a 保存 clicked or a
 * field typed in that ~150 ms reads the old value and the pick is lost. This one reports a single pick from
 * `onSelect`, which Semi calls before closing, and swallows the late echo of the same value; clearing and multiple
 * selects report through `onChange` as before. Same props as Semi's; an `aria-label` names the combobox (Semi
 * ignores it and names a select with a value "selected").
 */
export function Select(props: SelectProps) {
  const name = (props as { 'aria-label'?: string })['aria-label'];
  const select = <InstantSelect {...props} />;
  return name ? <Named name={name}>{select}</Named> : select;
}

function InstantSelect(props: SelectProps) {
  const { onChange, onSelect, multiple, onChangeWithObject } = props;
  const picked = useRef<unknown>(NONE);
  const instant = !multiple && !onChangeWithObject && onChange;
  if (!instant) return <SemiSelect {...props} />;
  return (
    <SemiSelect
      {...props}
      onSelect={(value, option) => {
        onSelect?.(value, option);
        picked.current = value;
        onChange(value);
      }}
      onChange={(value) => {
        const echo = picked.current !== NONE && value === picked.current;
        picked.current = NONE;
        if (!echo) onChange(value);
      }}
    />
  );
}
