/** Row ↔ entity conversion for the engine: decimals as fixed strings, times as yyyy-MM-dd HH:mm:ss. */
import Decimal from 'decimal.js';
import { getTableColumns } from 'drizzle-orm';
import type { AnyPgColumn, AnyPgTable } from 'drizzle-orm/pg-core';
import type { ResourceDef } from '../../../core/contract/resource.ts';
import { formatDateTime } from '../time.ts';

export type Row = Record<string, unknown>;

/** Columns never sent to clients. */
const HIDDEN = new Set(['isDeleted']);

export interface ColumnInfo {
  columns: Record<string, AnyPgColumn>;
  /** snake_case column name → entity key */
  bySnake: Record<string, string>;
  /** entity key → fixed decimal places (numeric columns) */
  decimals: Record<string, number>;
  dates: Set<string>;
}

export function columnInfo(def: ResourceDef, table: AnyPgTable): ColumnInfo {
  const columns = getTableColumns(table) as Record<string, AnyPgColumn>;
  const bySnake: Record<string, string> = {};
  const decimals: Record<string, number> = {};
  const dates = new Set<string>();
  const places = new Map<string, number>();
  for (const c of def.columns) if (c.decimals !== undefined) places.set(c.field, c.decimals);
  for (const f of def.form) if (f.decimals !== undefined && !places.has(f.field)) places.set(f.field, f.decimals);
  for (const [key, col] of Object.entries(columns)) {
    bySnake[col.name] = key;
    if (col.columnType === 'PgNumeric') {
      decimals[key] = places.get(key) ?? (col as unknown as { scale?: number }).scale ?? 2;
    }
    if (col.columnType === 'PgTimestamp') dates.add(key);
  }
  return { columns, bySnake, decimals, dates };
}

/** A plain decimal as PostgreSQL writes a numeric: no leading zeros, optional fraction (−0.x left to Decimal). */
const PLAIN = /^(?:-?[1-9]\d*|0)(?:\.(\d+))?$/;

export function fixed(v: unknown, places: number): string {
  if (v === null || v === undefined || v === '') return '';
  // a numeric column arrives as such a string, mostly with its scale already: the same string Decimal would give,
  // without building one per value (a list answers rows × numeric columns of them — issue 25)
  if (typeof v === 'string') {
    const m = PLAIN.exec(v);
    if (m) {
      const frac = m[1]?.length ?? 0;
      if (frac === places) return v;
      if (frac < places) return `${frac === 0 ? `${v}.` : v}${'0'.repeat(places - frac)}`;
    }
  }
  try {
    return new Decimal(String(v)).toFixed(places, Decimal.ROUND_HALF_UP);
  } catch {
    return String(v);
  }
}

/**
 * One value as answered: a numeric column's (`places` given) as a fixed string of its places, null staying null;
 * a Date through `time`; anything else as it is. The one rule of toEntity, entityOf and wireRow.
 */
export function wireValue(v: unknown, places: number | undefined, time: (d: Date) => string): unknown {
  if (places !== undefined) return v === null ? null : fixed(v, places);
  return v instanceof Date ? time(v) : v;
}

/** The fixed places of an entity key (a numeric column), else undefined. */
const placesOf = (info: ColumnInfo, k: string): number | undefined =>
  Object.hasOwn(info.decimals, k) ? info.decimals[k] : undefined;

/** A database row (plus joined label fields) as the API answers it. */
export function toEntity(row: Row, info: ColumnInfo, tz: string, hidden: string[] = []): Row {
  const out: Row = {};
  const time = (d: Date) => formatDateTime(d, tz);
  for (const [k, v] of Object.entries(row)) {
    if (HIDDEN.has(k) || hidden.includes(k)) continue;
    out[k] = wireValue(v, placesOf(info, k), time);
  }
  return out;
}

/**
 * toEntity compiled for rows that carry exactly `keys`, in that order — the rows of one selection (drizzle gives
 * every selected key, null for SQL NULL): one object literal instead of a loop over the row's entries. Same
 * answer, key for key and in the same order (values.test.ts); ~3× cheaper a row (issue 25, a list page answers
 * rows × columns of them). A row with other keys must go through toEntity.
 */
