/**
 * 业财对账 (issue 21): the comparison of the current book's ledger with the business records (core/accounting
 * reconcile.ts), run on demand and nightly, the last run kept per book and period.
 *
 *   POST reconcile/run    { period } → ReconRun (runs now, keeps it, answers it)
 *   GET  reconcile/last   period → ReconRun | null (the last kept run of the book and period)
 * Both on the book of Current-Account-Set-Id; permission finance_reconcile (view; _add runs).
 */
import { z } from 'zod';
import type { ReconCheck, ReconOrphan } from '../../accounting/reconcile.ts';
import { endpoint } from '../endpoint.ts';
import { money } from '../fields.ts';
import { FIN, period } from './fields.ts';

export const RECON_PATHS = {
  run: `${FIN}/reconcile/run`,
  last: `${FIN}/reconcile/last`,
} as const;

export const RECON_PERMISSION = 'finance_reconcile';
/** The screen's route (menu 账簿与报表 → 业财对账). */
export const RECON_ROUTE = '/finance/reconcile';

const causeSchema = z.object({
  kind: z.enum(['document', 'voucher', 'opening', 'unexplained']),
  id: z.string(),
  no: z.string(),
  label: z.string(),
  date: z.string(),
  effect: money,
  text: z.string(),
});

export const reconCheckSchema = z.object({
  key: z.enum(['ar', 'ap', 'stock', 'vatOut', 'vatIn']),
  title: z.string(),
  ledger: z.string(),
  business: z.string(),
  gl: money,
  sub: money,
  difference: money,
  rows: z.array(
    z.object({
      key: z.string(),
      name: z.string(),
      gl: money,
      sub: money,
      difference: money,
      causes: z.array(causeSchema),
      unexplained: money,
    }),
  ),
}) satisfies z.ZodType<ReconCheck>;

export const reconOrphanSchema = z.object({
  kind: z.enum(['document', 'voucher']),
  id: z.string(),
  no: z.string(),
  label: z.string(),
  date: z.string(),
  amount: money,
  text: z.string(),
}) satisfies z.ZodType<ReconOrphan>;

export const reconRunSchema = z.object({
  id: z.string(),
  accountSetId: z.string(),
  bookName: z.string(),
  period: z.string(),
  /** yyyy-MM-dd HH:mm:ss in the server's zone */
  runTime: z.string(),
  /** manual | nightly */
  trigger: z.string(),
  clean: z.boolean(),
  /** rows with a difference + records without counterpart */
  differences: z.number().int(),
  checks: z.array(reconCheckSchema),
  /** business records without voucher, vouchers without business record */
  orphans: z.array(reconOrphanSchema),
});
export type ReconRun = z.infer<typeof reconRunSchema>;

const READS = ['Fin', 'FinStock'] as const;

export const RECONCILE = {
  run: endpoint({
    method: 'POST',
    path: RECON_PATHS.run,
    summary: '业财对账（立即对账）',
    body: z.object({ period: period() }),
    answer: reconRunSchema,
    permission: { code: RECON_PERMISSION, action: 'view' },
    invalidates: ['FinRecon'],
  }),
  last: endpoint({
    method: 'GET',
    path: RECON_PATHS.last,
    summary: '业财对账（最近一次结果）',
    query: z.object({ period: period() }),
    answer: reconRunSchema.nullable(),
    permission: { code: RECON_PERMISSION, action: 'view' },
    provides: [...READS, 'FinRecon'],
  }),
};
