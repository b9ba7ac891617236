/**
 * A trading contract with its lines, execution (core/trade/execution.ts over the REVIEWED in-stock / out-stock
 * documents linked by contract_id), linked documents, steps and signatures; the party's open contracts.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { TRADING, type TradingContractFull } from '../../../core/contract/izs-contract/trading-contract.contract.ts';
import { execution } from '../../../core/trade/execution.ts';
import { openAmount } from '../../../core/trade/ledger.ts';
import { type Db, type Executor, rows } from '../../db/client.ts';
import type { AuthUser } from '../../platform/auth.ts';
import type { CrudContext, Resource } from '../../platform/crud/index.ts';
import { endpoints } from '../../platform/endpoint.ts';
import { badRequest } from '../../platform/r.ts';
import { formatDateTime } from '../../platform/time.ts';
import {
  contractDocuments,
  contractLines,
  contractMoney,
  contractRow,
  contractSignatures,
  materialNames,
} from './trading-detail-repository.ts';

/** numeric → fixed string without float: pg answers numerics as strings already */
const fx = (v: unknown, p: number) => {
  const s = String(v ?? '0');
  const [i, d = ''] = s.split('.');
  return p === 0 ? i : `${i}.${(d + '0'.repeat(p)).slice(0, p)}`;
};

/** A timestamp of a raw query: a Date (node-postgres) or the text PGlite answers ('2026-11-24 20:14:00.1+00'). */
export function asDate(v: unknown): Date {
  if (v instanceof Date) return v;
  return new Date(
    String(v)
      .replace(' ', 'T')
      .replace(/([+-]\d{2})$/, '$1:00'),
  );
}

/** The doc type a contract side executes with. */
export const docTypeOf = (side: string) => (side === 'sale' ? 'out_stock' : 'in_stock');

/** Linked stock documents not yet reviewed or voided, plus weighings still on their first pass. */
export async function openDocumentCount(ex: Executor, tenantId: string, contractId: string): Promise<number> {
  const [r] = await rows<{ n: number }>(
    ex,
    sql`select ((select count(*) from izs_stock_order d where d.tenant_id = ${tenantId} and d.contract_id = ${contractId}
                 and d.is_deleted = 0 and d.state in ('draft', 'submitted'))
              + (select count(*) from izs_weighing_order w where w.tenant_id = ${tenantId} and w.contract_id = ${contractId}
                 and w.is_deleted = 0 and w.weigh_state = 'first'))::int as n`,
  );
  return Number(r?.n ?? 0);
}

/** Σ of the reviewed document lines of the contract per material (kg, 价税合计 — the stored gross, issue 21). */
export async function executedOf(ex: Executor, tenantId: string, contractId: string, side: string) {
  return rows<{ materialId: string; qtyKg: string; amount: string }>(
    ex,
    sql`select l.material_id::text as "materialId", sum(l.qty)::text as "qtyKg", sum(l.gross_amount)::text as amount
          from izs_stock_order d join izs_stock_order_line l on l.order_id = d.id
         where d.tenant_id = ${tenantId} and d.contract_id = ${contractId} and d.is_deleted = 0
           and d.state = 'reviewed' and d.doc_type = ${docTypeOf(side)}
         group by l.material_id`,
  );
}

export async function loadFull(ex: Executor, tz: string, tenantId: string, id: string): Promise<TradingContractFull> {
  const c = await contractRow(ex, tenantId, id);
  if (!c) throw badRequest('合同不存在');
  const lines = await contractLines(ex, id);
  const names = new Map(lines.map((l) => [String(l.material_id), String(l.material_name ?? '')]));
  const side = String(c.side) as 'purchase' | 'sale';
  const done = await executedOf(ex, tenantId, id, side);
  const extra = done.filter((d) => !names.has(d.materialId)).map((d) => d.materialId);
  if (extra.length) {
    const more = await materialNames(ex, extra);
    for (const m of more) names.set(m.id, m.name);
  }
  const exe = execution(
    lines.map((l) => ({ materialId: String(l.material_id), qty: String(l.qty) })),
    done,
    String(c.tolerance_pct),
    (m) => names.get(m) ?? m,
  );
  const money = await contractMoney(ex, tenantId, id, docTypeOf(side));
  const docs = await contractDocuments(ex, tenantId, id);
  const sigs = await contractSignatures(ex, tenantId, id);
  const time = (v: unknown) => (v ? formatDateTime(asDate(v), tz) : '');
  return {
    ...headOf(c, side),
    steps: stepsOf(c, time),
    lines: lines.map(lineOf),
    execution: {
      ...exe,
      lines: exe.lines.map((l) => ({ ...l, materialName: names.get(l.materialId) ?? '' })),
      invoicedAmount: fx(money?.invoiced, 2),
      paidAmount: fx(money?.paid, 2),
      openAmount: openAmount(exe.executedAmount, money?.paid ?? '0'),
    },
    documents: docs.map((d) => ({
      id: String(d.id),
      orderNo: String(d.order_no),
      docType: String(d.doc_type),
      orderDate: String(d.order_date),
      state: String(d.state),
      totalQty: fx(d.total_qty, 3),
      totalAmount: fx(d.total_amount, 2),
      sourceWeighingNo: d.weighing_no,
    })),
    openDocuments: await openDocumentCount(ex, tenantId, id),
    signatures: sigs.map((s) => ({
      id: String(s.id),
      provider: String(s.provider),
      signerName: String(s.signer_name),
      signedAt: time(s.signed_at),
      docHash: String(s.doc_hash),
    })),
  };
}

