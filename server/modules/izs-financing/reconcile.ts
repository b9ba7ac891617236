/**
 * 业财对账 (issue 21): POST reconcile/run and GET reconcile/last (RECONCILE descriptors) on the current book, and the
 * nightly run of every book's current period (`reconcileJob`, the `reconcile` job registered by server/main.ts). Each run is kept
 * in izs_fin_recon_run; the screen and the finance wall screen's badge read the newest run of a book and period.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { reconVerdict } from '../../../core/accounting/index.ts';
import { RECONCILE, type ReconRun } from '../../../core/contract/izs-financing/reconcile.contract.ts';
import type { Db, Executor } from '../../db/client.ts';
import { accountSet, reconRun } from '../../db/schema/index.ts';
import { endpoints } from '../../platform/endpoint.ts';
import type { JobRun } from '../../platform/jobs.ts';
import { formatDateTime } from '../../platform/time.ts';
import { type Book, bookOf, loadBookChart, toBook } from './book.ts';
import { checkRange } from './ledger-data.ts';
import { gatherReconciliation } from './reconcile-data.ts';

type RunRow = typeof reconRun.$inferSelect;
type Stored = Pick<ReconRun, 'checks' | 'orphans' | 'bookName'>;

const answerOf = (r: RunRow, tz: string): ReconRun => {
  const stored = r.result as Stored;
  return {
    id: r.id,
    accountSetId: r.accountSetId,
    bookName: stored.bookName,
    period: r.period,
    runTime: formatDateTime(r.createTime, tz),
    trigger: r.trigger,
    clean: r.clean === 1,
    differences: r.differences,
    checks: stored.checks,
    orphans: stored.orphans,
  };
};

/** Runs the comparison of one book and period and keeps it. */
export async function runReconciliation(
  ex: Executor,
  book: Book,
  period: string,
  trigger: 'manual' | 'nightly',
  userId: string | null,
): Promise<RunRow> {
  const bc = await loadBookChart(ex, book);
  const { checks, orphans } = await gatherReconciliation(ex, book, bc, period);
  const verdict = reconVerdict(checks, orphans);
  const [row] = await ex
    .insert(reconRun)
    .values({
      tenantId: book.tenantId,
      accountSetId: book.id,
      period,
      trigger,
      clean: verdict.clean ? 1 : 0,
      differences: verdict.differences,
      result: { bookName: book.name, checks, orphans } satisfies Stored,
      createUser: userId,
    })
    .returning();
  return row;
}

/** The newest kept run of a book and period (or of the book's newest period when none is named). */
export async function lastRun(ex: Executor, bookId: string, period?: string): Promise<RunRow | undefined> {
  const [row] = await ex
    .select()
    .from(reconRun)
    .where(and(eq(reconRun.accountSetId, bookId), period ? eq(reconRun.period, period) : undefined))
    .orderBy(desc(reconRun.period), desc(reconRun.createTime), desc(reconRun.id))
    .limit(1);
  return row;
}

export { answerOf as reconAnswerOf };

export function registerReconcile(app: FastifyInstance, db: Db, tz: string): void {
  const ep = endpoints(app, db);
  ep.handle(RECONCILE.run, async ({ req, body }) => {
    const { book, user } = bookOf(req);
    checkRange(book, body.period, body.period);
    const row = await runReconciliation(db, book, body.period, 'manual', user.userId);
    return answerOf(row, tz);
  });
  ep.handle(RECONCILE.last, async ({ req, query }) => {
    const { book } = bookOf(req);
    checkRange(book, query.period, query.period);
    const row = await lastRun(db, book.id, query.period);
    return row ? answerOf(row, tz) : null;
  });
}

/** Every live book of every tenant, its current (first open) period: one run each. */
export async function reconcileAllBooks(db: Db, log: (msg: string) => void): Promise<number> {
  const books = await db.select().from(accountSet).where(eq(accountSet.isDeleted, 0));
  let n = 0;
  for (const b of books.map(toBook)) {
    try {
      const row = await runReconciliation(db, b, b.currentPeriod, 'nightly', null);
      n++;
      if (!row.clean) log(`业财对账 ${b.name} ${b.currentPeriod}: ${row.differences} 处差异`);
    } catch (e) {
      log(`业财对账失败 ${b.name}: ${(e as Error).message}`);
    }
  }
  // keep the last 30 runs of each book and period
  await db.execute(sql`delete from izs_fin_recon_run r where r.id in (
    select id from (select id, row_number() over (partition by account_set_id, period order by create_time desc, id desc) as k
                      from izs_fin_recon_run) x where x.k > 30)`);
  return n;
}

/**
 * The `reconcile` job of platform/jobs.ts (02:00 of `TZ`, before the PGlite vacuum, and once shortly after start so
 * that a fresh database has a result to show; main.ts registers it). Each book's differences are logged as found.
 */
export function reconcileJob(db: Db, log: (msg: string) => void): JobRun {
  return async () => `${await reconcileAllBooks(db, log)} 个账套 (books)`;
}
