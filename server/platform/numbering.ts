/**
 * The one numbering service (issue 23): every document number of the house is drawn here —
 * prefix (core/stock/order-no.ts, the one table) + yyyyMMdd in the server's time zone + the day's sequence of
 * (tenant, kind) from `izs_order_sequence`.
 *
 * The upsert runs in the caller's transaction and takes the sequence row's lock: concurrent drawers of one
 * (tenant, kind, day) queue behind each other (race-safe), and a rolled-back document gives its number back
 * (gapless). Call it last before the insert, so the row is held for as short a time as possible.
 */
import { sql } from 'drizzle-orm';
import {
  formatOrderNo,
  ORDER_KINDS,
  type OrderKind,
  orderNoFixedWidth,
  orderNoWidth,
} from '../../core/stock/order-no.ts';
import { rows, type Tx } from '../db/client.ts';
import { badRequest } from './r.ts';
import { formatDate } from './time.ts';

export interface NumberScope {
  tenantId: string;
  /** the server's time zone (config TZ): the day a number belongs to */
  tz: string;
  /** the clock (tests) */
  now?: Date;
}

/** The next number of `kind` for the tenant, today. Inside the inserting transaction only. */
export async function drawOrderNo(tx: Tx, kind: OrderKind, scope: NumberScope): Promise<string> {
  const day = formatDate(scope.now ?? new Date(), scope.tz);
  const [r] = await rows<{ last: number }>(
    tx,
    sql`insert into izs_order_sequence (tenant_id, kind, day, last)
        values (${scope.tenantId}, ${kind}, ${day.replaceAll('-', '')}, 1)
        on conflict (tenant_id, kind, day) do update set last = izs_order_sequence.last + 1
        returning last`,
  );
  const seq = Number(r.last);
  if (orderNoFixedWidth(kind) && String(seq).length > orderNoWidth(kind))
    throw badRequest(`今日${ORDER_KINDS[kind].title}号已用完`);
  return formatOrderNo(kind, day, seq);
}
