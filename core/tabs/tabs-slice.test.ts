import { describe, expect, it } from 'vitest';
import { initialTabsState, nextViewAfterClose, tabsActions, tabsSlice, type VisitedView } from './tabs-slice.ts';

const view = (
  path: string,
  extra: Partial<VisitedView['meta']> = {},
  query: Record<string, string> = {},
): VisitedView => {
  const qs = new URLSearchParams(query).toString();
  return {
    path,
    fullPath: qs ? `${path}?${qs}` : path,
    name: path,
    title: path.slice(1),
    meta: { title: path.slice(1), ...extra },
    query,
  };
};
const reduce = (actions: ReturnType<(typeof tabsActions)[keyof typeof tabsActions]>[]) =>
  actions.reduce((s, a) => tabsSlice.reducer(s, a), initialTabsState);

describe('tabs reducer', () => {
  it('adds a view once (no duplicates by path)', () => {
    const s = reduce([
      tabsActions.addView(view('/a')),
      tabsActions.addView(view('/a')),
      tabsActions.addView(view('/b')),
    ]);
    expect(s.visitedViews.map((v) => v.path)).toEqual(['/a', '/b']);
    expect(s.cachedViews).toEqual(['/a', '/b']);
  });
  it('updates the entry when only the query changes', () => {
    const s = reduce([tabsActions.addView(view('/a')), tabsActions.addView(view('/a', {}, { id: '7' }))]);
    expect(s.visitedViews).toHaveLength(1);
    expect(s.visitedViews[0].fullPath).toBe('/a?id=7');
    expect(s.cachedViews).toEqual(['/a?id=7']);
  });
  it('does not cache noCache views', () => {
    const s = reduce([tabsActions.addView(view('/dashboard', { affix: true, noCache: true }))]);
    expect(s.visitedViews).toHaveLength(1);
    expect(s.cachedViews).toEqual([]);
  });
  it('close others keeps affix views and the selected one', () => {
    const s = reduce([
      tabsActions.addView(view('/dashboard', { affix: true, noCache: true })),
      tabsActions.addView(view('/a')),
      tabsActions.addView(view('/b')),
      tabsActions.addView(view('/c')),
      tabsActions.delOthersViews('/b'),
    ]);
    expect(s.visitedViews.map((v) => v.path)).toEqual(['/dashboard', '/b']);
    expect(s.cachedViews).toEqual(['/b']);
  });
  it('close all keeps only affix views', () => {
    const s = reduce([
      tabsActions.addView(view('/dashboard', { affix: true, noCache: true })),
      tabsActions.addView(view('/a')),
      tabsActions.delAllViews(),
    ]);
    expect(s.visitedViews.map((v) => v.path)).toEqual(['/dashboard']);
    expect(s.cachedViews).toEqual([]);
  });
  it('close removes one view', () => {
    const s = reduce([tabsActions.addView(view('/a')), tabsActions.addView(view('/b')), tabsActions.delView('/a')]);
    expect(s.visitedViews.map((v) => v.path)).toEqual(['/b']);
    expect(s.cachedViews).toEqual(['/b']);
  });
  it('affix views are added first without duplicates', () => {
    const s = reduce([
      tabsActions.addView(view('/a')),
      tabsActions.addAffixViews([view('/dashboard', { affix: true })]),
      tabsActions.addAffixViews([view('/dashboard', { affix: true })]),
    ]);
    expect(s.visitedViews.map((v) => v.path)).toEqual(['/dashboard', '/a']);
  });
  it('after closing, goes to the last remaining view, else /dashboard', () => {
    expect(nextViewAfterClose([view('/a'), view('/b'), view('/c')], '/c')).toBe('/b');
    expect(nextViewAfterClose([view('/a')], '/a')).toBe('/dashboard');
  });
});
