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
