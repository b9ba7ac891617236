import { Pagination } from '@douyinfe/semi-ui';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { stubResizeObserver } from '../crud/test-stubs.ts';
import { Select } from './select.tsx';
import { startChineseNames } from './semi-zh.ts';

stubResizeObserver();
const stop = startChineseNames();
afterEach(cleanup);
afterAll(stop);

const OPTIONS = [
  { label: '2026-11', value: '2026-11' },
  { label: '2026-10', value: '2026-10' },
];

describe("Semi's English accessible names in Chinese (issue 26)", () => {
  it('a select whose visible label is its prefix is named by it, with and without a value', async () => {
    const { rerender } = render(<Select prefix="期间" optionList={OPTIONS} />);
    expect(await screen.findByRole('combobox', { name: '期间' })).toBeTruthy();
    // with a value Semi names the combobox "selected" on every render
    rerender(<Select prefix="期间" value="2026-11" optionList={OPTIONS} />);
    await waitFor(() => expect(screen.getByRole('combobox').getAttribute('aria-label')).toBe('期间'));
    expect(document.querySelector('[aria-label="selected"]')).toBeNull();
  });

  it('a select labelled elsewhere keeps its label; one without any loses "selected"', async () => {
    render(
      <>
        <span id="lbl">往来单位</span>
        <Select aria-labelledby="lbl" value="2026-11" optionList={OPTIONS} />
        <Select value="2026-10" optionList={OPTIONS} />
      </>,
    );
    expect(await screen.findByRole('combobox', { name: '往来单位' })).toBeTruthy();
    await waitFor(() => expect(document.querySelector('[aria-label="selected"]')).toBeNull());
  });

  it('an aria-label given to our Select names its combobox (Semi ignores the prop)', async () => {
    render(<Select aria-label="测试请求方式" value="2026-11" optionList={OPTIONS} />);
    expect(await screen.findByRole('combobox', { name: '测试请求方式' })).toBeTruthy();
  });

  it('Tags, sorters and tree toggles read in Chinese', async () => {
    const { container } = render(
      <div>
        <button type="button" aria-label="Tag: 已审核">
          已审核
        </button>
        <button type="button" aria-label="Closable Tag: 管理员">
          管理员
        </button>
        <button
          type="button"
          aria-label="Current sort order is ascending"
          aria-roledescription="Sort data with this column"
        />
        <button type="button" aria-label="Expand the tree item" />
        <button type="button" aria-label="Filter Tree" />
      </div>,
    );
    await waitFor(() => expect(container.querySelector('[aria-label="已审核"]')).toBeTruthy());
    expect(container.querySelector('[aria-label="当前排序：升序"]')?.getAttribute('aria-roledescription')).toBe(
      '按此列排序',
    );
    expect(container.querySelector('[aria-label="管理员（可移除）"]')).toBeTruthy();
    expect(container.querySelector('[aria-label="展开"]')).toBeTruthy();
    expect(container.querySelector('[aria-label="筛选"]')).toBeTruthy();
  });

  it("a Table's own pager (Semi Pagination) reads in Chinese", async () => {
    render(<Pagination total={95} currentPage={2} pageSize={10} />);
    await waitFor(() => expect(document.querySelector('[aria-label="上一页"]')).toBeTruthy());
    expect(document.querySelector('[aria-label="下一页"]')).toBeTruthy();
    expect(document.querySelector('[aria-label="第 2 页"]')).toBeTruthy();
    expect(
      document.querySelectorAll('[aria-label="Previous"], [aria-label="Next"], [aria-label^="Page "]'),
    ).toHaveLength(0);
  });
});
