import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubResizeObserver } from '../crud/test-stubs.ts';
import { Select } from './select.tsx';

stubResizeObserver();
afterEach(cleanup);

const options = [
  { label: '基层', value: 3 },
  { label: '其他', value: 4 },
];

function Picker({ onValue }: { onValue: (v: unknown) => void }) {
  const [value, setValue] = useState<unknown>();
  return (
    <Select
      optionList={options}
      value={value as number | undefined}
      filter
      showClear
      placeholder="请选择岗位类型"
      onChange={(v) => {
        setValue(v);
        onValue(v);
      }}
    />
  );
}

const open = () => fireEvent.click(screen.getByText('请选择岗位类型'));

describe('Select', () => {
  it('reports a pick at once, before the dropdown has finished closing (no close animation ends in jsdom)', () => {
    const onValue = vi.fn();
    render(<Picker onValue={onValue} />);
    open();
    fireEvent.click(screen.getByText('基层'));
    expect(onValue).toHaveBeenCalledTimes(1);
    expect(onValue).toHaveBeenLastCalledWith(3);
  });

  it('passes a multiple select through unchanged', () => {
    const onChange = vi.fn();
    render(<Select optionList={options} multiple value={[]} onChange={onChange} placeholder="请选择岗位类型" />);
    open();
    fireEvent.click(screen.getByText('其他'));
    expect(onChange).toHaveBeenLastCalledWith([4]);
  });
});
