/**
 * Document life cycle (DESIGN §5 Documents): draft → submitted → reviewed → voided, for every table with the
 * lifecycle columns (stock documents, purchase/sale orders, drop shipments).
 *
 * Descriptors: core/contract/izs-stock/lifecycle.contract.ts (one per path, generated from LIFECYCLE_RESOURCES).
 *   POST <path>/submit-review { id }          draft → submitted            button <perm>_add or <perm>_edit
 *   POST <path>/review { id, remark? }        submitted → reviewed         button <perm>_review
 *   POST <path>/void { id, reason }           draft|submitted|reviewed → voided   button <perm>_void
 *
 * One transaction per transition: the document row is locked (FOR UPDATE) and its state re-checked inside it,
 * so two reviews of one document cannot both apply; `onReview` / `onVoid` add the effects (stock movements) in
 * the same transaction. The data scope is checked before the transaction (it reads through `db`, which on PGlite
 * must not run inside an open transaction). A review or a void is chained (trace chain) in the same transaction.
 */
import { and, eq } from 'drizzle-orm';
import type { AnyPgColumn, AnyPgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DocState } from '../../../core/contract/izs-stock/fields.ts';
import {
  codesFor,
  lifecycleAnswer,
  lifecycleEndpoints,
  type Transition,
} from '../../../core/contract/izs-stock/lifecycle.contract.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { hasAnyCode, type Resource, type Row } from '../../platform/crud/index.ts';
import { endpoints } from '../../platform/endpoint.ts';
import { writeOperationLog } from '../../platform/logs.ts';
import { badRequest, forbidden } from '../../platform/r.ts';
import { tenantOf } from '../../platform/scope.ts';
import { traceTransition } from '../../platform/trace-chain/facts.ts';

export type { Transition };

const FROM: Record<Transition, DocState[]> = {
  submitReview: ['draft'],
  review: ['submitted'],
  void: ['draft', 'submitted', 'reviewed'],
};
const TO: Record<Transition, DocState> = { submitReview: 'submitted', review: 'reviewed', void: 'voided' };
const VERB: Record<Transition, string> = { submitReview: '提交', review: '审核', void: '作废' };
const STATE_TEXT: Record<string, string> = {
  draft: '是草稿',
  submitted: '已提交',
  reviewed: '已审核',
  voided: '已作废',
};

export interface EffectContext {
  user: AuthUser;
  req: FastifyRequest;
}

export interface LifecycleSpec {
  title: string;
  permission: string;
  table: AnyPgTable;
  /** Inside the transaction, document row locked; answers extra column values for the document. */
  onReview?: (tx: Tx, row: Row, c: EffectContext) => Promise<Row | undefined>;
  /** Inside the transaction; `row.state` is the state before the void. */
  onVoid?: (tx: Tx, row: Row, c: EffectContext) => Promise<Row | undefined>;
  /** Rows of another kind sharing the table answer `<title>不存在` (kind-guard.ts). */
  matches?: (row: Row) => boolean;
}

type Cols = Record<string, AnyPgColumn> & { tenantId: AnyPgColumn; isDeleted: AnyPgColumn };

/**
 * Listeners on reviews and voids of every document with this life cycle, run inside the transition's transaction
 * after its own effects (the receivables module writes or reverses a 应收单 / 应付单 here). Registered at start by
 * the modules that listen; this module imports none of them.
 */
export type TransitionListener = (
  tx: Tx,
  t: 'review' | 'void',
  table: AnyPgTable,
  row: Row,
  c: EffectContext,
) => Promise<void>;
const listeners: TransitionListener[] = [];
export function onDocTransition(l: TransitionListener): void {
  if (!listeners.includes(l)) listeners.push(l);
}

/** Why a transition is not allowed from `state` (Chinese, for the 400 answer). */
export function refusal(title: string, state: string, t: Transition): string {
  if (t === 'review' && state === 'draft') return `${title}是草稿，请先提交再审核`;
  return `${title}${STATE_TEXT[state] ?? state}，不能${VERB[t]}`;
}

/**
 * One transition inside an open transaction (the caller checked permission and scope). Answers the updated row.
 */
export async function transitionTx(
  tx: Tx,
  spec: LifecycleSpec,
  c: EffectContext,
  id: string,
  t: Transition,
  text = '',
): Promise<Row> {
  const cols = spec.table as unknown as Cols;
  const [row] = (await tx
    .select()
    .from(spec.table)
    .where(and(eq(cols.id, id), tenantOf(c.user, cols)))
    .for('update')) as Row[];
  if (!row) throw badRequest(`${spec.title}不存在`);
  const state = String(row.state);
  if (!FROM[t].includes(state as DocState)) throw badRequest(refusal(spec.title, state, t));
  const now = new Date();
  const set: Row = { state: TO[t], updateUser: c.user.userId, updateTime: now };
  if (t === 'submitReview') Object.assign(set, { submitUser: c.user.userId, submitTime: now });
  if (t === 'review') {
    Object.assign(set, { reviewer: c.user.userId, reviewTime: now, reviewRemark: text });
    Object.assign(set, (await spec.onReview?.(tx, row, c)) ?? {});
  }
  if (t === 'void') {
    Object.assign(set, { voidUser: c.user.userId, voidTime: now, voidReason: text });
    Object.assign(set, (await spec.onVoid?.(tx, row, c)) ?? {});
  }
  const [updated] = (await tx
    .update(spec.table)
    .set(set as never)
    .where(eq(cols.id, id))
    .returning()) as Row[];
  if (t !== 'submitReview') for (const l of listeners) await l(tx, t, spec.table, { ...row, state }, c);
  await traceTransition(tx, spec.table, updated, t, c.user.userId); // review / void → trace chain (issue 14)
  await writeOperationLog(tx, c.req, `${VERB[t]}${spec.title}`, {
    state: [state, TO[t]],
    orderNo: [row.orderNo ?? null, row.orderNo ?? null],
    ...(text ? { [t === 'void' ? 'voidReason' : 'reviewRemark']: [null, text] } : {}),
  });
  return updated;
}

/** Button codes each transition needs (the descriptors' `anyOf`; lifecycle.contract.ts). */
export { codesFor };

export async function requireTransition(db: Db, user: AuthUser, permission: string, t: Transition) {
  if (!(await hasAnyCode(db, user, codesFor(permission, t)))) throw forbidden('没有权限');
}

/**
 * Registers the three life-cycle descriptors of `res.def.path` (lifecycle.contract.ts lifecycleEndpoints: the
 * descriptor checks the button, any of codesFor, and parses the body).
 */
export function registerLifecycle(app: FastifyInstance, db: Db, res: Resource, spec: LifecycleSpec): void {
  const E = lifecycleEndpoints({ path: res.def.path, title: spec.title, permission: spec.permission });
  const r = endpoints(app, db);
  const run = async (t: Transition, user: AuthUser, req: FastifyRequest, id: string, text: string) => {
    const found = await res.load(db, req, user, id); // tenant + data scope, before the transaction
    if (spec.matches && !spec.matches(found)) throw badRequest(`${spec.title}不存在`);
    await db.transaction((tx) => transitionTx(tx, spec, { user, req }, id, t, text));
    return lifecycleAnswer.parse(res.entity(await res.load(db, req, user, id), user));
  };
  r.handle(E.submitReview, ({ body, user, req }) => run('submitReview', user, req, body.id, body.remark ?? ''));
  r.handle(E.review, ({ body, user, req }) => run('review', user, req, body.id, body.remark ?? ''));
  r.handle(E.void, ({ body, user, req }) => run('void', user, req, body.id, body.reason));
}
