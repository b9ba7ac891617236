/**
 * 采购台账 / 销售台账 (LEDGER in core/contract/izs-contract/ledger.contract.ts): per party × material for a period —
 * contracted (trading contracts of the side, not draft/pending, signed by the period's end and delivering within
 * it), delivered (reviewed in/out-stock documents of the period, returns netted), open on executing contracts.
 * Scoped like the stock documents (data scope of the ledger's menu on the document / contract department).
 */
import Decimal from 'decimal.js';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  LEDGER,
  LEDGER_PERMISSION,
  type LedgerRow,
  purchaseLedgerDef,
  sellLedgerDef,
} from '../../../core/contract/izs-contract/ledger.contract.ts';
import { LEDGER_FILES } from '../../../core/contract/izs-contract/ledger-export.contract.ts';
import { decimalFixed, moneyFixed, priceFixed, weightFixed } from '../../../core/format/amounts.ts';
import { openAmount, spreadOverLines } from '../../../core/trade/ledger.ts';
import type { Db } from '../../db/client.ts';
import { stockOrder, tradingContract } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { exportWorkbook } from '../../platform/crud/excel.ts';
import type { CrudContext } from '../../platform/crud/index.ts';
import { checkPermission, endpoints } from '../../platform/endpoint.ts';
import { scopeOf } from '../../platform/scope.ts';
import {
  deliveredSums,
  ledgerContracts,
  linesOfContracts,
  namesOf,
  type LedgerQuery as Q,
  reviewedDocLines,
} from './ledger-repository.ts';
import { executedOf } from './trading-detail.ts';

const IN = { purchase: ['in_stock', 'purchase_return'], sale: ['out_stock', 'sale_return'] } as const;

interface DocLine {
  docId: string;
  orderNo: string;
  docType: string;
  orderDate: string;
  contractNo: string | null;
  weighingNo: string | null;
  partyId: string;
  materialId: string;
  /** signed: returns negative */
  kg: Decimal;
  amount: Decimal;
  price: Decimal;
  /** the document's invoiced / paid share of this material (core/trade/ledger.ts) */
  invoiced: Decimal;
  paid: Decimal;
}

/**
 * Reviewed documents of the side and period, one row per document × material: net kg and amount (returns
 * negative), the invoices linked to the document (izs_ar_invoice_link of live invoices) and what is settled on its
 * 应收单 / 应付单 (izs_ar_doc.settled of the reviewed documents it wrote), each spread over its material lines.
 */
async function docLines(db: Db, docScope: SQL, q: Q, party: SQL): Promise<DocLine[]> {
  const [ret] = IN[q.side].slice(1);
  return spreadDocs(await reviewedDocLines(db, docScope, q, IN[q.side][0], ret, party), ret);
}

/** Rows of document × material (reviewedDocLines' columns) with their documents' invoiced and settled spread. */
function spreadDocs(found: Record<string, string | null>[], ret: string): DocLine[] {
  const byDoc = new Map<string, Record<string, string | null>[]>();
  for (const f of found) byDoc.set(String(f.doc_id), [...(byDoc.get(String(f.doc_id)) ?? []), f]);
  const out: DocLine[] = [];
  for (const group of byDoc.values()) {
    const parts = group.map((g) => ({ amount: String(g.amount ?? '0'), qty: String(g.kg ?? '0') }));
    const inv = spreadOverLines(String(group[0].invoiced ?? '0'), parts);
    const paid = spreadOverLines(String(group[0].paid ?? '0'), parts);
    group.forEach((g, i) => {
      const sign = g.doc_type === ret ? -1 : 1;
      out.push({
        docId: String(g.doc_id),
        orderNo: String(g.order_no),
        docType: String(g.doc_type),
        orderDate: String(g.order_date),
        contractNo: g.contract_no ?? null,
        weighingNo: g.weighing_no ?? null,
        partyId: String(g.party_id),
        materialId: String(g.material_id),
        kg: new Decimal(g.kg ?? 0).times(sign),
        amount: new Decimal(g.amount ?? 0).times(sign),
        price: new Decimal(g.price ?? 0),
        invoiced: new Decimal(inv[i]),
        paid: new Decimal(paid[i]),
      });
    });
  }
  return out;
}

