import { cleanup, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it } from 'vitest';
import { createAppStore } from '../../core/store/store.ts';
import { FieldControl } from './field-kinds.tsx';
import { SearchItem } from './search-item.tsx';
import { stubResizeObserver } from './test-stubs.ts';

stubResizeObserver();
afterEach(cleanup);

const wrap = (ui: React.ReactNode) => render(<Provider store={createAppStore({ persist: false })}>{ui}</Provider>);

describe('a search bar filter (issue 26: every control labelled)', () => {
  it('names its select, date and text controls by the visible label', () => {
    wrap(
      <>
        <SearchItem label="单据状态">
          <FieldControl
            spec={{
              field: 'state',
              label: '单据状态',
              kind: 'select',
              options: {
                options: [
                  { label: '草稿', value: 'draft' },
                  { label: '已审核', value: 'reviewed' },
                ],
              },
            }}
            value="reviewed"
            onChange={() => undefined}
          />
        </SearchItem>
        <SearchItem label="单据日期">
          <FieldControl
            spec={{ field: 'orderDate', label: '单据日期', kind: 'date' }}
            value=""
            onChange={() => undefined}
          />
        </SearchItem>
        <SearchItem label="被合并的供应商" wide>
          <FieldControl spec={{ field: 'orderNo', label: '单号', kind: 'text' }} value="" onChange={() => undefined} />
        </SearchItem>
      </>,
    );
    // a select with a value is still named by its label (Semi names it by the selection otherwise)
    expect(screen.getByRole('combobox', { name: '单据状态' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: '单据日期' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: '被合并的供应商' })).toBeTruthy();
    expect(screen.getByText('被合并的供应商').className).toContain('is-auto');
  });
});
