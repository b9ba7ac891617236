/**
 * The webhook outbox of the open platform (issue 14): an event is queued for every enabled app of the tenant that
 * subscribed to it, in the caller's transaction (so a rolled-back review sends nothing). The server's worker
 * (modules/izs-toolbox/open/webhooks.ts) delivers the rows, signed, retried with backoff.
 */
import { sql } from 'drizzle-orm';
import { type Executor, rows } from '../db/client.ts';
import { openWebhook } from '../db/schema/index.ts';
import { traceLinkOf } from './trace-chain/link.ts';

/**
 * An event about a chained order (`data.orderType` + `data.orderNo`) carries the public trace path with the
 * record's unguessable token, whatever path the caller put there (the number alone opens nothing publicly).
 */
async function withTraceLink(ex: Executor, tenantId: string, data: unknown): Promise<unknown> {
  if (!data || typeof data !== 'object' || !('tracePath' in data)) return data;
  const d = data as { orderType?: unknown; orderNo?: unknown; tracePath?: unknown };
  if (typeof d.orderType !== 'string' || typeof d.orderNo !== 'string' || !d.orderType || !d.orderNo) return data;
  return { ...d, tracePath: await traceLinkOf(ex, { tenantId, orderType: d.orderType, orderNo: d.orderNo }) };
}

export async function enqueueOpenEvent(ex: Executor, tenantId: string, event: string, data: unknown): Promise<void> {
  const apps = await rows<{ id: string }>(
    ex,
    sql`select id from izs_open_app
         where tenant_id = ${tenantId} and is_deleted = 0 and enabled = 1 and webhook_url <> ''
           and (',' || webhook_events || ',') like ${`%,${event},%`}`,
  );
  if (!apps.length) return;
  const payload = JSON.stringify({
    type: event,
    timestamp: new Date().toISOString(),
    data: await withTraceLink(ex, tenantId, data),
  });
  await ex
    .insert(openWebhook)
    .values(apps.map((a) => ({ tenantId, appId: String(a.id), event, payload, state: 'pending' })));
}