type LedgerTotals = Pick<
  LedgerRow,
  | 'contractedQty'
  | 'contractedAmount'
  | 'deliveredKg'
  | 'deliveredAmount'
  | 'openQty'
  | 'invoicedAmount'
  | 'paidAmount'
  | 'openAmount'
>;

/** One party × material's running sums. */
type Acc = {
  cons: Set<string>;
  cq: Decimal;
  ca: Decimal;
  kg: Decimal;
  amt: Decimal;
  open: Decimal;
  inv: Decimal;
  paid: Decimal;
  /** documents delivering it */
  docs: number;
};

async function ledger(db: Db, user: AuthUser, q: Q): Promise<{ rows: LedgerRow[]; totals: LedgerTotals }> {
  const code = LEDGER_PERMISSION[q.side];
  const docScope = await scopeOf(db, user, stockOrder, code);
  const conScope = await scopeOf(db, user, tradingContract, code);
  const party = (col: SQL) => (q.partyId ? sql` and ${col} = ${q.partyId}` : sql``);
  const [ret] = IN[q.side].slice(1);
  const delivered = await deliveredSums(db, docScope, q, IN[q.side][0], ret, party(sql`d.party_id`));
  const contracts = await ledgerContracts(db, conScope, q, party(sql`c.party_id`));
  const lines = contracts.length ? await linesOfContracts(db, contracts) : [];
  const acc = new Map<string, Acc>();
  const get = accOf(acc);
  const byId = new Map(contracts.map((c) => [c.id, c]));
  for (const l of lines) {
    const c = byId.get(l.contract_id);
    if (!c) continue;
    const a = get(c.party_id, l.material_id);
    a.cons.add(c.id);
    a.cq = a.cq.plus(l.qty);
    a.ca = a.ca.plus(l.amount);
  }
  for (const c of contracts.filter((x) => x.state === 'executing')) {
    const done = new Map(
      (await executedOf(db, user.tenantId, c.id, q.side)).map((d) => [d.materialId, new Decimal(d.qtyKg).div(1000)]),
    );
    for (const l of lines.filter((x) => x.contract_id === c.id)) {
      const a = get(c.party_id, l.material_id);
      a.open = a.open.plus(Decimal.max(new Decimal(l.qty).minus(done.get(l.material_id) ?? 0), 0));
    }
  }
  // documents of one material come summed per party × material; those of several are spread here, a row each
  const sums = delivered.filter((d) => d.kind === 'sum');
  const spread = spreadDocs(
    delivered.filter((d) => d.kind === 'doc'),
    ret,
  );
  for (const d of [
    ...sums.map((s) => ({
      partyId: String(s.party_id),
      materialId: String(s.material_id),
      kg: String(s.kg),
      amount: String(s.amount),
      invoiced: String(s.invoiced),
      paid: String(s.paid),
      docs: s.docs,
    })),
    ...spread.map((l) => ({ ...l, docs: 1 })),
  ]) {
    const a = get(d.partyId, d.materialId);
    a.kg = a.kg.plus(d.kg);
    a.amt = a.amt.plus(d.amount);
    a.inv = a.inv.plus(d.invoiced);
    a.paid = a.paid.plus(d.paid);
    a.docs += d.docs;
  }
  const keys = [...acc.keys()];
  const partyIds = [...new Set(keys.map((k) => k.split(':')[0]))];
  const matIds = [...new Set(keys.map((k) => k.split(':')[1]))];
  const parties = await namesOf(db, 'izs_related_party', partyIds);
  const mats = await namesOf(db, 'izs_material', matIds);
  const out = ledgerRows(acc, keys, parties, mats);
  return { rows: out, totals: totalsOf(out) };
}

/** The sums of a party × material, made empty on first use. */
function accOf(acc: Map<string, Acc>) {
  return (p: string, m: string) => {
    const k = `${p}:${m}`;
    let a = acc.get(k);
    if (!a) {
      a = {
        cons: new Set(),
        cq: new Decimal(0),
        ca: new Decimal(0),
        kg: new Decimal(0),
        amt: new Decimal(0),
        open: new Decimal(0),
        inv: new Decimal(0),
        paid: new Decimal(0),
        docs: 0,
      };
      acc.set(k, a);
    }
    return a;
  };
}

