/**
 * Sign-in lockout (spec §7.1 登录失败次数过多，请15分钟后再试), counted in `blade_login_attempt` so every process on one
 * PostgreSQL shares it:
 *  - per account **and client address**: MAX_FAILURES failures of one account from one address within
 *    LOCK_WINDOW_MINUTES lock that address out of that account; the owner signing in from elsewhere is not affected.
 *    A success from the same address, or 解锁 (user admin, a success row with ip `unlock`), ends the streak.
 *  - atomic: an attempt is claimed before the password is checked, in one short transaction that holds the user's
 *    row lock (SELECT … FOR UPDATE), counts the streak and records the try as a failure; a right password turns
 *    that row into a success. So N concurrent wrong passwords let at most MAX_FAILURES reach the password check.
 *  - only real accounts are counted: an unknown account name writes nothing (the per-address throttle of
 *    blade-auth still counts it), so nobody fills the table with made-up names, and a user created later under a
 *    tried name starts clean.
 */
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db, Executor } from '../db/client.ts';
import { loginAttempt, user } from '../db/schema/index.ts';
import { qualified } from './crud/read-only.ts';

export const LOCK_WINDOW_MINUTES = 15;
export const MAX_FAILURES = 5;
/** The ip column of the success row 解锁 writes: it ends every address's streak of the account. */
export const UNLOCK_IP = 'unlock';

const windowStart = sql`now() - interval '${sql.raw(String(LOCK_WINDOW_MINUTES))} minutes'`;

/** Failures of (tenant, account, ip) in the window after the last success from that address or the last unlock. */
async function streak(ex: Executor, tenantId: string, account: string, ip: string): Promise<number> {
  const r = await ex
    .select({ n: sql<number>`count(*)::int` })
    .from(loginAttempt)
    .where(
      and(
        eq(loginAttempt.tenantId, tenantId),
        eq(loginAttempt.account, account),
        eq(loginAttempt.ip, ip),
        eq(loginAttempt.success, false),
        gt(loginAttempt.createTime, windowStart),
        sql`${loginAttempt.createTime} > coalesce((select max(s.create_time) from blade_login_attempt s
              where s.tenant_id = ${tenantId} and s.account = ${account} and s.success
                and (s.ip = ${ip} or s.ip = ${UNLOCK_IP})), '-infinity'::timestamptz)`,
      ),
    );
  return r[0]?.n ?? 0;
}

/**
 * Claims one sign-in attempt of a real user from `ip`: null when that address is locked out of the account, else
 * the id of the attempt row (recorded as a failure until `attemptSucceeded`).
 */
export async function claimAttempt(
  db: Db,
  a: { tenantId: string; userId: string; account: string; ip: string },
): Promise<string | null> {
  return db.transaction(async (tx) => {
    await tx.select({ id: user.id }).from(user).where(eq(user.id, a.userId)).for('update');
    if ((await streak(tx, a.tenantId, a.account, a.ip)) >= MAX_FAILURES) return null;
    const [row] = await tx
      .insert(loginAttempt)
      .values({ tenantId: a.tenantId, account: a.account, ip: a.ip, success: false })
      .returning({ id: loginAttempt.id });
    return row.id;
  });
}

/** The claimed attempt had the right password: it becomes the success that ends the address's streak. */
export async function attemptSucceeded(ex: Executor, attemptId: string): Promise<void> {
  await ex.update(loginAttempt).set({ success: true, createTime: sql`now()` }).where(eq(loginAttempt.id, attemptId));
}

/** Accounts (of `accounts`) locked out from at least one address (the 锁定 column of user admin). */
export async function lockedAccounts(db: Db, tenantId: string, accounts: string[]): Promise<Set<string>> {
  if (!accounts.length) return new Set();
  const rows = await db
    .select({ account: loginAttempt.account, ip: loginAttempt.ip, n: sql<number>`count(*)::int` })
    .from(loginAttempt)
    .where(
      and(
        eq(loginAttempt.tenantId, tenantId),
        inArray(loginAttempt.account, accounts),
        eq(loginAttempt.success, false),
        gt(loginAttempt.createTime, windowStart),
        sql`${loginAttempt.createTime} > coalesce((select max(s.create_time) from blade_login_attempt s
              where s.tenant_id = ${tenantId} and s.account = ${qualified(loginAttempt.account)} and s.success
                and (s.ip = ${qualified(loginAttempt.ip)} or s.ip = ${UNLOCK_IP})), '-infinity'::timestamptz)`,
      ),
    )
    .groupBy(loginAttempt.account, loginAttempt.ip);
  return new Set(rows.filter((r) => r.n >= MAX_FAILURES).map((r) => r.account));
}
