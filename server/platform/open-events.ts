/**
 * The webhook outbox of the open platform (issue 14): an event is queued for every enabled app of the tenant that
 * subscribed to it, in the caller's transaction (so a rolled-back review sends nothing). The server's worker
 * (modules/izs-toolbox/open/webhooks.ts) delivers the rows, signed, retried with backoff.
 */
import { sql } from 'drizzle-orm';
import { type Executor, rows } from '../db/client.ts';
import { openWebhook } from '../db/schema/index.ts';

export async function enqueueOpenEvent(ex: Executor, tenantId: string, event: string, data: unknown): Promise<void> {
  const apps = await rows<{ id: string }>(
    ex,
    sql`select id from izs_open_app
         where tenant_id = ${tenantId} and is_deleted = 0 and enabled = 1 and webhook_url <> ''
           and (',' || webhook_events || ',') like ${`%,${event},%`}`,
  );
  if (!apps.length) return;
  const payload = JSON.stringify({ type: event, timestamp: new Date().toISOString(), data });
  await ex
    .insert(openWebhook)
    .values(apps.map((a) => ({ tenantId, appId: String(a.id), event, payload, state: 'pending' })));
}
