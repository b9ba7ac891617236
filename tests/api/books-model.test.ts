// @vitest-environment node
/**
 * One truth (issue 21): a cross-area model test with fast-check. Random sequences of business commands go through
 * the product's HTTP API as a user would issue them — reviewed purchases (tax on top, 含税, a natural person's),
 * reviewed sales (more than the stock is refused), 收款 / 付款 with 核销 (oldest first, a chosen document, none:
 * 预收 / 预付), 直发单, voids of documents and money records, invoices, 过磅 (一次 / 二次过磅 with completion; the
 * office dates the scale's draft the model's day and reviews it), 采购退货 / 销售退货 of part of a reviewed document,
 * 预收冲应收 / 预付冲应付 (cash/settle, dated), approved 贸易合同 whose party's later 入库 / 出库 / 过磅 are made under
 * them, 转换 (WL0001 into WL0004) — and 记账: the vouchers of every open document and money record from the book's
 * templates (biz-voucher/generate, money-generate), 结转销售成本, review and posting; a run may end with 结账
 * (记账, 结转损益, period/close; then a money record in the period is refused, the period named). At every 记账 and
 * at the end:
 * - the product's 业财对账 (reconcile/run) has no difference on 应收账款 / 应付账款 / 存货 and no orphan, and its
 *   销项 / 进项 differences are exactly the tax the model says is not invoiced yet;
 * - independently of the product, from the command log (decimal.js, half-up to the fen): 应收账款 per customer =
 *   Σ 价税合计 of live sales and 直发 sales − Σ live collections − Σ live 销售退货; 应付账款 per supplier likewise;
 *   库存商品 = the moving-average stock value (core/stock/moving-average.ts's documented rule, recomputed here; a
 *   销售退货 comes back at its share of the sale's cost, a 采购退货 goes out at its 不含税 amount, a 转换 moves the
 *   input's cost to the output); 主营业务收入 = Σ 不含税 of live sales − returns; 销项税额 / 进项税额 = Σ their tax;
 *   主营业务成本 = Σ the cost of the sales − 销售退货 + 直发 purchases (结转损益 lines left out); the receivables'
 *   balance/list per party = the model; 核销 of an advance keeps a party's balance and lowers its open and unapplied
 *   alike; each 贸易合同's execution (吨, 价税合计) = the model's live documents under it.
 * The first run is a fixed example (EVERY_COMMAND) that reaches every command whatever the seed; then the
 * counterexamples random runs found (RETURNED_WHOLE).
 * Each run is a company of its own (a new department with its warehouse, default book and parties), so runs do
 * not see each other. The seed and the shrunk command list are printed on failure (fast-check); FC_SEED=<n>
 * [FC_PATH=<p>] replays one, FC_NUM_RUNS raises the number of runs.
 */
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ARAP_ENDPOINTS as E } from '../../core/contract/izs-finance-ar/arap.contract.ts';
import { INVOICE_ENDPOINTS as INV } from '../../core/contract/izs-finance-ar/invoice.contract.ts';
import { BIZ_PATHS } from '../../core/contract/izs-financing/business.contract.ts';
import { BIZ_VOUCHER as V } from '../../core/contract/izs-financing/business-voucher.contract.ts';
import { CLOSING_PATHS } from '../../core/contract/izs-financing/closing.contract.ts';
import { RECON_PATHS, type ReconRun } from '../../core/contract/izs-financing/reconcile.contract.ts';
import { rows } from '../../server/db/client.ts';
import { dept, material, relatedParty, warehouse } from '../../server/db/schema/index.ts';
import { type Api, apiFor, createBook, FIN, okGet, okPost } from './finance-helpers.ts';
import { bootStock, P, type StockCtx } from './stock-helpers.ts';

const DAY = '2026-03-16';
const TC = '/api/izs-sell/trading-contract';
const PERIOD = '2026-03';
const NUM_RUNS = Number(process.env.FC_NUM_RUNS ?? 4); // the two examples below, then two random runs

const D = (v: Decimal.Value) => new Decimal(v);
const ZERO = D(0);
const r2 = (v: Decimal) => v.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
const f2 = (v: Decimal) => r2(v).toFixed(2);
/** A reviewed document's stored 不含税 / 税额 / 价税合计 are the model's. */
const expectAmounts = (
  d: { orderNo: string; netAmount: string; taxAmount: string; grossAmount: string },
  f: { net: Decimal; tax: Decimal; gross: Decimal },
) =>
  expect([d.netAmount, d.taxAmount, d.grossAmount], `${d.orderNo} 不含税/税额/价税合计`).toEqual([
    f2(f.net),
    f2(f.tax),
    f2(f.gross),
  ]);
/** A review refused for want of stock. */
const expectShort = (res: { status: number; body: { msg: string } }, what: string) =>
  expect([res.status, res.body.msg], what).toEqual([400, expect.stringContaining('库存不足')]);

// ── commands ──
type Mode = 'auto' | 'chosen' | 'none';
type Cmd =
  /** a reviewed 采购入库: sup 0, 1 companies, 2 a natural person (no taxpayer id) */
  | { k: 'buy'; sup: number; kg: number; price: string; rate: 13 | 9 | 0; incl: boolean }
  /** a reviewed 销售出库 of `share` of the stock (> 1: more than there is, refused) */
  | { k: 'sell'; cus: number; share: number; price: string; incl: boolean }
  | { k: 'collect'; cus: number; amount: string; mode: Mode }
  | { k: 'pay'; sup: number; amount: string; mode: Mode }
  /** a 退款 of 预收 to a customer (ar) or of 预付 from a supplier (ap): more than is unapplied is refused */
  | { k: 'refund'; side: 'ar' | 'ap'; party: number; share: number }
  /** a truck over the scale: 一次过磅, 二次过磅 with completion; the 入库 / 出库 it makes (dated today by the scale's
   * clock) is dated the model's day on the draft by the office, then submitted and reviewed (a sale: `share` of the
   * stock) */
  | { k: 'weigh'; type: 'purchase' | 'sale'; party: number; kg: number; share: number; price: string }
  /** a reviewed 转换: `share` of the stock of 物料 WL0001 out, `yield`‰ of its kg in as WL0004 at its whole cost */
  | { k: 'produce'; share: number; yield: number }
  /** a reviewed 直发单 */
  | { k: 'drop'; sup: number; cus: number; kg: number; buy: string; sell: string }
  /** void the `pick`-th document (stock or 直发) / money record ever made */
  | { k: 'void'; pick: number }
  | { k: 'voidCash'; pick: number }
  /** invoices for every document not invoiced yet */
  | { k: 'invoice' }
  /** a reviewed 采购退货 / 销售退货 of `share` of what is left to return of the `pick`-th live 入库 / 出库 */
  | { k: 'return'; side: 'in' | 'out'; pick: number; share: number }
  /** 预收冲应收 / 预付冲应付: `share` of a party's unapplied money against its newest open document */
  | { k: 'offset'; side: 'ar' | 'ap'; party: number; share: number }
  /** an approved 贸易合同 (purchase with supplier `party`, sale with customer `party`): later 入库 / 出库 of that
   * party are made under it (contractId), its execution = Σ of them */
  | { k: 'contract'; side: 'in' | 'out'; party: number }
  /** vouchers of everything open, 结转销售成本, review, post — then the identities */
  | { k: 'post' }
  /** (a run's optional last step) 记账, 结转损益 and 结账 of the period; afterwards a document in it is refused */
  | { k: 'close' };

