/**
 * Numbers of contracts, projects, site orders, financing contracts and 金单: prefix + yyyyMMdd + a 4-digit daily
 * sequence from izs_order_sequence (the upsert in the caller's transaction takes the row lock: gapless, no race).
 */
import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.ts';
import { formatDate } from '../../platform/time.ts';

export const NO_PREFIX = {
  tradingContract: 'HT',
  supplierContract: 'GH',
  project: 'XM',
  siteOrder: 'XC',
  financeContract: 'RZ',
  goldCert: 'JD',
} as const;

export async function drawNo(tx: Tx, tenantId: string, kind: keyof typeof NO_PREFIX, tz: string): Promise<string> {
  const day = formatDate(new Date(), tz).replaceAll('-', '');
  const [r] = await rows<{ last: number }>(
    tx,
    sql`insert into izs_order_sequence (tenant_id, kind, day, last) values (${tenantId}, ${kind}, ${day}, 1)
        on conflict (tenant_id, kind, day) do update set last = izs_order_sequence.last + 1
        returning last`,
  );
  return `${NO_PREFIX[kind]}${day}${String(Number(r.last)).padStart(4, '0')}`;
}