/** The ledger's rows, by party then material name (zh). */
function ledgerRows(
  acc: Map<string, Acc>,
  keys: string[],
  parties: Map<string, string>,
  mats: Map<string, string>,
): LedgerRow[] {
  return keys
    .map((k) => {
      const [p, m] = k.split(':');
      const a = acc.get(k) as Acc;
      return {
        partyId: p,
        partyName: parties.get(p) ?? '',
        materialId: m,
        materialName: mats.get(m) ?? '',
        contractCount: a.cons.size,
        contractedQty: weightFixed(a.cq),
        contractedAmount: moneyFixed(a.ca),
        deliveredKg: weightFixed(a.kg),
        deliveredAmount: moneyFixed(a.amt),
        openQty: weightFixed(a.open),
        invoicedAmount: moneyFixed(a.inv),
        paidAmount: moneyFixed(a.paid),
        openAmount: openAmount(moneyFixed(a.amt), moneyFixed(a.paid)),
        documentCount: a.docs,
      };
    })
    .sort((x, y) => x.partyName.localeCompare(y.partyName, 'zh') || x.materialName.localeCompare(y.materialName, 'zh'));
}

function totalsOf(out: LedgerRow[]): LedgerTotals {
  const sum = (f: keyof LedgerRow, p: number) =>
    decimalFixed(
      out.reduce((s, r) => s.plus(String(r[f])), new Decimal(0)),
      p,
    );
  return {
    contractedQty: sum('contractedQty', 3),
    contractedAmount: sum('contractedAmount', 2),
    deliveredKg: sum('deliveredKg', 3),
    deliveredAmount: sum('deliveredAmount', 2),
    openQty: sum('openQty', 3),
    invoicedAmount: sum('invoicedAmount', 2),
    paidAmount: sum('paidAmount', 2),
    openAmount: sum('openAmount', 2),
  };
}

export function registerLedgers(app: FastifyInstance, ctx: CrudContext): void {
  const { db, tz } = ctx;
  const r = endpoints(app, db);
  const guard = (user: AuthUser, side: 'purchase' | 'sale', action: 'view' | 'export' = 'view') =>
    checkPermission(db, user, { ...LEDGER.summary, permission: { code: LEDGER_PERMISSION[side], action } });
  r.handle(LEDGER.summary, async ({ query, user }) => {
    await guard(user, query.side);
    return ledger(db, user, query);
  });
  r.handle(LEDGER.documents, async ({ query, user }) => {
    await guard(user, query.side);
    const scope = await scopeOf(db, user, stockOrder, LEDGER_PERMISSION[query.side]);
    const lines = (await docLines(db, scope, query, sql` and d.party_id = ${query.partyId}`)).filter(
      (l) => l.materialId === query.materialId,
    );
    return lines.map((l) => ({
      id: l.docId,
      orderNo: l.orderNo,
      docType: l.docType,
      orderDate: l.orderDate,
      contractNo: l.contractNo,
      sourceWeighingNo: l.weighingNo,
      qtyKg: weightFixed(l.kg),
      unitPrice: priceFixed(l.price),
      amount: moneyFixed(l.amount),
      invoicedAmount: moneyFixed(l.invoiced),
      paidAmount: moneyFixed(l.paid),
      openAmount: openAmount(moneyFixed(l.amount), moneyFixed(l.paid)),
    }));
  });
  // the Excel exports (file descriptors LEDGER_FILES: the side comes from the path, the button from the descriptor)
  for (const [side, e, def] of [
    ['purchase', LEDGER_FILES.purchaseExport, purchaseLedgerDef],
    ['sale', LEDGER_FILES.sellExport, sellLedgerDef],
  ] as const) {
    r.handle(e, async ({ query, user }) => {
      const data = await ledger(db, user, { ...query, side });
      return exportWorkbook(
        db,
        def,
        tz,
        async (offset) => (offset ? [] : data.rows.map((x) => ({ ...x }))),
        user.tenantId,
      );
    });
  }
}