const price = (min: number, max: number) =>
  fc.integer({ min: min * 100, max: max * 100 }).map((n) => D(n).div(100).toFixed(2));
const cmdArb: fc.Arbitrary<Cmd> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      k: fc.constant('buy' as const),
      sup: fc.integer({ min: 0, max: 2 }),
      kg: fc.integer({ min: 1, max: 30000 }),
      price: price(100, 4000),
      rate: fc.constantFrom(13 as const, 13 as const, 9 as const, 0 as const),
      incl: fc.boolean(),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      k: fc.constant('sell' as const),
      cus: fc.integer({ min: 0, max: 1 }),
      share: fc.constantFrom(0.1, 0.37, 0.5, 1, 1.2),
      price: price(100, 5000),
      incl: fc.boolean(),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      k: fc.constant('collect' as const),
      cus: fc.integer({ min: 0, max: 1 }),
      amount: price(1, 60000),
      mode: fc.constantFrom<Mode>('auto', 'chosen', 'none'),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      k: fc.constant('pay' as const),
      sup: fc.integer({ min: 0, max: 2 }),
      amount: price(1, 60000),
      mode: fc.constantFrom<Mode>('auto', 'chosen', 'none'),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      k: fc.constant('drop' as const),
      sup: fc.integer({ min: 0, max: 2 }),
      cus: fc.integer({ min: 0, max: 1 }),
      kg: fc.integer({ min: 1, max: 30000 }),
      buy: price(100, 4000),
      sell: price(100, 5000),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      k: fc.constant('refund' as const),
      side: fc.constantFrom<'ar' | 'ap'>('ar', 'ap'),
      party: fc.integer({ min: 0, max: 1 }),
      share: fc.constantFrom(0.3, 1, 1.5),
    }),
  },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('void' as const), pick: fc.nat(20) }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('voidCash' as const), pick: fc.nat(20) }) },
  { weight: 1, arbitrary: fc.constant({ k: 'invoice' as const }) },
  {
    weight: 3,
    arbitrary: fc.record({
      k: fc.constant('return' as const),
      side: fc.constantFrom<'in' | 'out'>('in', 'out'),
      pick: fc.nat(20),
      share: fc.constantFrom(0.25, 0.5, 1),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      k: fc.constant('weigh' as const),
      type: fc.constantFrom<'purchase' | 'sale'>('purchase', 'sale'),
      party: fc.integer({ min: 0, max: 1 }),
      kg: fc.integer({ min: 100, max: 30000 }),
      share: fc.constantFrom(0.2, 0.5, 1),
      price: price(100, 4000),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      k: fc.constant('produce' as const),
      share: fc.constantFrom(0.1, 0.5, 1),
      yield: fc.integer({ min: 900, max: 1000 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      k: fc.constant('contract' as const),
      side: fc.constantFrom<'in' | 'out'>('in', 'out'),
      party: fc.integer({ min: 0, max: 1 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      k: fc.constant('offset' as const),
      side: fc.constantFrom<'ar' | 'ap'>('ar', 'ap'),
      party: fc.integer({ min: 0, max: 1 }),
      share: fc.constantFrom(0.5, 1),
    }),
  },
  { weight: 2, arbitrary: fc.constant({ k: 'post' as const }) },
);

// ── the model ──
interface Doc {
  /** pret / sret: a 采购退货 / 销售退货 (its figures negative: it lowers 应付 / 应收, 进项 / 销项, revenue, cost) */
  kind: 'in' | 'out' | 'drop' | 'pret' | 'sret' | 'prod';
  id: string;
  no: string;
  /** the 往来 it writes: purchase → supplier, sale → customer; a 直发单 writes both */
  sup?: number;
  cus?: number;
  kg: Decimal;
  /** purchase side (in, drop): 不含税 / tax / 价税合计 */
  pNet: Decimal;
  pTax: Decimal;
  pGross: Decimal;
  /** sale side (out, drop) */
  sNet: Decimal;
  sTax: Decimal;
  sGross: Decimal;
  /** the stock cost an out-stock took, a 采购退货 took out, a 销售退货 brought back (model) */
  cost: Decimal;
  /** an 入库 / 出库's line: price, tax basis, kg returned by live returns; a return's source document */
  price?: string;
  rate?: number;
  incl?: boolean;
  returned: Decimal;
  src?: Doc;
  /** a 转换's output kg (of WL0004; `kg` is the WL0001 it took) */
  made?: Decimal;
  /** the 贸易合同 it was made under */
  contractId?: string;
  live: boolean;
  vouchered: boolean;
  invoicedOut: boolean;
  invoicedIn: boolean;
}
interface Cash {
  side: 'ar' | 'ap';
  party: number;
  id: string;
  /** collections / payments lower the balance, a refund raises it */
  amount: Decimal;
  refund: boolean;
  live: boolean;
  vouchered: boolean;
}

/** 不含税 / tax / 价税合计 of one priced amount (core/stock/tax-basis.ts's documented rule, recomputed). */
function split(amount: Decimal, rate: number, incl: boolean) {
  const r = D(rate).div(100);
  if (incl) {
    const net = r2(amount.div(r.plus(1)));
    return { net, tax: amount.minus(net), gross: amount };
  }
  const tax = r2(amount.times(r));
  return { net: amount, tax, gross: amount.plus(tax) };
}

class Model {
  /** WL0001: every purchase, sale and return */
  qty = ZERO;
  value = ZERO;
  /** WL0004: only what 转换 made of WL0001 (never sold) */
  qty2 = ZERO;
  value2 = ZERO;
  docs: Doc[] = [];
  cash: Cash[] = [];
  contracts: { side: 'in' | 'out'; party: number; id: string; no: string }[] = [];
  contractOf(side: 'in' | 'out', party: number) {
    return this.contracts.find((k) => k.side === side && k.party === party)?.id;
  }
  /** tax of invoices recorded (销项, 进项) */
  invOut = ZERO;
  invIn = ZERO;

  ar(cus: number) {
    let s = ZERO;
    for (const d of this.docs) if (d.live && d.cus === cus) s = s.plus(d.sGross);
    for (const c of this.cash)
      if (c.live && c.side === 'ar' && c.party === cus) s = c.refund ? s.plus(c.amount) : s.minus(c.amount);
    return s;
  }
  ap(sup: number) {
    let s = ZERO;
    for (const d of this.docs) if (d.live && d.sup === sup) s = s.plus(d.pGross);
    for (const c of this.cash)
      if (c.live && c.side === 'ap' && c.party === sup) s = c.refund ? s.plus(c.amount) : s.minus(c.amount);
    return s;
  }
  sum(f: (d: Doc) => Decimal) {
    return this.docs.filter((d) => d.live).reduce((s, d) => s.plus(f(d)), ZERO);
  }
  /** issue at the moving average (half-up), the whole value when it empties the stock */
  issue(kg: Decimal): Decimal {
    const cost = kg.eq(this.qty) ? this.value : r2(this.value.times(kg).div(this.qty));
    this.qty = this.qty.minus(kg);
    this.value = this.value.minus(cost);
    return cost;
  }
  /** a receipt's void: out at its amount; the balance when it empties; the average when it would take it all */
  reverse(kg: Decimal, amount: Decimal): Decimal {
    let out = amount;
    if (kg.eq(this.qty)) out = this.value;
    else if (amount.gte(this.value)) out = r2(this.value.times(kg).div(this.qty));
    this.qty = this.qty.minus(kg);
    this.value = this.value.minus(out);
    return out;
  }
}

let c: StockCtx & { financeDept: string };
let runNo = 0;
let invoiceNo = 0;
let truckNo = 0;
let perTonne = true;

beforeAll(async () => {
  const s = await bootStock();
  c = { ...s, financeDept: s.depts['财务部'] };
  const [m] = await c.t.database.db
    .select({ unit: material.priceUnit })
    .from(material)
    .where(sql`${material.id} = ${c.mat.WL0001}`);
  perTonne = m.unit !== 'yuan_per_kg';
}, 180_000);
afterAll(async () => {
  if (process.env.FC_STATS) console.log('outcomes:', JSON.stringify(Object.fromEntries([...tally].sort())));
  await c?.t.close();
});

/** FC_STATS=1: how often each command ran and how it ended (to see the generator reaches every branch) */
const tally = new Map<string, number>();
const count = (what: string) => tally.set(what, (tally.get(what) ?? 0) + 1);

/** A company of its own: department, warehouse, default book (self-review allowed), two customers, three suppliers. */
async function newCompany() {
  runNo++;
  const db = c.t.database.db;
  const [d] = await db
    .insert(dept)
    .values({ tenantId: '000000', parentId: '0', ancestors: '0', deptName: `模型公司${runNo}`, deptCategory: 1 })
    .returning({ id: dept.id });
  const [w] = await db
    .insert(warehouse)
    .values({ tenantId: '000000', deptId: d.id, code: `MX${runNo}`, name: `模型料场${runNo}`, type: 'yard' })
    .returning({ id: warehouse.id });
  const b = await createBook(c, d.id, {
    name: `模型账套${runNo}`,
    enableDate: `${PERIOD}-01`,
    allowSelfReview: 1,
    isDefault: '1',
  });
  const parties = await db
    .insert(relatedParty)
    .values(
      [
        ['C0', '91330206MXC0'],
        ['C1', '91330206MXC1'],
        ['S0', '91330206MXS0'],
        ['S1', '91330206MXS1'],
        ['S2', ''],
      ].map(([code, taxpayerId]) => ({
        tenantId: '000000',
        code: `MX${runNo}-${code}`,
        name: `模型${runNo}${code === 'S2' ? '张三（自然人）' : `伙伴${code}`}`,
        type: 'both',
        taxpayerId,
      })),
    )
    .returning({ id: relatedParty.id });
  const ids = parties.map((p) => p.id);
  return {
    deptId: d.id,
    wh: w.id,
    bookId: b.book.id as string,
    book: b.api,
    biz: apiFor(c, c.admin, d.id),
    cus: ids.slice(0, 2),
    sup: ids.slice(2),
  };
}
type Company = Awaited<ReturnType<typeof newCompany>>;

const describeCmd = (x: Cmd) => JSON.stringify(x);

async function post(api: Api, path: string, body: unknown) {
  return api(path, { method: 'POST', body });
}

/** Runs one command against the app and the model. */
async function step(co: Company, m: Model, x: Cmd, log: string[]) {
  const { biz, book } = co;
  switch (x.k) {
    case 'buy': {
      const kg = D(x.kg);
      const amount = r2(perTonne ? kg.times(x.price).div(1000) : kg.times(x.price));
      const natural = x.sup === 2;
      const f = split(amount, natural ? 0 : x.rate, natural ? true : x.incl);
      const d = await reviewedDoc(biz, P.inStock, {
        warehouseId: co.wh,
        partyId: co.sup[x.sup],
        orderDate: DAY,
        bizType: 'purchase',
        contractId: m.contractOf('in', x.sup),
        lines: [
          {
            materialId: c.mat.WL0001,
            qty: kg.toFixed(3),
            unitPrice: x.price,
            taxRate: String(x.rate),
            priceIncludesTax: x.incl ? 1 : 0,
          },
        ],
      });
      expectAmounts(d, f);
      m.qty = m.qty.plus(kg);
      m.value = m.value.plus(f.net);
      m.docs.push({
        ...blank('in', d.id, d.orderNo, kg),
        sup: x.sup,
        pNet: f.net,
        pTax: f.tax,
        pGross: f.gross,
        price: x.price,
        rate: natural ? 0 : x.rate,
        incl: natural ? true : x.incl,
        contractId: m.contractOf('in', x.sup),
      });
      log.push(`${d.orderNo}: ${f2(f.net)} + ${f2(f.tax)}`);
      return;
    }
    case 'sell': {
      const kg = x.share > 1 ? m.qty.plus(1) : m.qty.times(x.share).toDecimalPlaces(3, Decimal.ROUND_DOWN);
      if (kg.lte(0)) return;
      const amount = r2(perTonne ? kg.times(x.price).div(1000) : kg.times(x.price));
      const f = split(amount, 13, x.incl);
      const draft = await okPost(biz, `${P.outStock}/submit`, {
        warehouseId: co.wh,
        partyId: co.cus[x.cus],
        orderDate: DAY,
        bizType: 'sale',
        contractId: m.contractOf('out', x.cus),
        lines: [
          {
            materialId: c.mat.WL0001,
            qty: kg.toFixed(3),
            unitPrice: x.price,
            taxRate: '13',
            priceIncludesTax: x.incl ? 1 : 0,
          },
        ],
      });
      await okPost(biz, `${P.outStock}/submit-review`, { id: draft.id });
      const res = await post(biz, `${P.outStock}/review`, { id: draft.id });
      if (kg.gt(m.qty)) {
        log.push(`sale of ${kg} kg over ${m.qty}: ${res.status} ${res.body.msg}`);
        expectShort(res, `sale of ${kg} kg over ${m.qty}`);
        return;
      }
      expect(res.body.msg, JSON.stringify(res.body)).toBe('操作成功');
      const d = res.body.data;
      expectAmounts(d, f);
      const cost = m.issue(kg);
      m.docs.push({
        ...blank('out', d.id, d.orderNo, kg),
        cus: x.cus,
        sNet: f.net,
        sTax: f.tax,
        sGross: f.gross,
        cost,
        price: x.price,
        rate: 13,
        incl: x.incl,
        contractId: m.contractOf('out', x.cus),
      });
      log.push(`${d.orderNo}: ${f2(f.net)} + ${f2(f.tax)}, cost ${f2(cost)}`);
      return;
    }
    case 'collect':
    case 'pay': {
      const side = x.k === 'collect' ? 'ar' : 'ap';
      const party = x.k === 'collect' ? x.cus : x.sup;
      const partyId = (x.k === 'collect' ? co.cus : co.sup)[party];
      let lines: { docId: string; amount: string }[] | undefined;
      if (x.mode === 'chosen') {
        const open = await biz(E.openDocs.path, { query: { side, partyId } });
        const first = open.body.data.docs.at(-1) as { id: string; open: string } | undefined;
        if (first) lines = [{ docId: first.id, amount: Decimal.min(first.open, x.amount).toFixed(2) }];
      }
      const r = await okPost(biz, E.cashCreate.path, {
        side,
        partyId,
        accountType: 'cash',
        method: 'cash',
        cashDate: DAY,
        amount: x.amount,
        auto: x.mode === 'auto',
        lines,
      });
      m.cash.push({ side, party, id: r.id, amount: D(x.amount), refund: false, live: true, vouchered: false });
      log.push(`${r.orderNo}: ${x.amount}, applied ${r.applied}`);
      return;
    }
    case 'refund': {
      const partyId = (x.side === 'ar' ? co.cus : co.sup)[x.party];
      const b = await biz(E.balances.path, { query: { side: x.side, partyId } });
      const unapplied = D(b.body.data.rows[0]?.unapplied ?? 0);
      const amount = r2(unapplied.times(x.share));
      if (amount.lte(0)) return;
      const res = await post(biz, E.refund.path, {
        side: x.side,
        partyId,
        accountType: 'cash',
        method: 'cash',
        cashDate: DAY,
        amount: f2(amount),
      });
      log.push(`refund ${x.side} ${f2(amount)} of ${f2(unapplied)}: ${res.status} ${res.body.msg}`);
      if (amount.gt(unapplied)) {
        expect([res.status, res.body.msg]).toEqual([400, expect.stringContaining('可退金额')]);
        return;
      }
      expect(res.body.msg, JSON.stringify(res.body)).toBe('操作成功');
      const id = res.body.data.id;
      m.cash.push({ side: x.side, party: x.party, id, amount, refund: true, live: true, vouchered: false });
      return;
    }
    case 'drop': {
      const kg = D(x.kg);
      const buy = r2(perTonne ? kg.times(x.buy).div(1000) : kg.times(x.buy));
      const sell = r2(perTonne ? kg.times(x.sell).div(1000) : kg.times(x.sell));
      const d = await reviewedDoc(biz, P.drop, {
        orderDate: DAY,
        supplierId: co.sup[x.sup],
        customerId: co.cus[x.cus],
        materialId: c.mat.WL0001,
        priceUnit: perTonne ? 'yuan_per_tonne' : 'yuan_per_kg',
        purchaseQty: kg.toFixed(3),
        purchasePrice: x.buy,
        saleQty: kg.toFixed(3),
        salePrice: x.sell,
      });
      // the 直发单's amounts are 不含税 (the sale and purchase templates' default: tax on top); a natural person
      // is paid what he is owed, nothing added
      const p = split(buy, x.sup === 2 ? 0 : 13, false);
      const s = split(sell, 13, false);
      m.docs.push({
        ...blank('drop', d.id, d.orderNo, kg),
        sup: x.sup,
        cus: x.cus,
        pNet: p.net,
        pTax: p.tax,
        pGross: p.gross,
        sNet: s.net,
        sTax: s.tax,
        sGross: s.gross,
      });
      log.push(`${d.orderNo}: buy ${f2(p.net)} + ${f2(p.tax)}, sell ${f2(s.net)} + ${f2(s.tax)}`);
      return;
    }
    case 'void': {
      const live = m.docs.filter((d) => d.live);
      if (!live.length) return;
      const d = live[x.pick % live.length];
      const path = {
        in: P.inStock,
        out: P.outStock,
        drop: P.drop,
        pret: P.purchaseReturn,
        sret: P.saleReturn,
        prod: P.conversion,
      }[d.kind];
      const [settled] = await rows<{ s: string }>(
        c.t.database.db,
        sql`select coalesce(sum(settled), 0)::text as s from izs_ar_doc
             where source_id = ${d.id} and state = 'reviewed' and is_deleted = 0`,
      );
      const res = await post(biz, `${path}/void`, { id: d.id, reason: '模型测试' });
      const allowed: string[] = [];
      if (d.vouchered) allowed.push('已生成凭证');
      if (!D(settled.s).isZero()) allowed.push('已核销');
      if ((d.kind === 'in' || d.kind === 'sret') && d.kg.gt(m.qty)) allowed.push('库存不足');
      if (d.returned.gt(0)) allowed.push('退货');
      if (d.kind === 'prod' && d.made?.gt(m.qty2)) allowed.push('库存不足');
      log.push(`void ${d.no}: ${res.status} ${res.body.msg}`);
      if (allowed.length) {
        expect(res.status, `void ${d.no} (${allowed.join('/')}): ${JSON.stringify(res.body)}`).toBe(400);
        expect(
          allowed.some((a) => String(res.body.msg).includes(a)),
          `${res.body.msg} ∈ ${allowed}`,
        ).toBe(true);
        return;
      }
      expect(res.body.msg, `void ${d.no}: ${JSON.stringify(res.body)}`).toBe('操作成功');
      d.live = false;
      if (d.kind === 'in') m.reverse(d.kg, d.pNet);
      if (d.kind === 'out' || d.kind === 'pret') {
        m.qty = m.qty.plus(d.kg);
        m.value = m.value.plus(d.kind === 'out' ? d.cost : d.cost.neg());
      }
      if (d.kind === 'sret') m.reverse(d.kg, d.cost.neg());
      if (d.kind === 'prod') {
        // the output goes back out at its booked cost (the whole balance when it empties WL0004), the input back in
        const out = d.made?.eq(m.qty2) ? m.value2 : d.cost;
        m.qty2 = m.qty2.minus(d.made ?? ZERO);
        m.value2 = m.value2.minus(out);
        m.qty = m.qty.plus(d.kg);
        m.value = m.value.plus(d.cost);
      }
      if (d.src) d.src.returned = d.src.returned.minus(d.kg);
      return;
    }
    case 'voidCash': {
      const live = m.cash.filter((x) => x.live);
      if (!live.length) return;
      const cash = live[x.pick % live.length];
      const res = await post(biz, E.cashVoid.path, { id: cash.id, reason: '模型测试' });
      log.push(`void cash ${cash.side} ${cash.amount}: ${res.status} ${res.body.msg}`);
      if (cash.vouchered) {
        expect([res.status, res.body.msg]).toEqual([400, expect.stringContaining('已生成凭证')]);
        return;
      }
      // a collection / payment whose money was refunded is voided only after the refund
      const refunded = m.cash.some((r) => r.live && r.refund && r.side === cash.side && r.party === cash.party);
      if (!cash.refund && refunded && res.status === 400) {
        expect(res.body.msg).toContain('请先作废退款单');
        return;
      }
      expect(res.body.msg, JSON.stringify(res.body)).toBe('操作成功');
      cash.live = false;
      return;
    }
    case 'invoice': {
      log.push(`invoices: ${m.docs.filter((d) => d.live && !d.invoicedOut).length} sales open`);
      for (const d of m.docs.filter((x) => x.live)) {
        if ((d.kind === 'out' || d.kind === 'drop') && !d.invoicedOut) {
          await okPost(biz, INV.save.path, {
            direction: 'out',
            invoiceNo: String(26_000_000 + ++invoiceNo),
            invoiceType: 'special',
            invoiceDate: DAY,
            amount: f2(d.sNet),
            taxAmount: f2(d.sTax),
            taxAndAmount: f2(d.sGross),
            purchaserName: '客户',
            links: d.kind === 'out' ? [{ orderId: d.id, amount: f2(d.sGross) }] : [],
          });
          d.invoicedOut = true;
          m.invOut = m.invOut.plus(d.sTax);
        }
        // a natural person issues no invoice (反向开票 is not in this model)
        if ((d.kind === 'in' || d.kind === 'drop') && !d.invoicedIn && d.pTax.gt(0)) {
          await okPost(biz, INV.save.path, {
            direction: 'in',
            invoiceNo: String(27_000_000 + ++invoiceNo),
            invoiceType: 'special',
            invoiceDate: DAY,
            amount: f2(d.pNet),
            taxAmount: f2(d.pTax),
            taxAndAmount: f2(d.pGross),
            sellerName: '供应商',
            links: d.kind === 'in' ? [{ orderId: d.id, amount: f2(d.pGross) }] : [],
          });
          d.invoicedIn = true;
          m.invIn = m.invIn.plus(d.pTax);
        }
      }
      return;
    }
    case 'return': {
      const kind = x.side === 'in' ? 'pret' : 'sret';
      const srcs = m.docs.filter((d) => d.live && d.kind === x.side && d.kg.gt(d.returned));
      if (!srcs.length) return;
      const src = srcs[x.pick % srcs.length];
      // whole kilograms: a return worth 0.00 cannot be vouchered (「按模板「销售退货」生成的金额为零」), so the
      // model keeps clear of it
      const kg = src.kg.minus(src.returned).times(x.share).toDecimalPlaces(0, Decimal.ROUND_DOWN);
      if (kg.lt(1)) return;
      const base = kind === 'pret' ? P.purchaseReturn : P.saleReturn;
      const detail = (await biz(`${x.side === 'in' ? P.inStock : P.outStock}/detail`, { query: { id: src.id } })).body
        .data;
      const amount = r2(perTonne ? kg.times(src.price ?? 0).div(1000) : kg.times(src.price ?? 0));
      const f = split(amount, src.rate ?? 0, src.incl ?? false);
      const draft = await okPost(biz, `${base}/submit`, {
        warehouseId: co.wh,
        partyId: kind === 'pret' ? co.sup[src.sup ?? 0] : co.cus[src.cus ?? 0],
        sourceDocId: src.id,
        orderDate: DAY,
        lines: [
          { materialId: c.mat.WL0001, qty: kg.toFixed(3), unitPrice: src.price, sourceLineId: detail.lines[0].id },
        ],
      });
      await okPost(biz, `${base}/submit-review`, { id: draft.id });
      const res = await post(biz, `${base}/review`, { id: draft.id });
      log.push(`${kind} ${kg} kg of ${src.no}: ${res.status} ${res.body.msg}`);
      if (kind === 'pret' && kg.gt(m.qty)) {
        expectShort(res, `return of ${kg} kg over ${m.qty}`);
        return;
      }
      expect(res.body.msg, JSON.stringify(res.body)).toBe('操作成功');
      const d = res.body.data;
      expectAmounts(d, f);
      let cost: Decimal;
      if (kind === 'pret') cost = m.reverse(kg, f.net);
      else {
        // a sale return comes back at its share of the cost the sale took
        cost = kg.eq(src.kg) ? src.cost : r2(src.cost.times(kg).div(src.kg));
        m.qty = m.qty.plus(kg);
        m.value = m.value.plus(cost);
      }
      expect(d.totalCost, `${d.orderNo} cost`).toBe(f2(cost));
      src.returned = src.returned.plus(kg);
      const neg = { net: f.net.neg(), tax: f.tax.neg(), gross: f.gross.neg() };
      m.docs.push({
        ...blank(kind, d.id, d.orderNo, kg),
        ...(kind === 'pret'
          ? { sup: src.sup, pNet: neg.net, pTax: neg.tax, pGross: neg.gross }
          : { cus: src.cus, sNet: neg.net, sTax: neg.tax, sGross: neg.gross }),
        cost: cost.neg(),
        src,
      });
      return;
    }
    case 'weigh': {
      const sale = x.type === 'sale';
      const want = sale ? m.qty.times(x.share).toDecimalPlaces(0, Decimal.ROUND_DOWN) : D(x.kg);
      if (want.lt(1)) return;
      const tare = D(14800);
      const side = sale ? 'out' : 'in';
      const contractId = m.contractOf(side, x.party);
      const partyId = (sale ? co.cus : co.sup)[x.party];
      const W = '/api/izs-weighing/loadometer-order';
      const first = await okPost(biz, `${W}/first-pass`, {
        orderType: x.type,
        weighbridgeId: sale ? c.wb.DB02 : c.wb.DB01,
        carNumber: `浙B${sale ? 'S' : 'P'}${String(++truckNo).padStart(4, '0')}`,
        weight: (sale ? tare : tare.plus(want)).toFixed(0),
        stable: 1,
        partyId,
        materialId: c.mat.WL0001,
        warehouseId: co.wh,
        unitPrice: x.price,
        contractId,
        impurityRate: '0',
      });
      const done = await okPost(biz, `${W}/second-pass`, {
        id: first.id,
        weight: (sale ? tare.plus(want) : tare).toFixed(0),
        stable: 1,
        complete: 1,
      });
      expect([done.weighState, done.netWeight], `磅单 ${done.orderNo}`).toEqual(['completed', want.toFixed(3)]);
      const base = sale ? P.outStock : P.inStock;
      // the office dates the weighing's draft the model's day (the scale dated it today) and reviews it
      await okPost(biz, `${base}/submit`, {
        id: done.stockOrderId,
        warehouseId: co.wh,
        bizType: x.type,
        partyId,
        orderDate: DAY,
        contractId: done.contractId ?? undefined,
        lines: [
          { materialId: c.mat.WL0001, qty: done.netWeight, unitPrice: x.price, taxRate: '13', priceIncludesTax: 0 },
        ],
      });
      await okPost(biz, `${base}/submit-review`, { id: done.stockOrderId });
      const res = await post(biz, `${base}/review`, { id: done.stockOrderId });
      expect(res.body.msg, JSON.stringify(res.body)).toBe('操作成功');
      const d = res.body.data;
      expect([d.orderDate, d.contractId ?? undefined], `${d.orderNo} date / contract`).toEqual([DAY, contractId]);
      const amount = r2(perTonne ? want.times(x.price).div(1000) : want.times(x.price));
      const f = split(amount, 13, false);
      expectAmounts(d, f);
      const common = { price: x.price, rate: 13, incl: false, contractId };
      if (sale) {
        const cost = m.issue(want);
        m.docs.push({
          ...blank('out', d.id, d.orderNo, want),
          cus: x.party,
          sNet: f.net,
          sTax: f.tax,
          sGross: f.gross,
          cost,
          ...common,
        });
      } else {
        m.qty = m.qty.plus(want);
        m.value = m.value.plus(f.net);
        m.docs.push({
          ...blank('in', d.id, d.orderNo, want),
          sup: x.party,
          pNet: f.net,
          pTax: f.tax,
          pGross: f.gross,
          ...common,
        });
      }
      log.push(`${done.orderNo} → ${d.orderNo}: ${want} kg, ${f2(f.net)} + ${f2(f.tax)}`);
      return;
    }
    case 'produce': {
      const kg = m.qty.times(x.share).toDecimalPlaces(0, Decimal.ROUND_DOWN);
      const made = kg.times(x.yield).div(1000).toDecimalPlaces(0, Decimal.ROUND_DOWN);
      if (kg.lt(1) || made.lt(1)) return;
      const d = await reviewedDoc(biz, P.conversion, {
        warehouseId: co.wh,
        orderDate: DAY,
        lines: [
          { direction: 'out', materialId: c.mat.WL0001, qty: kg.toFixed(3) },
          { direction: 'in', materialId: c.mat.WL0004, qty: made.toFixed(3) },
        ],
      });
      const cost = m.issue(kg);
      expect(d.totalCost, `${d.orderNo} cost`).toBe(f2(cost));
      m.qty2 = m.qty2.plus(made);
      m.value2 = m.value2.plus(cost);
      m.docs.push({ ...blank('prod', d.id, d.orderNo, kg), cost, made });
      log.push(`${d.orderNo}: ${kg} kg → ${made} kg, ${f2(cost)}`);
      return;
    }
    case 'contract': {
      if (m.contractOf(x.side, x.party)) return;
      const saved = await okPost(biz, `${TC}/save-with-lines`, {
        title: `模型${x.side === 'in' ? '采购' : '销售'}合同`,
        side: x.side === 'in' ? 'purchase' : 'sale',
        partyId: (x.side === 'in' ? co.sup : co.cus)[x.party],
        signDate: `${PERIOD}-01`,
        deliveryStart: `${PERIOD}-01`,
        deliveryEnd: '2099-12-31',
        deliveryPlace: '厂内',
        tolerancePct: '5',
        lines: [{ materialId: c.mat.WL0001, qty: '100000', priceType: 'fixed', unitPrice: '3000' }],
      });
      await okPost(biz, `${TC}/move`, { id: saved.id, action: 'submit' });
      await okPost(biz, `${TC}/move`, { id: saved.id, action: 'approve', remark: '同意' });
      m.contracts.push({ side: x.side, party: x.party, id: saved.id, no: saved.contractNo });
      log.push(`contract ${saved.contractNo}`);
      await contracts(co, m);
      return;
    }
    case 'offset': {
      const partyId = (x.side === 'ar' ? co.cus : co.sup)[x.party];
      const open = (await biz(E.openDocs.path, { query: { side: x.side, partyId } })).body.data as {
        docs: { id: string; open: string }[];
        cash: { id: string; unapplied: string }[];
      };
      const doc = open.docs.filter((d) => D(d.open).gt(0)).at(-1);
      if (!doc) return;
      let cash = open.cash.find((k) => D(k.unapplied).gt(0));
      if (!cash) {
        // no 预收 / 预付 yet: the party pays in advance first (none applied)
        const r = await okPost(biz, E.cashCreate.path, {
          side: x.side,
          partyId,
          accountType: 'cash',
          method: 'cash',
          cashDate: DAY,
          amount: doc.open,
          auto: false,
        });
        m.cash.push({
          side: x.side,
          party: x.party,
          id: r.id,
          amount: D(doc.open),
          refund: false,
          live: true,
          vouchered: false,
        });
        cash = { id: r.id, unapplied: doc.open };
      }
      const amount = r2(Decimal.min(doc.open, cash.unapplied).times(x.share));
      if (amount.lte(0)) return;
      const before = await balanceRow(biz, x.side, partyId);
      const r = await okPost(biz, E.cashSettle.path, {
        cashId: cash.id,
        settleDate: DAY,
        lines: [{ docId: doc.id, amount: f2(amount) }],
      });
      log.push(`offset ${x.side} ${f2(amount)}: unapplied ${cash.unapplied} → ${r.unapplied}`);
      expect(r.unapplied, 'unapplied money after 核销').toBe(f2(D(cash.unapplied).minus(amount)));
      const after = await balanceRow(biz, x.side, partyId);
      // 核销 moves money from 预收 / 预付 onto a document: the balance stays, open and unapplied fall alike
      expect([after.balance, after.open, after.unapplied], 'balance / open / unapplied after 核销').toEqual([
        before.balance,
        f2(D(before.open).minus(amount)),
        f2(D(before.unapplied).minus(amount)),
      ]);
      return;
    }
    case 'close': {
      await step(co, m, { k: 'post' }, log);
      const ids: string[] = [];
      const cf = await post(book, CLOSING_PATHS.carryForward, { period: PERIOD });
      if (cf.status === 200) ids.push(...cf.body.data.map((v: { id: string }) => v.id));
      else expect(cf.body.msg, JSON.stringify(cf.body)).toContain('损益');
      if (ids.length) {
        await okPost(book, `${FIN}/voucher/review`, { ids });
        await okPost(book, `${FIN}/voucher/post`, { ids });
      }
      const closed = await post(book, CLOSING_PATHS.close, { period: PERIOD });
      log.push(`close: carry-forward ${cf.status}, close ${closed.status} ${closed.body.msg}`);
      expect(closed.body.msg, JSON.stringify(closed.body)).toBe('操作成功');
      await identities(co, m);
      // the closed period takes no more money records, and says which period (a stock document's review in it is
      // not refused today: see the report of issue 21)
      const res = await post(biz, E.cashCreate.path, {
        side: 'ar',
        partyId: co.cus[0],
        accountType: 'cash',
        method: 'cash',
        cashDate: DAY,
        amount: '1.00',
        auto: false,
      });
      log.push(`collection after close: ${res.status} ${res.body.msg}`);
      expect([res.status, res.body.msg], 'a collection in the closed period').toEqual([
        400,
        expect.stringMatching(/2026年0?3月.*已结账/),
      ]);
      return;
    }
    case 'post': {
      const voucherIds: string[] = [];
      const docs = (await okGet(book, V.documents.path, { period: PERIOD, state: 'open' })) as { id: string }[];
      if (docs.length) {
        const vs = await okPost(book, V.generate.path, { orderIds: docs.map((d) => d.id) });
        voucherIds.push(...vs.map((v: { id: string }) => v.id));
      }
      const money = (await okGet(book, V.moneyRecords.path, { period: PERIOD, state: 'open' })) as { id: string }[];
      if (money.length) {
        const vs = await okPost(book, V.moneyGenerate.path, { ids: money.map((d) => d.id) });
        voucherIds.push(...vs.map((v: { id: string }) => v.id));
      }
      const carry = await post(book, BIZ_PATHS.costCarry, { period: PERIOD });
      if (carry.status === 200) voucherIds.push(carry.body.data.id);
      else
        expect(carry.body.msg, JSON.stringify(carry.body)).toMatch(
          /本期没有待结转成本的销售出库单|本期待结转的销售成本为零/,
        );
      if (voucherIds.length) {
        await okPost(book, `${FIN}/voucher/review`, { ids: voucherIds });
        await okPost(book, `${FIN}/voucher/post`, { ids: voucherIds });
      }
      for (const d of m.docs) if (d.live) d.vouchered = true;
      for (const x of m.cash) if (x.live) x.vouchered = true;
      log.push(`post: ${docs.length} documents, ${money.length} money records, carry ${carry.status}`);
      await identities(co, m);
      return;
    }
  }
}

/** Each contract's execution (数量 in tonnes, 金额 = Σ 价税合计) = the model's live documents made under it. */
async function contracts(co: Company, m: Model) {
  for (const k of m.contracts) {
    const full = (await co.biz(`${TC}/full`, { query: { id: k.id } })).body.data;
    const docs = m.docs.filter((d) => d.live && d.contractId === k.id);
    const kg = docs.reduce((s, d) => s.plus(d.kg), ZERO);
    const gross = docs.reduce((s, d) => s.plus(k.side === 'in' ? d.pGross : d.sGross), ZERO);
    expect([full.execution.executedQty, full.execution.executedAmount], `execution of ${k.no}`).toEqual([
      kg.div(1000).toFixed(3),
      f2(gross),
    ]);
  }
}

async function balanceRow(api: Api, side: 'ar' | 'ap', partyId: string) {
  const b = await api(E.balances.path, { query: { side, partyId } });
  return (b.body.data.rows[0] ?? { balance: '0.00', open: '0.00', unapplied: '0.00' }) as {
    balance: string;
    open: string;
    unapplied: string;
  };
}

function blank(kind: Doc['kind'], id: string, no: string, kg: Decimal): Doc {
  return {
    kind,
    id,
    no,
    kg,
    pNet: ZERO,
    pTax: ZERO,
    pGross: ZERO,
    sNet: ZERO,
    sTax: ZERO,
    sGross: ZERO,
    cost: ZERO,
    returned: ZERO,
    live: true,
    vouchered: false,
    invoicedOut: false,
    invoicedIn: false,
  };
}

async function reviewedDoc(api: Api, base: string, body: unknown) {
  const d = await okPost(api, `${base}/submit`, body);
  await okPost(api, `${base}/submit-review`, { id: d.id });
  const r = await post(api, `${base}/review`, { id: d.id });
  expect(r.body.msg, `${base}/review: ${JSON.stringify(r.body)}`).toBe('操作成功');
  return r.body.data;
}

/** The book's figures (Σ debit − credit of an account's subtree; per party on 应收 / 应付) against the model. */
async function identities(co: Company, m: Model) {
  const db = c.t.database.db;
  const codeOf = async (name: string, parent?: string) => {
    const [a] = await rows<{ code: string }>(
      db,
      sql`select code from izs_fin_account where account_set_id = ${co.bookId} and is_deleted = 0 and name = ${name}
             ${parent ? sql`and code like ${`${parent}%`}` : sql``} order by length(code), code limit 1`,
    );
    expect(a, `科目 ${name}`).toBeTruthy();
    return a.code;
  };
  const debitMinusCredit = async (code: string) => {
    const [r] = await rows<{ s: string }>(
      db,
      sql`select coalesce(sum(l.debit - l.credit), 0)::text as s from izs_fin_voucher_line l
            join izs_fin_voucher v on v.id = l.voucher_id and v.is_deleted = 0
           where l.account_set_id = ${co.bookId} and l.is_deleted = 0 and l.carry_forward = 0
             and l.account_code like ${`${code}%`}`,
    );
    return D(r.s);
  };
  const perParty = async (code: string, source: 'customer' | 'supplier', partyId: string) => {
    const [r] = await rows<{ s: string }>(
      db,
      sql`select coalesce(sum(l.debit - l.credit), 0)::text as s from izs_fin_voucher_line l
            join izs_fin_voucher v on v.id = l.voucher_id and v.is_deleted = 0
            join izs_fin_dimension_data d on (l.aux ->> d.dimension_id::text) = d.id::text
            join izs_fin_dimension dm on dm.id = d.dimension_id and dm.source = ${source}
           where l.account_set_id = ${co.bookId} and l.is_deleted = 0 and l.account_code like ${`${code}%`}
             and d.source_id = ${partyId}`,
    );
    return D(r.s);
  };
  const taxes = await codeOf('应交税费');
  const got = {
    应收账款: await debitMinusCredit(await codeOf('应收账款')),
    应付账款: (await debitMinusCredit(await codeOf('应付账款'))).neg(),
    库存商品: await debitMinusCredit(await codeOf('库存商品')),
    主营业务收入: (await debitMinusCredit(await codeOf('主营业务收入'))).neg(),
    主营业务成本: await debitMinusCredit(await codeOf('主营业务成本')),
    销项税额: (await debitMinusCredit(await codeOf('销项税额', taxes))).neg(),
    进项税额: await debitMinusCredit(await codeOf('进项税额', taxes)),
  };
  const want = {
    应收账款: m.ar(0).plus(m.ar(1)),
    应付账款: m.ap(0).plus(m.ap(1)).plus(m.ap(2)),
    库存商品: m.value.plus(m.value2),
    主营业务收入: m.sum((d) => d.sNet),
    主营业务成本: m.sum((d) => (d.kind === 'out' || d.kind === 'sret' ? d.cost : d.kind === 'drop' ? d.pNet : ZERO)),
    销项税额: m.sum((d) => d.sTax),
    进项税额: m.sum((d) => d.pTax),
  };
  const fix = (o: Record<string, Decimal>) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, f2(v)]));
  expect(fix(got), 'the book against the model').toEqual(fix(want));

  const ar = await codeOf('应收账款');
  const ap = await codeOf('应付账款');
  for (const [i, id] of co.cus.entries()) {
    expect(f2(await perParty(ar, 'customer', id)), `应收账款 of customer ${i}`).toBe(f2(m.ar(i)));
    const b = await co.biz(E.balances.path, { query: { side: 'ar', partyId: id } });
    expect(b.body.data.rows[0]?.balance ?? '0.00', `receivables' balance of customer ${i}`).toBe(f2(m.ar(i)));
  }
  for (const [i, id] of co.sup.entries()) {
    expect(f2((await perParty(ap, 'supplier', id)).neg()), `应付账款 of supplier ${i}`).toBe(f2(m.ap(i)));
    const b = await co.biz(E.balances.path, { query: { side: 'ap', partyId: id } });
    expect(b.body.data.rows[0]?.balance ?? '0.00', `payables' balance of supplier ${i}`).toBe(f2(m.ap(i)));
  }
  const [stock] = await rows<{ q: string; a: string }>(
    db,
    sql`select coalesce(sum(qty), 0)::text as q, coalesce(sum(amount), 0)::text as a from izs_stock
         where warehouse_id = ${co.wh}`,
  );
  expect([D(stock.q).toFixed(3), f2(D(stock.a))], 'stock of the company').toEqual([
    m.qty.plus(m.qty2).toFixed(3),
    f2(m.value.plus(m.value2)),
  ]);

  // the product's own 业财对账
  const r: ReconRun = await okPost(co.book, RECON_PATHS.run, { period: PERIOD });
  const diff = (k: string) => r.checks.find((x) => x.key === k);
  const seen = r.checks.map((x) => [x.key, x.difference]);
  expect(seen, JSON.stringify(r.checks.flatMap((x) => x.rows))).toEqual([
    ['ar', '0.00'],
    ['ap', '0.00'],
    ['stock', '0.00'],
    ['vatOut', f2(want.销项税额.minus(m.invOut))],
    ['vatIn', f2(want.进项税额.minus(m.invIn))],
  ]);
  for (const k of ['ar', 'ap', 'stock']) expect(diff(k)?.rows, `业财对账 ${k} rows`).toEqual([]);
  await contracts(co, m);
  expect(r.orphans, '业财对账: records without their counterpart').toEqual([]);
  expect(r.checks.find((x) => x.key === 'ar')?.gl).toBe(f2(want.应收账款));
  expect(r.checks.find((x) => x.key === 'ap')?.gl).toBe(f2(want.应付账款));
  expect(r.checks.find((x) => x.key === 'stock')?.gl).toBe(f2(want.库存商品));
}

