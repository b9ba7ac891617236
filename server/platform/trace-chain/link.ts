/**
 * The unguessable token of an order's public trace link (issue 14): 128 random bits, base64url, one per chained
 * order of a tenant (`izs_chain_token`). The public page opens a record only by this token; the order number alone
 * (guessable: dates and a counter) answers nothing to an anonymous caller. The token is made when the order is
 * first chained (LocalHashChain.append, same transaction) and, for a record chained before tokens existed or by
 * another TraceChain, the first time a signed-in user asks for the link.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { tracePath } from '../../../core/trace/fields.ts';
import { type Executor, rows } from '../../db/client.ts';
import { chainToken } from '../../db/schema/index.ts';

export const newTraceToken = () => randomBytes(16).toString('base64url');

export interface TokenTarget {
  tenantId: string;
  orderType: string;
  orderNo: string;
}

/** The order's token, made if it has none (concurrent callers agree on one). */
export async function ensureTraceToken(ex: Executor, t: TokenTarget): Promise<string> {
  await ex
    .insert(chainToken)
    .values({ ...t, token: newTraceToken() })
    .onConflictDoNothing({ target: [chainToken.tenantId, chainToken.orderType, chainToken.orderNo] });
  const [r] = await ex
    .select({ token: chainToken.token })
    .from(chainToken)
    .where(
      and(
        eq(chainToken.tenantId, t.tenantId),
        eq(chainToken.orderType, t.orderType),
        eq(chainToken.orderNo, t.orderNo),
      ),
    );
  return r.token;
}

/** Tokens for every order of a batch of records (one statement). */
export async function ensureTraceTokens(ex: Executor, targets: TokenTarget[]): Promise<void> {
  const seen = new Map(
    targets.map((t) => [
      `${t.tenantId}|${t.orderType}|${t.orderNo}`,
      { tenantId: t.tenantId, orderType: t.orderType, orderNo: t.orderNo },
    ]),
  );
  if (!seen.size) return;
  await ex
    .insert(chainToken)
    .values([...seen.values()].map((t) => ({ ...t, token: newTraceToken() })))
    .onConflictDoNothing({ target: [chainToken.tenantId, chainToken.orderType, chainToken.orderNo] });
}

/** The order a token opens, or null. */
export async function targetOfToken(ex: Executor, token: string): Promise<TokenTarget | null> {
  const [r] = await ex
    .select({ tenantId: chainToken.tenantId, orderType: chainToken.orderType, orderNo: chainToken.orderNo })
    .from(chainToken)
    .where(eq(chainToken.token, token));
  return r ?? null;
}

/** The public trace path (with its token) of a chained order, made on first use. */
export async function traceLinkOf(ex: Executor, t: TokenTarget): Promise<string> {
  return tracePath(t.orderType, t.orderNo, await ensureTraceToken(ex, t));
}

/** True when the order has a chained record in its tenant. */
export async function isChained(ex: Executor, t: TokenTarget): Promise<boolean> {
  const r = await rows<{ one: number }>(
    ex,
    sql`select 1 as one from izs_chain_tx where tenant_id = ${t.tenantId} and order_type = ${t.orderType}
         and order_no = ${t.orderNo} limit 1`,
  );
  return r.length > 0;
}
