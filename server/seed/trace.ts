/**
 * Demo trace chain (issue 14): the demo's completed weighings and reviewed documents (stock documents, purchase /
 * sale orders, drop shipments) are chained in the order they happened, through the same hooks the live endpoints
 * call, so their 上链信息 and public trace pages have data from the first start.
 */
import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../db/client.ts';
import { dropShipping, stockOrder, tradeOrder } from '../db/schema/index.ts';
import { traceTransition, traceWeighing } from '../platform/trace-chain/facts.ts';

type Row = Record<string, unknown>;

export async function seedTraceChain(tx: Tx, tenantId: string): Promise<void> {
  const weighings = await rows<Row>(
    tx,
    sql`select * from izs_weighing_order where tenant_id = ${tenantId} and weigh_state = 'completed' and is_deleted = 0`,
  );
  const events: { at: number; run: () => Promise<void> }[] = [];
  const camel = (r: Row): Row =>
    Object.fromEntries(
      Object.entries(r).map(([k, v]) => [k.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase()), v]),
    );
  for (const raw of weighings) {
    const w = camel(raw);
    events.push({
      at: new Date(String(w.completeTime)).getTime(),
      run: () => traceWeighing(tx, w, 'completed', String(w.completeUser ?? w.createUser)),
    });
  }
  for (const [table, name] of [
    [stockOrder, 'izs_stock_order'],
    [tradeOrder, 'izs_trade_order'],
    [dropShipping, 'izs_drop_shipping'],
  ] as const) {
    const docs = await rows<Row>(
      tx,
      sql`select * from ${sql.identifier(name)} where tenant_id = ${tenantId} and state = 'reviewed' and is_deleted = 0`,
    );
    for (const raw of docs) {
      const d = camel(raw);
      events.push({
        at: new Date(String(d.reviewTime ?? d.createTime)).getTime(),
        run: () => traceTransition(tx, table, d, 'review', String(d.reviewer ?? d.createUser)),
      });
    }
  }
  events.sort((a, b) => a.at - b.at);
  for (const e of events) await e.run();
}
