/**
 * The webhook worker (issue 14): the server delivers the outbox izs_open_webhook (queued in the business
 * transaction by platform/open-events.ts). A batch of due rows is claimed with one UPDATE … FOR UPDATE SKIP LOCKED
 * that pushes next_attempt_at out by a lease, so several processes never send one delivery twice at once; each is
 * POSTed signed the Standard Webhooks way (webhook-id = the delivery id, webhook-timestamp, webhook-signature
 * `v1,<base64 HMAC-SHA256>` with the app's `whsec_` secret); a 2xx answer is delivered, anything else is retried
 * after base × 3^(attempt−1) (10 s, 30 s, 90 s, 4.5 min, 13.5 min by default) and given up after MAX_ATTEMPTS.
 * Every attempt's status, error kind and latency stay on the row (never the answer's body); 重新推送 queues it again.
 * The target is checked again at each attempt and the connection pinned to the checked address (webhook-target.ts).
 */
import { eq, sql } from 'drizzle-orm';
import { type Db, rows } from '../../../db/client.ts';
import { openApp, openWebhook } from '../../../db/schema/index.ts';
import type { JobRun } from '../../../platform/jobs.ts';
import { type SecretBox, webhookSignature } from './crypto.ts';
import { deliveryError, postWebhook, type Resolve } from './webhook-target.ts';

export const MAX_ATTEMPTS = 6;
const LEASE_S = 120;
const TIMEOUT_MS = 10_000;

export const retryDelayMs = (attempt: number, baseMs: number) => baseMs * 3 ** Math.max(0, attempt - 1);

interface Claimed {
  id: string;
  app_id: string;
  payload: string;
  attempts: number;
}

/** Delivers what is due now; answers how many were attempted. */
/** Who may be called (WEBHOOK_ALLOW_HOSTS) and how names resolve (tests give their own resolver). */
export interface TargetOpts {
  allow?: Set<string>;
  resolve?: Resolve;
}

export async function deliverDue(db: Db, box: SecretBox, baseMs: number, opts: TargetOpts = {}): Promise<number> {
  const due = await rows<Claimed>(
    db,
    sql`update izs_open_webhook set attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => ${LEASE_S})
         where id in (select id from izs_open_webhook where state = 'pending' and next_attempt_at <= now()
                       order by next_attempt_at, id limit 10 for update skip locked)
     returning id, app_id, payload, attempts`,
  );
  for (const d of due) await deliverOne(db, box, d, baseMs, opts);
  return due.length;
}

async function deliverOne(db: Db, box: SecretBox, d: Claimed, baseMs: number, opts: TargetOpts): Promise<void> {
  const id = String(d.id);
  const [app] = await db
    .select({ url: openApp.webhookUrl, secret: openApp.webhookSecretEnc, enabled: openApp.enabled })
    .from(openApp)
    .where(eq(openApp.id, String(d.app_id)));
  const started = Date.now();
  let status: number | null = null;
  let error = '';
  if (!app?.url || !app.secret) error = '应用不存在或未设置回调地址';
  else {
    const ts = Math.floor(Date.now() / 1000);
    try {
      const res = await postWebhook(
        app.url,
        {
          'content-type': 'application/json',
          'webhook-id': id,
          'webhook-timestamp': String(ts),
          'webhook-signature': webhookSignature(box.open(app.secret), id, ts, d.payload),
          'user-agent': 'Loopyard-Webhook/1',
        },
        d.payload,
        { timeoutMs: TIMEOUT_MS, allow: opts.allow, resolve: opts.resolve },
      );
      status = res.status;
      if (status < 200 || status > 299) error = `HTTP ${status}`;
    } catch (e) {
      error = deliveryError(e);
    }
  }
  const latency = Date.now() - started;
  const ok = !error;
  const gaveUp = !ok && d.attempts >= MAX_ATTEMPTS;
  await db
    .update(openWebhook)
    .set({
      state: ok ? 'delivered' : gaveUp ? 'failed' : 'pending',
      lastStatus: status,
      lastError: error.slice(0, 500),
      lastLatencyMs: latency,
      deliveredAt: ok ? new Date() : null,
      nextAttemptAt: new Date(Date.now() + (ok || gaveUp ? 0 : retryDelayMs(d.attempts, baseMs))),
    })
    .where(eq(openWebhook.id, id));
}

/**
 * One poll of the outbox (the `webhook-delivery` job of platform/jobs.ts, every WEBHOOK_POLL_MS): delivers what is due,
 * batch after batch, until nothing is due or the app closes. Answers how many were attempted, for the log.
 */
export function webhookDeliveryJob(db: Db, box: SecretBox, opts: { baseMs: number } & TargetOpts): JobRun {
  return async ({ signal }) => {
    let n = 0;
    for (let k = 1; k > 0 && !signal.aborted; n += k) k = await deliverDue(db, box, opts.baseMs, opts);
    return n ? `${n} 次投递 (deliveries attempted)` : undefined;
  };
}
