/**
 * Order numbers (DESIGN §5): prefix + yyyyMMdd + daily sequence per tenant, drawn from izs_order_sequence by an
 * upsert in the caller's transaction. The upsert takes the row lock, so concurrent drawers of the same
 * (tenant, kind, day) queue behind each other; a rolled-back document gives its number back — gapless.
 */
import { sql } from 'drizzle-orm';
import { formatOrderNo, type OrderKind } from '../../../core/stock/order-no.ts';
import { rows, type Tx } from '../../db/client.ts';
import { formatDate } from '../../platform/time.ts';

export async function drawOrderNo(
  tx: Tx,
  tenantId: string,
  kind: OrderKind,
  tz: string,
  now = new Date(),
): Promise<string> {
  const day = formatDate(now, tz);
  const key = day.replaceAll('-', '');
  const [r] = await rows<{ last: number }>(
    tx,
    sql`insert into izs_order_sequence (tenant_id, kind, day, last) values (${tenantId}, ${kind}, ${key}, 1)
        on conflict (tenant_id, kind, day) do update set last = izs_order_sequence.last + 1
        returning last`,
  );
  return formatOrderNo(kind, day, Number(r.last));
}

/** Today (yyyy-MM-dd) in the server's time zone. */
export const today = (tz: string, now = new Date()) => formatDate(now, tz);