/** contracts, purchases and a sale under them, both returns, both 核销 of advances, 记账, a void, 结账 */
const EVERY_COMMAND: Cmd[] = [
  { k: 'contract', side: 'in', party: 0 },
  { k: 'contract', side: 'out', party: 0 },
  { k: 'buy', sup: 0, kg: 20000, price: '2500.00', rate: 13, incl: false },
  { k: 'buy', sup: 1, kg: 5000, price: '2400.00', rate: 9, incl: true },
  { k: 'sell', cus: 0, share: 0.5, price: '3000.00', incl: false },
  { k: 'return', side: 'in', pick: 0, share: 0.25 },
  { k: 'return', side: 'out', pick: 0, share: 0.5 },
  { k: 'offset', side: 'ar', party: 0, share: 0.5 },
  { k: 'offset', side: 'ap', party: 1, share: 1 },
  { k: 'post' },
  { k: 'sell', cus: 0, share: 0.1, price: '3100.00', incl: true },
  { k: 'void', pick: 5 },
  { k: 'buy', sup: 0, kg: 1000, price: '2450.00', rate: 13, incl: false },
  { k: 'weigh', type: 'purchase', party: 0, kg: 12000, share: 1, price: '2480.00' },
  { k: 'weigh', type: 'sale', party: 0, kg: 0, share: 0.2, price: '3050.00' },
  { k: 'produce', share: 0.1, yield: 985 },
];

