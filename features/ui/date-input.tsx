import { DatePicker } from '@douyinfe/semi-ui';
import { type CSSProperties, useLayoutEffect, useRef } from 'react';
import { dayForPicker, pickedDay } from '../../core/format/date.ts';

/**
 * A calendar day as 'yyyy-MM-dd' text, picked in Semi's zh_CN DatePicker (issue 26: a native `<input type="date">`
 * shows the browser's own mm/dd/yyyy). Typing 2026-11-28 into the field works too. Its accessible name is `label`
 * (Semi hard-codes "Choose date" on the combobox); inside a `Field` the field's visible label names it instead.
 */
export function DateInput({
  value,
  onChange,
  label,
  style,
  testId,
  clearable = true,
}: {
  value: string | undefined;
  onChange: (v: string) => void;
  label: string;
  style?: CSSProperties;
  testId?: string;
  clearable?: boolean;
}) {
  const ref = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box) return;
    for (const el of box.querySelectorAll('[role="combobox"], input')) el.setAttribute('aria-label', label);
  });
  return (
    <span ref={ref} className="ly-date-input" data-testid={testId}>
      <DatePicker
        type="date"
        format="yyyy-MM-dd"
        placeholder={label}
        value={dayForPicker(value)}
        onChange={(d) => onChange(d instanceof Date ? pickedDay(d) : '')}
        showClear={clearable}
        style={{ width: 150, ...style }}
      />
    </span>
  );
}
