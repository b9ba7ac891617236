import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FieldKind } from '../../core/contract/resource.ts';
import { createAppStore } from '../../core/store/store.ts';
import { CellValue, DEFAULT_IMAGE, FieldControl, formatValue, sanitizeDecimal } from './field-kinds.tsx';
import { stubResizeObserver } from './test-stubs.ts';

stubResizeObserver();

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const wrap = (ui: React.ReactNode) => render(<Provider store={createAppStore({ persist: false })}>{ui}</Provider>);

describe('field-kind adapter: table cells', () => {
  it('formats every kind', () => {
    expect(formatValue('money', '12345.6')).toBe('12,345.60');
    expect(formatValue('weight', '1234.5')).toBe('1,234.500');
    expect(formatValue('qty', '7', { decimals: 0 })).toBe('7');
    expect(formatValue('rate', '1.5')).toBe('1.50');
    expect(formatValue('date', '2026-03-04 10:11:12')).toBe('2026-03-04');
    expect(formatValue('datetime', '2026-03-04 10:11:12')).toBe('2026-03-04 10:11:12');
    expect(formatValue('status', 1)).toBe('启用');
    expect(formatValue('status', '0')).toBe('停用');
    expect(formatValue('bool', 1)).toBe('是');
    expect(formatValue('bool', 0)).toBe('否');
    expect(formatValue('password', 'secret')).toBe('******');
    expect(formatValue('select', 't', { options: [{ label: '吨', value: 't' }] })).toBe('吨');
    expect(
      formatValue('select', ['t', 'kg'], {
        options: [
          { label: '吨', value: 't' },
          { label: '千克', value: 'kg' },
        ],
      }),
    ).toBe('吨、千克');
    expect(formatValue('text', null)).toBe('');
  });

  it('money is decimal math, never a float: 0.1 + 0.2 style values and 17-digit amounts stay exact', () => {
    expect(formatValue('money', '0.30')).toBe('0.30');
    expect(formatValue('money', '123456789012345.675')).toBe('123,456,789,012,345.68'); // a float would print …345.67
    expect(formatValue('money', '2.675')).toBe('2.68'); // (2.675).toFixed(2) === '2.67' in binary floating point
  });

  it('renders each kind as a cell', () => {
    const kinds: [FieldKind, unknown, string][] = [
      ['code', 'M-001', 'M-001'],
      ['text', '重废', '重废'],
      ['money', '2650.5', '2,650.50'],
      ['weight', '1000', '1,000.000'],
      ['rate', '3', '3.00'],
      ['number', 5, '5'],
      ['status', 1, '启用'],
      ['bool', 0, '否'],
      ['date', '2026-01-02 00:00:00', '2026-01-02'],
    ];
    for (const [kind, value, expected] of kinds) {
      const { container, unmount } = wrap(<CellValue col={{ field: 'v', kind }} row={{ v: value }} />);
      expect(container.textContent, kind).toBe(expected);
      unmount();
    }
  });

  it('shows a joined label (labelField) instead of the raw id', () => {
    const { container } = wrap(
      <CellValue
        col={{ field: 'deptId', kind: 'tree', labelField: 'deptName' }}
        row={{ deptId: '1001', deptName: '过磅中心' }}
      />,
    );
    expect(container.textContent).toBe('过磅中心');
  });

  it('shows a default image when an image field is empty, and OSS-prefixed paths otherwise', () => {
    const empty = wrap(<CellValue col={{ field: 'pic', kind: 'image' }} row={{ pic: '' }} />);
    expect(empty.container.querySelector('img')?.getAttribute('src')).toBe(DEFAULT_IMAGE);
    empty.unmount();
    const one = wrap(<CellValue col={{ field: 'pic', kind: 'image' }} row={{ pic: '["upload/a.png"]' }} />);
    expect(one.container.querySelector('img')?.getAttribute('src')).toBe('/oss/upload/a.png');
  });
});

describe('field-kind adapter: form controls', () => {
  it('a money box keeps digits and one point with the allowed decimals, as a string', () => {
    expect(sanitizeDecimal('12a3.4567', 2)).toBe('123.45');
    expect(sanitizeDecimal('1.2.3', 2)).toBe('1.23');
    expect(sanitizeDecimal('-5.25', 1)).toBe('5.2'); // no minus unless the field allows negatives
    expect(sanitizeDecimal('-5.25', 1, true)).toBe('-5.2');
    expect(sanitizeDecimal('3-1', 1, true)).toBe('31');
    const onChange = vi.fn();
    wrap(<FieldControl id="p" spec={{ field: 'price', label: '单价', kind: 'money' }} value="" onChange={onChange} />);
    fireEvent.change(document.getElementById('p') as HTMLInputElement, { target: { value: '2650.555' } });
    expect(onChange).toHaveBeenCalledWith('2650.55');
    expect(typeof onChange.mock.calls[0][0]).toBe('string');
  });

  it('a status switch answers 1 / 0', () => {
    const onChange = vi.fn();
    wrap(<FieldControl spec={{ field: 'status', label: '状态', kind: 'status' }} value={1} onChange={onChange} />);
    fireEvent.click(screen.getByRole('switch'));
    expect(onChange).toHaveBeenCalledWith(0);
  });

  it('renders a control for every kind without throwing', () => {
    const kinds: FieldKind[] = [
      'code',
      'text',
      'textarea',
      'number',
      'money',
      'weight',
      'qty',
      'rate',
      'date',
      'datetime',
      'select',
      'status',
      'bool',
      'image',
      'file',
      'password',
    ];
    for (const kind of kinds) {
      const { container, unmount } = wrap(
        <FieldControl
          spec={{ field: 'f', label: '字段', kind, options: { options: [{ label: 'A', value: 'a' }] } }}
          value={undefined}
          onChange={() => {}}
        />,
      );
      expect(container.firstChild, kind).not.toBeNull();
      unmount();
    }
  });
});
