import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { stubResizeObserver } from '../crud/test-stubs.ts';
import { Named } from './field.tsx';
import { Pager } from './pager.tsx';
import { Select } from './select.tsx';

stubResizeObserver();
afterEach(cleanup);

describe('the list pager (issue 26: every control named, in Chinese)', () => {
  it('names the quick-jump input, the page-size select and the page buttons', async () => {
    render(
      <Pager
        total={95}
        currentPage={2}
        pageSize={10}
        pageSizeOpts={[10, 20]}
        showSizeChanger
        showQuickJumper
        showTotal
      />,
    );
    expect(screen.getByRole('spinbutton', { name: '跳至页' })).toBeTruthy();
    expect(await screen.findByRole('combobox', { name: '每页条数' })).toBeTruthy();
    for (const name of ['上一页', '下一页', '第 2 页'])
      expect(document.querySelector(`[aria-label="${name}"]`)).toBeTruthy();
    expect(
      document.querySelectorAll('[aria-label="Previous"], [aria-label="Next"], [aria-label^="Page "]'),
    ).toHaveLength(0);
  });
});

describe('Named (a control whose label is its prefix)', () => {
  it('names an empty select and keeps the name once it has a value', async () => {
    const { rerender } = render(
      <Named name="地磅">
        <Select prefix="地磅" optionList={[{ label: '1 号磅', value: 1 }]} />
      </Named>,
    );
    expect(screen.getByRole('combobox', { name: '地磅' })).toBeTruthy();
    rerender(
      <Named name="地磅">
        <Select prefix="地磅" value={1} optionList={[{ label: '1 号磅', value: 1 }]} />
      </Named>,
    );
    // Semi names it "selected" again as it re-renders: the observer puts the name back
    expect(await screen.findByRole('combobox', { name: '地磅' })).toBeTruthy();
  });
});
