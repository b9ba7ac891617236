/**
 * Shared pieces of the wall-screen handlers: the server's business day (TZ), decimal formatting, the weighing
 * scope and name look-ups. Figures are summed in SQL and formatted from decimal strings (never floats).
 */
import Decimal from 'decimal.js';
import { and, inArray, type SQL, sql } from 'drizzle-orm';
import { moneyFixed, rateFixed, weightFixed } from '../../../core/format/amounts.ts';
import type { Db } from '../../db/client.ts';
import { material, relatedParty, warehouse, weighbridge, weighingOrder } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { hasAnyCode } from '../../platform/crud/permissions.ts';
import { forbidden } from '../../platform/r.ts';
import { scopeOf, tenantOnly } from '../../platform/scope.ts';
import { formatDate, formatDateTime } from '../../platform/time.ts';

export const D = (v: unknown) => new Decimal(v === null || v === undefined || v === '' ? '0' : String(v));
export const kg3 = (v: unknown) => weightFixed(D(v));
export const yuan2 = (v: unknown) => moneyFixed(D(v));
/** a / b in percent (2 decimals), '' when b is zero. */
export const pct2 = (a: unknown, b: unknown) => (D(b).isZero() ? '' : rateFixed(D(a).div(D(b)).times(100)));

/** The server's business day (yyyy-MM-dd in TZ), its month's first day and a day `n` days before. */
export function businessDay(tz: string, now = new Date()) {
  const today = formatDate(now, tz);
  const shift = (n: number) => {
    const d = new Date(`${today}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() - n);
    return d.toISOString().slice(0, 10);
  };
  return { today, monthStart: `${today.slice(0, 7)}-01`, yearStart: `${today.slice(0, 4)}-01-01`, daysAgo: shift };
}

/** The instant a business day starts in TZ (for timestamptz comparisons that use the index). */
export const dayStart = (day: string, tz: string) => sql`(${day}::date::timestamp at time zone ${tz})`;
/** The business day (TZ) of a timestamptz column. */
export const dayOf = (col: unknown, tz: string) => sql`((${col} at time zone ${tz})::date)`;

/** Weighings the caller may see on this screen (tenant, not deleted, data scope of the screen's menu). */
export const weighingScope = (db: Db, user: AuthUser, code: string): Promise<SQL> =>
  scopeOf(db, user, weighingOrder, code);

export const time = (d: Date | string | null | undefined, tz: string) =>
  d ? formatDateTime(typeof d === 'string' ? new Date(d) : d, tz) : '';

type Named = { id: string; name: string };
async function namesOf(
  db: Db,
  table: typeof material | typeof relatedParty | typeof warehouse | typeof weighbridge,
  tenantId: string,
  ids: (string | null)[],
) {
  const want = [...new Set(ids.filter((x): x is string => !!x))];
  if (!want.length) return new Map<string, string>();
  const found: Named[] = await db
    .select({ id: table.id, name: table.name })
    .from(table)
    .where(and(tenantOnly(tenantId, table), inArray(table.id, want)));
  return new Map(found.map((r) => [r.id, r.name]));
}
export const materialNames = (db: Db, t: string, ids: (string | null)[]) => namesOf(db, material, t, ids);
export const partyNames = (db: Db, t: string, ids: (string | null)[]) => namesOf(db, relatedParty, t, ids);
export const warehouseNames = (db: Db, t: string, ids: (string | null)[]) => namesOf(db, warehouse, t, ids);
export const bridgeNames = (db: Db, t: string, ids: (string | null)[]) => namesOf(db, weighbridge, t, ids);

/** Completed weighings as ticker items (names looked up once per batch). */
export async function ticks(db: Db, tenantId: string, tz: string, rows: (typeof weighingOrder.$inferSelect)[]) {
  const [m, p, b] = await Promise.all([
    materialNames(
      db,
      tenantId,
      rows.map((r) => r.materialId),
    ),
    partyNames(
      db,
      tenantId,
      rows.map((r) => r.partyId),
    ),
    bridgeNames(
      db,
      tenantId,
      rows.map((r) => r.weighbridgeId),
    ),
  ]);
  return rows.map((r) => ({
    id: r.id,
    orderNo: r.orderNo,
    orderType: r.orderType,
    carNumber: r.carNumber,
    materialName: (r.materialId && m.get(r.materialId)) || '',
    partyName: (r.partyId && p.get(r.partyId)) || '',
    weighbridgeName: (r.weighbridgeId && b.get(r.weighbridgeId)) || '',
    netKg: kg3(r.netWeight),
    amount: yuan2(r.amount),
    completeTime: time(r.completeTime, tz),
  }));
}

/** Weighing sums: count, net in (purchase) / out (sale), amounts. `where` selects the rows. */
export async function tonnageOf(db: Db, where: SQL | undefined) {
  const [r] = await db
    .select({
      weighCount: sql<number>`count(*)::int`,
      inNetKg: sql<string>`coalesce(sum(${weighingOrder.netWeight}) filter (where ${weighingOrder.orderType} = 'purchase'), 0)`,
      outNetKg: sql<string>`coalesce(sum(${weighingOrder.netWeight}) filter (where ${weighingOrder.orderType} = 'sale'), 0)`,
      inAmount: sql<string>`coalesce(sum(${weighingOrder.amount}) filter (where ${weighingOrder.orderType} = 'purchase'), 0)`,
      outAmount: sql<string>`coalesce(sum(${weighingOrder.amount}) filter (where ${weighingOrder.orderType} = 'sale'), 0)`,
    })
    .from(weighingOrder)
    .where(where);
  return {
    weighCount: r?.weighCount ?? 0,
    inNetKg: kg3(r?.inNetKg),
    outNetKg: kg3(r?.outNetKg),
    inAmount: yuan2(r?.inAmount),
    outAmount: yuan2(r?.outAmount),
  };
}

export const completed = sql`${weighingOrder.weighState} = 'completed'`;

/** Whether the caller may view a menu (its code or its 查看 button): the figures of that list are theirs to see. */
export const canView = (db: Db, user: AuthUser, code: string) => hasAnyCode(db, user, [code, `${code}_view`]);

/** 403 unless the caller may view one of these menus (a read shared by several screens or reports). */
export async function requireAnyView(db: Db, user: AuthUser, codes: readonly string[]): Promise<void> {
  if (
    !(await hasAnyCode(
      db,
      user,
      codes.flatMap((c) => [c, `${c}_view`]),
    ))
  )
    throw forbidden('没有权限');
}
