import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { computeTableHeight, MIN_TABLE_HEIGHT, TABLE_HEIGHT_OFFSET } from './table-height.ts';
import { throttle } from './throttle.ts';
import { DRAG_THROTTLE_MS } from './use-drag.ts';

describe('throttle (spec §9: drag 10 ms, table resize 500 ms)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('drag moves run at most once per 10 ms, the last position always lands', () => {
    const moves: number[] = [];
    const move = throttle((x: number) => moves.push(x), DRAG_THROTTLE_MS);
    move(1); // leading call runs at once
    move(2);
    move(3);
    expect(moves).toEqual([1]);
    vi.advanceTimersByTime(9);
    expect(moves).toEqual([1]);
    vi.advanceTimersByTime(1);
    expect(moves).toEqual([1, 3]); // 2 was superseded by 3
    vi.advanceTimersByTime(50);
    move(4);
    expect(moves).toEqual([1, 3, 4]);
  });

  it('cancel drops a pending trailing call', () => {
    const calls: number[] = [];
    const f = throttle((x: number) => calls.push(x), 500);
    f(1);
    f(2);
    f.cancel();
    vi.advanceTimersByTime(1000);
    expect(calls).toEqual([1]);
  });
});

describe('table height (spec §9)', () => {
  it('is the window height minus 140, the search form, the menus and the pagination', () => {
    expect(TABLE_HEIGHT_OFFSET).toBe(140);
    expect(computeTableHeight({ windowHeight: 900, searchHeight: 88, menuHeight: 32, paginationHeight: 36 })).toBe(
      900 - 140 - 88 - 32 - 36,
    );
  });
  it('never goes below the minimum on a tiny window', () => {
    expect(computeTableHeight({ windowHeight: 300, searchHeight: 120, menuHeight: 32, paginationHeight: 36 })).toBe(
      MIN_TABLE_HEIGHT,
    );
  });
});