/**
 * A counterexample a random run found (seed -8996527 on PostgreSQL, 2026-11-30): a sale returned whole is the only
 * out-stock of the period, 结转销售成本 has nothing to carry (a zero total), and 业财对账 listed the sale and its
 * return as 未结转销售成本 in a 存货 row without a difference, which no command could clear.
 */
const RETURNED_WHOLE: Cmd[] = [
  { k: 'buy', sup: 0, kg: 7664, price: '100.00', rate: 13, incl: false },
  { k: 'sell', cus: 0, share: 0.5, price: '100.00', incl: false },
  { k: 'produce', share: 0.1, yield: 900 },
  { k: 'return', side: 'out', pick: 0, share: 1 },
  { k: 'produce', share: 0.1, yield: 900 },
];

it('the books follow the documents by the product’s own posting path (model test)', async () => {
  const seed = process.env.FC_SEED ? Number(process.env.FC_SEED) : undefined;
  await fc.assert(
    fc.asyncProperty(fc.array(cmdArb, { minLength: 3, maxLength: 10 }), fc.boolean(), async (cmds, close) => {
      const co = await newCompany();
      const m = new Model();
      const log: string[] = [];
      try {
        for (const x of [...cmds, { k: 'invoice' } as Cmd, { k: close ? 'close' : 'post' } as Cmd]) {
          log.push(describeCmd(x));
          const before = log.length;
          await step(co, m, x, log);
          const said = log.slice(before).join(' ');
          const refused = x.k !== 'close' && said.includes(' 400 ');
          count(`${x.k}${refused ? ' refused' : said ? '' : ' (nothing to do)'}`);
          expect(m.qty.gte(0) && m.value.gte(0) && m.qty2.gte(0) && m.value2.gte(0)).toBe(true);
        }
      } catch (e) {
        (e as Error).message += `\n— command log of run ${runNo}:\n${log.join('\n')}`;
        throw e;
      }
    }),
    {
      numRuns: NUM_RUNS,
      seed,
      path: process.env.FC_PATH,
      endOnFailure: !!process.env.FC_NO_SHRINK,
      // one run that reaches every command whatever the seed and the counterexamples found (then the random ones)
      examples: [
        [EVERY_COMMAND, true],
        [RETURNED_WHOLE, false],
      ],
    },
  );
}, 900_000);