export function entityOf(
  keys: readonly string[],
  info: ColumnInfo,
  tz: string,
  hidden: string[] = [],
): (row: Row) => Row {
  const time = (d: Date) => formatDateTime(d, tz);
  const fields: string[] = [];
  const places: (number | undefined)[] = [];
  for (const k of keys) {
    if (HIDDEN.has(k) || hidden.includes(k)) continue;
    const at = JSON.stringify(k);
    const p = placesOf(info, k);
    // the value through wireValue's two branches, written out per key (the key names are the table's and the
    // selection's own property names, quoted as JSON string literals)
    fields.push(
      p === undefined
        ? `${at}: (v = r[${at}]) instanceof Date ? time(v) : v`
        : `${at}: (v = r[${at}]) === null ? null : fixed(v, places[${places.length}])`,
    );
    places.push(p);
  }
  return new Function('fixed', 'time', 'places', `return (r) => { let v; return {\n${fields.join(',\n')}\n}; };`)(
    fixed,
    time,
    places,
  ) as (row: Row) => Row;
}

/**
 * The spec's data helper on input: -1 means empty; '' means empty for anything but text-like fields. A field that
 * holds an amount (number, money, weight, qty, rate) keeps -1 as the value it is, for its own rule to judge: a
 * pledge ratio of −1 is refused, not silently saved as the default 0 (issue 22).
 */
const TEXTISH = new Set(['code', 'text', 'textarea', 'password', 'image', 'file']);
const AMOUNTS = new Set(['number', 'money', 'weight', 'qty', 'rate']);

export function cleanBody(def: ResourceDef, body: Row): Row {
  const kinds = new Map(def.form.map((f) => [f.field as string, f.kind]));
  const out: Row = {};
  for (const [k, v] of Object.entries(body)) {
    if ((v === -1 || v === '-1') && !AMOUNTS.has(kinds.get(k) ?? '')) continue;
    if (v === '' && !TEXTISH.has(kinds.get(k) ?? 'text')) continue;
    out[k] = v;
  }
  return out;
}

/** Query strings: '' and -1 mean "no filter". */
export function cleanQuery(q: Row): Row {
  const out: Row = {};
  for (const [k, v] of Object.entries(q)) {
    if (v === undefined || v === '' || v === '-1' || v === null) continue;
    out[k] = v;
  }
  return out;
}

/** The form-shaped values of an existing row (update merges the body over them). */
export function formValues(def: ResourceDef, row: Row, info: ColumnInfo, tz: string): Row {
  const out: Row = {};
  const shape = def.schemas.form.shape as Record<string, unknown>;
  for (const k of Object.keys(shape)) {
    if (!(k in row)) continue;
    const v = row[k];
    if (k in info.decimals) out[k] = v === null ? undefined : fixed(v, info.decimals[k]);
    else if (v instanceof Date) out[k] = formatDateTime(v, tz);
    else out[k] = v === null ? undefined : v;
  }
  return out;
}

export const snake = (s: string) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * The columns of `table` among `values` (keys that are columns, undefined left out): an insert or update built from a
 * body that a contract derived from the table's generated row has parsed, so a new plain column is written without
 * an edit (issue 23). Server-owned columns are set after it by the caller.
 */
export function columnsOf<T extends AnyPgTable>(table: T, values: Row): Partial<T['$inferInsert']> {
  const columns = getTableColumns(table);
  const out: Row = {};
  for (const [k, v] of Object.entries(values)) if (k in columns && v !== undefined) out[k] = v;
  return out as Partial<T['$inferInsert']>;
}

/**
 * A row of `table` as answered, keys in `keys`' order (a contract's shape): numeric columns as fixed strings of
 * their scale, timestamps through `time`; keys the row lacks are left out. A column added to the table and the
 * contract's generated row is answered without an edit (issue 23).
 */
export function wireRow(table: AnyPgTable, row: Row, keys: readonly string[], time: (d: Date) => string): Row {
  const scales = scalesOf(table);
  const out: Row = {};
  for (const k of keys) {
    if (!(k in row)) continue;
    out[k] = wireValue(row[k], scales.get(k), time);
  }
  return out;
}

/** The numeric columns of a table that declare a scale: entity key → scale (once per table). */
const scalesByTable = new WeakMap<AnyPgTable, Map<string, number>>();
function scalesOf(table: AnyPgTable): Map<string, number> {
  let m = scalesByTable.get(table);
  if (!m) {
    m = new Map();
    for (const [k, col] of Object.entries(getTableColumns(table) as Record<string, AnyPgColumn>)) {
      const scale = col.columnType === 'PgNumeric' ? (col as unknown as { scale?: number }).scale : undefined;
      if (scale !== undefined) m.set(k, scale);
    }
    scalesByTable.set(table, m);
  }
  return m;
}
