import { type RefObject, useEffect, useState } from 'react';

/**
 * Issue 26, lists at 1440 px: the columns a list is read for — its number, its party, its 状态, its first money
 * column, and 毛利 / 逾期 / 证件提醒 / 净重 where a list has them — are always in view without a sideways scroll.
 * One pattern per kind, by the column's header; the first column of a kind is its key column.
 */
export const KEY_COLUMN_PATTERNS: readonly [string, RegExp][] = [
  ['number', /^(.{0,6}单号|.{0,6}编号|单据号|合同号)$/],
  ['party', /^(客户|供应商|往来单位|结算单位|客户名称|供应商名称|单位名称|收货单位|发货单位)$/],
  ['state', /^.{0,4}状态$/],
  ['amount', /^(.{0,6}金额(（元）|\(元\))?|价税合计)$/],
  ['margin', /^毛利$/],
  ['overdue', /^逾期.{0,4}$/],
  ['licence', /^证件提醒$/],
  ['net', /^净重.{0,5}$/],
];

/** The key kind of a header text (null: not a key column). */
export function keyKind(title: unknown): string | null {
  if (typeof title !== 'string') return null;
  const text = title.replace(/\s+/g, '').replace(/^\*/, '');
  return KEY_COLUMN_PATTERNS.find(([, re]) => re.test(text))?.[0] ?? null;
}

/** What the fitting reads of a column (Semi's ColumnProps, a resource's ColumnDef…). */
export interface FitColumn {
  title?: unknown;
  width?: number | string;
  fixed?: boolean | 'left' | 'right';
}

const widthOf = (c: FitColumn, fallback: number) => (typeof c.width === 'number' ? c.width : fallback);

/**
 * The columns reordered so their key columns lie within `available` px (the table's width): the columns keep their
 * order (the first one always first) as long as the key columns still to come fit behind them; then the remaining key columns; then the rest (to
 * be scrolled to). Columns fixed left or right stay where they are and take their width off the room. When
 * everything fits — or `available` is not known yet (0) — the order is untouched.
 */
export function keyColumnsInView<C extends FitColumn>(columns: C[], available: number, fallbackWidth = 140): C[] {
  if (available <= 0) return columns;
  const total = columns.reduce((s, c) => s + widthOf(c, fallbackWidth), 0);
  if (total <= available) return columns;
  const left = columns.filter((c) => c.fixed === true || c.fixed === 'left');
  const right = columns.filter((c) => c.fixed === 'right');
  const free = columns.filter((c) => !c.fixed);
  let room = available - [...left, ...right].reduce((s, c) => s + widthOf(c, fallbackWidth), 0);
  const seen = new Set<string>();
  const isKey = free.map((c) => {
    const k = keyKind(c.title);
    if (!k || seen.has(k)) return false;
    seen.add(k);
    return true;
  });
  let keysLeft = free.reduce((s, c, i) => s + (isKey[i] ? widthOf(c, fallbackWidth) : 0), 0);
  const head: C[] = [];
  const tail: C[] = [];
  const keys: C[] = [];
  free.forEach((c, i) => {
    const w = widthOf(c, fallbackWidth);
    if (isKey[i]) {
      keysLeft -= w;
      if (tail.length === 0 && keys.length === 0) {
        head.push(c);
        room -= w;
      } else keys.push(c);
    } else if (i === 0 || (tail.length === 0 && keys.length === 0 && w + keysLeft <= room)) {
      // the first column (the row's link) stays first
      head.push(c);
      room -= w;
    } else tail.push(c);
  });
  return [...left, ...head, ...keys, ...tail, ...right];
}

/** The width of an element (its content box), kept current on resize; 0 until measured. */
export function useWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setWidth(Math.floor(el.clientWidth));
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [ref]);
  return width;
}