// ── regressions the model test found ──

it('a book lists and vouchers its own company’s money records only', async () => {
  const a = await newCompany();
  const b = await newCompany();
  const cash = await okPost(a.biz, E.cashCreate.path, {
    side: 'ar',
    partyId: a.cus[0],
    accountType: 'cash',
    method: 'cash',
    cashDate: DAY,
    amount: '1.13',
    auto: false,
  });
  const listed = (book: Api) =>
    okGet(book, V.moneyRecords.path, { period: PERIOD, state: 'open' }).then((l: { id: string }[]) =>
      l.map((x) => x.id),
    );
  expect(await listed(a.book)).toContain(cash.id);
  expect(await listed(b.book)).not.toContain(cash.id);
  const r = await post(b.book, V.moneyGenerate.path, { ids: [cash.id] });
  expect([r.status, r.body.msg]).toEqual([400, expect.stringContaining(`不属于账套「模型账套${runNo}」所在的公司`)]);
  const [v] = await okPost(a.book, V.moneyGenerate.path, { ids: [cash.id] });
  expect(v.lines.map((l: { credit: string }) => l.credit)).toContain('1.13');
}, 120_000);

it('a 直发单 bought from a natural person owes what he is paid: no VAT added, none deducted', async () => {
  const co = await newCompany();
  const d = await reviewedDoc(co.biz, P.drop, {
    orderDate: DAY,
    supplierId: co.sup[2],
    customerId: co.cus[0],
    materialId: c.mat.WL0001,
    priceUnit: 'yuan_per_kg',
    purchaseQty: '1000.000',
    purchasePrice: '2.76',
    saleQty: '1000.000',
    salePrice: '3.00',
  });
  const [ap] = await rows<{ amount: string; net: string; tax: string }>(
    c.t.database.db,
    sql`select amount::text, net::text, tax::text from izs_ar_doc where source_id = ${d.id} and side = 'ap'`,
  );
  expect([ap.amount, ap.net, ap.tax].map((x) => f2(D(x)))).toEqual(['2760.00', '2760.00', '0.00']);
  const docs = (await okGet(co.book, V.documents.path, { period: PERIOD, state: 'open' })) as { id: string }[];
  const vs = await okPost(co.book, V.generate.path, { orderIds: docs.map((x) => x.id) });
  const lines = vs.flatMap((v: { lines: { accountName?: string; accountCode: string; debit: string }[] }) => v.lines);
  const taxes = await rows<{ code: string }>(
    c.t.database.db,
    sql`select code from izs_fin_account where account_set_id = ${co.bookId} and name = '进项税额'`,
  );
  expect(lines.filter((l: { accountCode: string }) => taxes.some((t) => l.accountCode.startsWith(t.code)))).toEqual([]);
}, 120_000);