type ContractRow = NonNullable<Awaited<ReturnType<typeof contractRow>>>;

/** The contract's own fields as answered. */
function headOf(c: ContractRow, side: 'purchase' | 'sale') {
  return {
    id: String(c.id),
    contractNo: String(c.contract_no),
    title: String(c.title),
    side,
    partyId: String(c.party_id),
    partyName: String(c.party_name ?? ''),
    signDate: String(c.sign_date),
    deliveryStart: String(c.delivery_start),
    deliveryEnd: String(c.delivery_end),
    deliveryPlace: String(c.delivery_place),
    tolerancePct: String(Number(c.tolerance_pct)),
    toleranceOption: String(c.tolerance_option),
    weightBasis: String(c.weight_basis),
    prepaymentPct: String(Number(c.prepayment_pct)),
    balanceDays: Number(c.balance_days),
    deductions: String(c.deductions),
    attachments: String(c.attachments),
    totalQty: fx(c.total_qty, 3),
    totalAmount: fx(c.total_amount, 2),
    state: String(c.state) as TradingContractFull['state'],
    remark: String(c.remark),
  };
}

/** 创建, 提交审核, 审核通过 / 驳回, 完成, 终止 — those that happened, with who and when. */
function stepsOf(c: ContractRow, time: (v: unknown) => string) {
  return [
    { step: '创建', userName: String(c.create_name ?? ''), time: time(c.create_time), note: '' },
    ...(c.submit_time
      ? [{ step: '提交审核', userName: String(c.submit_name ?? ''), time: time(c.submit_time), note: '' }]
      : []),
    ...(c.approve_time
      ? [
          {
            step: c.state === 'draft' ? '驳回' : '审核通过',
            userName: String(c.approve_name ?? ''),
            time: time(c.approve_time),
            note: String(c.approve_remark ?? ''),
          },
        ]
      : []),
    ...(c.complete_time
      ? [{ step: '完成', userName: String(c.complete_name ?? ''), time: time(c.complete_time), note: '' }]
      : []),
    ...(c.terminate_time
      ? [
          {
            step: '终止',
            userName: String(c.terminate_name ?? ''),
            time: time(c.terminate_time),
            note: String(c.terminate_reason ?? ''),
          },
        ]
      : []),
  ];
}

function lineOf(l: Awaited<ReturnType<typeof contractLines>>[number]) {
  return {
    id: String(l.id),
    lineNo: Number(l.line_no),
    materialId: String(l.material_id),
    materialName: String(l.material_name ?? ''),
    qty: fx(l.qty, 3),
    priceType: String(l.price_type) === 'pricing' ? ('pricing' as const) : ('fixed' as const),
    refName: String(l.ref_name),
    refDate: String(l.ref_date),
    refPrice: l.ref_price === null ? null : fx(l.ref_price, 2),
    premium: l.premium === null ? null : fx(l.premium, 2),
    unitPrice: fx(l.unit_price, 2),
    amount: fx(l.amount, 2),
    remark: String(l.remark),
  };
}

/** The full contract after the caller's scope check (resource load). */
export async function fullFor(
  db: Db,
  res: Resource,
  ctx: CrudContext,
  req: Parameters<Resource['load']>[1],
  user: AuthUser,
  id: string,
) {
  await res.load(db, req, user, id);
  return loadFull(db, ctx.tz, user.tenantId, id);
}

export function registerTradingDetail(app: FastifyInstance, ctx: CrudContext, res: Resource): void {
  const { db } = ctx;
  const r = endpoints(app, db);
  r.handle(TRADING.full, ({ query, user, req }) => fullFor(db, res, ctx, req, user, query.id));
  r.handle(TRADING.open, async ({ query, user }) => {
    const list = await rows<{ id: string; contract_no: string; title: string; total_qty: string }>(
      db,
      sql`select id::text as id, contract_no, title, total_qty::text as total_qty from izs_trading_contract
           where tenant_id = ${user.tenantId} and is_deleted = 0 and state = 'executing'
             and party_id = ${query.partyId} and side = ${query.side}
           order by sign_date desc, id desc limit 50`,
    );
    const out = [];
    for (const c of list) {
      const full = await loadFull(db, ctx.tz, user.tenantId, c.id);
      out.push({
        id: c.id,
        contractNo: c.contract_no,
        title: c.title,
        remainingQty: full.execution.remainingQty,
        materialIds: full.lines.map((l) => l.materialId),
      });
    }
    return out;
  });
}
