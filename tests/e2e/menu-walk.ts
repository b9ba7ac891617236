import type { Page } from '@playwright/test';
import { flattenMenu } from '../../core/router/menu-tree.ts';
import { expect } from './fixtures.ts';
import { openInApp } from './helpers.ts';

/** The menu leaves a user opens in the admin (no params, not a new window, not public). */
export const LEAVES = flattenMenu()
  .filter((n) => !n.children?.length && !n.hidden && !n.newWindow && !n.path.includes(':') && !n.isPublic)
  .map((n) => ({ name: n.name, path: n.menuPath ?? n.path }));

/** An amount of ≥ 1,000 written without grouping (283575.00), not part of a number, code or date. */
export const UNGROUPED = /(?<![\d,.\-/:A-Za-z_#·])-?\d{4,}\.\d{2}(?![\d%])/g;
/** A date the browser wrote in its own locale (11/28/2026, 2026/11/28) or the native picker's mm/dd/yyyy. */
export const FOREIGN_DATE = /\b\d{1,2}\/\d{1,2}\/\d{4}\b|\b\d{4}\/\d{1,2}\/\d{1,2}\b|mm\/dd\/yyyy/gi;

/** Requests of a page not yet answered, and when the last one started or ended (see `quiet`). */
const traffic = new WeakMap<Page, { open: Set<unknown>; at: number }>();

function trafficOf(page: Page) {
  let t = traffic.get(page);
  if (!t) {
    const seen = { open: new Set<unknown>(), at: Date.now() };
    page.on('request', (r) => {
      seen.open.add(r);
      seen.at = Date.now();
    });
    const ended = (r: unknown) => {
      seen.open.delete(r);
      seen.at = Date.now();
    };
    page.on('requestfinished', ended);
    page.on('requestfailed', ended);
    traffic.set(page, seen);
    t = seen;
  }
  return t;
}

/**
 * Waits until no request of the page is unanswered and none started or ended for `ms` (at most `timeout`; a page
 * that keeps polling is walked on). Playwright's `networkidle` is the same with 500 ms — twice a leaf, that was most
 * of the walk's time (issue 23's loop).
 */
async function quiet(page: Page, ms = 150, timeout = 15_000) {
  const t = trafficOf(page);
  const end = Date.now() + timeout;
  while (Date.now() < end && (t.open.size > 0 || Date.now() - t.at < ms)) await page.waitForTimeout(25);
}

/** Client-side navigation (no reload: the walk stays fast), then wait for the page's requests to settle. */
export async function openClientSide(page: Page, path: string) {
  // the navigation counts as traffic: `quiet` gives the screen's first requests time to be seen
  trafficOf(page).at = Date.now();
  // the screen's chunk has arrived (the router's fallback is gone), then its first requests have answered
  await openInApp(page, path, { checkUrl: false });
  await quiet(page);
  await expect(page.locator('.semi-spin-spinning, .semi-table-placeholder .semi-spin')).toHaveCount(0, {
    timeout: 15_000,
  });
  // what the answers drew (a chart's second request, a table's totals) has settled too: a request those start starts
  // within a frame or two of the drawing, so this window is shorter (60 ms: the walk's 181 leaves wait 16 s less)
  await quiet(page, 60);
}

/**
 * The key columns of a list at 1440 px (issue 26): its number, its party, its 状态, its first money column, and the
 * columns a screen is read for (毛利, 逾期, 证件提醒, 净重). A pattern per kind; the first header of each kind counts.
 */
export const KEY_COLUMNS: [string, RegExp][] = [
  ['number', /^(.{0,6}单号|.{0,6}编号|单据号|合同号)$/],
  ['party', /^(客户|供应商|往来单位|结算单位|客户名称|供应商名称|单位名称|收货单位|发货单位)$/],
  ['state', /^.{0,4}状态$/],
  ['amount', /^(.{0,6}金额(（元）|\(元\))?|价税合计)$/],
  ['margin', /^毛利$/],
  ['overdue', /^逾期.{0,4}$/],
  ['licence', /^证件提醒$/],
  ['net', /^净重.{0,5}$/],
];

/**
 * What of the page at 1440 px is out of view: the page (or its content area) scrolling sideways, and each key
 * column header (by its text) of each visible table that lies outside the table's visible box or the viewport.
 */
export async function offScreen(page: Page): Promise<string[]> {
  return page.evaluate(
    (keys) => {
      const out: string[] = [];
      const vw = window.innerWidth;
      const doc = document.documentElement;
      if (doc.scrollWidth > vw + 1) out.push(`页面横向滚动 ${doc.scrollWidth}px`);
      const content = document.querySelector<HTMLElement>('.ly-content');
      if (content && content.scrollWidth > content.clientWidth + 1)
        out.push(`内容区横向滚动 ${content.scrollWidth}/${content.clientWidth}px`);
      const patterns = keys.map(([k, src]) => [k, new RegExp(src)] as const);
      for (const wrapper of document.querySelectorAll<HTMLElement>('.ly-content .semi-table-wrapper')) {
        if (wrapper.closest('.semi-modal, .semi-sidesheet') || !wrapper.offsetParent) continue;
        // the table's visible box: its body (the scrolling part) within the viewport
        const body = wrapper.querySelector<HTMLElement>('.semi-table-body') ?? wrapper;
        const box = body.getBoundingClientRect();
        // less the columns fixed on the right (操作): a header under them is hidden too
        const fixedRight = [...wrapper.querySelectorAll<HTMLElement>('thead th.semi-table-cell-fixed-right')].reduce(
          (w, th) => w + th.getBoundingClientRect().width,
          0,
        );
        const right = Math.min(box.right, vw) - fixedRight;
        const seen = new Set<string>();
        for (const th of wrapper.querySelectorAll<HTMLElement>('thead th')) {
          const text = (th.innerText || th.textContent || '').replace(/\s+/g, '').replace(/^\*/, '');
          const kind = patterns.find(([, re]) => re.test(text))?.[0];
          if (!kind || seen.has(kind) || th.matches('.semi-table-cell-fixed-right, .semi-table-cell-fixed-left'))
            continue;
          seen.add(kind);
          const r = th.getBoundingClientRect();
          if (r.width === 0) continue;
          if (r.right > right + 2 || r.left < box.left - 2)
            out.push(`${text} 在视区外 (${Math.round(r.left)}–${Math.round(r.right)} / ${Math.round(right)})`);
        }
      }
      return out;
    },
    KEY_COLUMNS.map(([k, re]) => [k, re.source] as [string, string]),
  );
}
