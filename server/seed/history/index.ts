/**
 * A year of a real yard, made by the product's own commands (issue 21). After the first-start seed wrote the master
 * data (parties, materials, warehouses, users, the demo book and its chart), `loadHistory` signs in as the
 * administrator and drives the HTTP API in-process (`app.inject`, as tests/api/books-model.test.ts does) for the
 * company 绿循再生资源有限公司 in Ningbo over the last `months` months:
 * - trucks over the scale (浙B plates): 一次 / 二次过磅 with completion → the in-stock / out-stock → submitted and
 *   reviewed (the tax basis the book's template gives; the natural person 王师傅 at 0 %, what he is paid), run with the
 *   process clock at the weighing's hour (clock.ts: no command dates a weighing — the scale's clock does);
 * - one 直发单 a month, collections and payments with 核销 (oldest first), a monthly 拆解分拣 of 中型废钢, 销项 / 进项
 *   invoices, 反向开票 for the natural person's purchases (issued at each closed month's end);
 * - fixed-asset cards in the first month (新增 vouchers) and 计提折旧 every closed month after it;
 * - a year's purchase and sales contract (approved), the weighings of their party and materials made under them;
 * - one 应收账款融资 drawn in the second month, repaid monthly;
 * - three 运输单 a month with the truck's GPS track posted through the phone-app ingest, signed (freight → 应付单);
 * - weekly 物料报价单 (purchase and sale per material, a random walk — the 行情大屏's history);
 * - 记账 — vouchers from the book's templates for every open document and money record, 结转销售成本, the
 *   depreciation run, 结转损益 (and the year-end transfer in December), review, posting — and the month closed, for
 *   every month but the current one. The current month is vouchered and posted too (so 业财对账 is clean on the demo)
 *   but left open; today has reviewed purchases and sales (weighed on the real clock).
 * `scale` multiplies the trucks a day (SEED_HISTORY_SCALE; ~220 ≈ 200 weighings a business day, the busy yard's
 * performance data set, npm run bench:year) — all but the natural person's: one truck a day at most. No business
 * row and no voucher is written by hand: every write is a request a user (or the scale, or the truck's phone app)
 * could make. A fixed seed (mulberry32) makes the same history for the same dates;
 * `plan.ts` holds the yard's shape.
 */
import Decimal from 'decimal.js';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { addMonths, lastDay, type Period } from '../../../core/accounting/index.ts';
import { DEFAULT_CLIENT_ID, DEFAULT_CLIENT_SECRET, DEFAULT_TENANT_ID } from '../../../core/contract/common.ts';
import { decimalFixed, moneyFixed, priceFixed } from '../../../core/format/amounts.ts';
import { type Db, rows } from '../../db/client.ts';
import { vacuumAnalyze } from '../../db/maintenance.ts';
import {
  accountSet,
  bank,
  captcha,
  dept,
  material,
  relatedParty,
  warehouse,
  weighbridge,
} from '../../db/schema/index.ts';
import { md5hex } from '../../platform/password.ts';
import { formatDate } from '../../platform/time.ts';
import { atTime, yardTime } from './clock.ts';
import {
  ASSETS,
  businessDays,
  CONTRACTS,
  mulberry32,
  PLATES,
  PURCHASES,
  QUOTES,
  type Rand,
  ROUTE,
  SALES,
} from './plan.ts';

const FIN = '/api/izs-financing';
const ARAP = '/api/izs-finance-ar';
const STOCK = '/api/izs-stock';
const WEIGH = '/api/izs-weighing/loadometer-order';
const FA = `${FIN}/fixed-assets`;
const TC = '/api/izs-sell/trading-contract';
const SCF = '/api/izs-scf';
const QUOTE = '/api/izs-sell/material-quotes-order';
const LG = '/api/izs-logistical';
/** the yard truck's phone app's 设备鉴权码 (set when the car is saved) */
const GPS_TOKEN = 'lvxun-bl7721-app';
/** kg a sale truck carries at most */
const TRUCKLOAD_KG = 33_000;
const BASIC = `Basic ${Buffer.from(`${DEFAULT_CLIENT_ID}:${DEFAULT_CLIENT_SECRET}`).toString('base64')}`;

export interface HistoryOptions {
  /** months of history, the current one included (12: the current month and the eleven before) */
  months: number;
  /**
   * the yard's business a day, times (1: about one truck a business day; ~220: a busy yard's 200 weighings a
   * day — the performance data set, SEED_HISTORY_SCALE)
   */
  scale?: number;
  /** the PRNG seed (fixed: the same dates make the same history) */
  seed?: number;
  adminPassword: string;
  captchaMode: boolean;
  tz?: string;
  now?: Date;
  log?: (m: string) => void;
}

export interface HistoryResult {
  periods: Period[];
  documents: number;
  moneyRecords: number;
  vouchers: number;
  /** completed weighings (each made a document) */
  weighings: number;
  assetCards: number;
  contracts: number;
  /** financing contracts drawn, repayments made */
  financings: number;
  repayments: number;
  /** 运输单 signed, GPS positions stored */
  transports: number;
  positions: number;
  /** 物料报价单 posted (weekly, each traded material, purchase and sale) */
  quotes: number;
  /** 计提折旧 runs (one per closed month after the cards' first) */
  depreciations: number;
  requests: number;
  ms: number;
}

class HistoryError extends Error {}

/** Whether the growing history is due its upkeep: a tenth more weighings than at the last one, and at least 500. */
export const upkeepDue = (weighings: number, analysedAt: number) =>
  weighings - analysedAt >= Math.max(500, analysedAt / 10);

/** The first day of the book's history for `months` months ending with the current one (Asia/Shanghai). */
export function historyStart(months: number, now = new Date(), tz = process.env.TZ || 'Asia/Shanghai'): Period {
  const current = formatDate(now, tz).slice(0, 7) as Period;
  return addMonths(current, -(Math.max(1, months) - 1));
}

export async function loadHistory(app: FastifyInstance, db: Db, o: HistoryOptions): Promise<HistoryResult> {
  const t0 = Date.now();
  const tz = o.tz ?? (process.env.TZ || 'Asia/Shanghai');
  const now = o.now ?? new Date();
  const today = formatDate(now, tz);
  const current = today.slice(0, 7) as Period;
  const rand = mulberry32(o.seed ?? 20260101);
  const scale = Math.max(1, Math.floor(o.scale ?? 1));
  const log = o.log ?? (() => {});
  let requests = 0;
  const timing = new Map<string, number>();

  // ── who and where ──
  const T = DEFAULT_TENANT_ID;
  const [company] = await db
    .select({ id: dept.id })
    .from(dept)
    .where(and(eq(dept.tenantId, T), eq(dept.parentId, '0'), eq(dept.deptName, '绿循再生资源有限公司')));
  const [book] = await db
    .select({ id: accountSet.id, enableDate: accountSet.enableDate })
    .from(accountSet)
    .where(and(eq(accountSet.tenantId, T), eq(accountSet.deptId, company.id), eq(accountSet.isDeleted, 0)));
  if (!company || !book) throw new HistoryError('演示历史：缺少公司或账套（先运行演示数据初始化）');
  const byCode = <R extends { code: string; id: string }>(list: R[]) =>
    Object.fromEntries(list.map((r) => [r.code, r.id])) as Record<string, string>;
  const party = byCode(
    await db
      .select({ id: relatedParty.id, code: relatedParty.code })
      .from(relatedParty)
      .where(eq(relatedParty.tenantId, T)),
  );
  const mat = byCode(
    await db.select({ id: material.id, code: material.code }).from(material).where(eq(material.tenantId, T)),
  );
  const wh = byCode(
    await db.select({ id: warehouse.id, code: warehouse.code }).from(warehouse).where(eq(warehouse.tenantId, T)),
  );
  const wb = byCode(
    await db
      .select({ id: weighbridge.id, code: weighbridge.code })
      .from(weighbridge)
      .where(eq(weighbridge.tenantId, T)),
  );
  const [bk] = await db
    .select({ id: bank.id })
    .from(bank)
    .where(and(eq(bank.tenantId, T), eq(bank.isDeleted, 0), eq(bank.isDefault, 1)))
    .limit(1);

  // ── sign in as the administrator (captcha answered from its row, as the tests do) ──
  const signIn = async (): Promise<string> => {
    const headers: Record<string, string> = { Authorization: BASIC, 'Tenant-Id': T };
    let grant = 'password';
    if (o.captchaMode) {
      const cap = await app.inject({ method: 'GET', url: '/api/blade-auth/oauth/captcha', headers });
      const key = (cap.json() as { key: string }).key;
      const [row] = await db.select({ answer: captcha.answer }).from(captcha).where(eq(captcha.key, key));
      headers['Captcha-Key'] = key;
      headers['Captcha-Code'] = row.answer;
      grant = 'captcha';
    }
    const tok = await app.inject({
      method: 'POST',
      url: '/api/blade-auth/oauth/token',
      headers,
      query: {
        tenantId: T,
        username: 'admin',
        password: md5hex(o.adminPassword || 'admin'),
        grant_type: grant,
        scope: 'all',
        type: 'account',
      },
    });
    const access = (tok.json() as { access_token?: string }).access_token;
    if (!access) throw new HistoryError(`演示历史：管理员登录失败 ${tok.body}`);
    return access;
  };
  const auth = {
    Authorization: BASIC,
    'Blade-Auth': `bearer ${await signIn()}`,
    'Current-Dept-Id': company.id,
    'Current-Account-Set-Id': book.id,
  };
  let signedAt = Date.now();

  // biome-ignore lint/suspicious/noExplicitAny: the answers are the contracts' JSON
  type Any = any;
  const call = async (method: 'GET' | 'POST', url: string, body?: unknown): Promise<{ status: number; b: Any }> => {
    requests++;
    const t1 = Date.now();
    const r = await app.inject({
      method,
      url,
      headers: auth,
      ...(method === 'GET' ? { query: body as Record<string, string> } : { payload: body as object }),
    });
    const key = `${method} ${url.replace(/\/(submit|review|submit-review)$/, '/$1')}`;
    timing.set(key, (timing.get(key) ?? 0) + Date.now() - t1);
    return { status: r.statusCode, b: r.json() };
  };
  const ok = async (method: 'GET' | 'POST', url: string, body?: unknown): Promise<Any> => {
    const r = await call(method, url, body);
    if (r.status !== 200 || r.b?.code !== 200) throw new HistoryError(`演示历史：${url} ${JSON.stringify(r.b)}`);
    return r.b.data;
  };
  const reviewed = async (base: string, body: unknown) => {
    const d = await ok('POST', `${base}/submit`, body);
    await ok('POST', `${base}/submit-review`, { id: d.id });
    return ok('POST', `${base}/review`, { id: d.id });
  };

  /**
   * The token is verified on the real clock and kept until it expires (platform/auth.ts): the weighings made with
   * the clock at a past hour (clock.ts) would otherwise present a token issued in their future. A long run (a large
   * scale) signs in again every twenty minutes, before a day's trucks.
   */
  const fresh = async () => {
    if (Date.now() - signedAt <= 20 * 60_000) return;
    auth['Blade-Auth'] = `bearer ${await signIn()}`;
    signedAt = Date.now();
    await ok('GET', `${FIN}/period/list`);
  };
  await ok('GET', `${FIN}/period/list`);

  // ── the yard's state the plan needs (kg on hand per warehouse + material, of what this loader bought) ──
  const onHand = new Map<string, Decimal>();
  const keyOf = (w: string, m: string) => `${w}/${m}`;
  let invoiceNo = 0;
  let documents = 0;
  let moneyRecords = 0;
  let vouchers = 0;
  let depreciations = 0;

  /**
   * A truck over the scale (issue 21): 一次过磅 at `ms`, 二次过磅 with completion some 20 minutes later — the in-stock /
   * out-stock the weighing completes into (dated that day) is submitted and reviewed by the yard's office. A purchase
   * truck comes in loaded (gross first) and takes the material's default 扣杂; a sale truck comes in empty (tare
   * first). The times come from the clock (clock.ts): the loader sets it to the hour of the weighing. Answers the
   * net kg.
   */
  let weighings = 0;
  const trucks = new Map<string, number>();
  const plateOf = (code: string, r: Rand): { car: string; tare: number } => {
    const n = (trucks.get(code) ?? 0) + 1;
    trucks.set(code, n);
    const fleet = PLATES[code] ?? PLATES.GYS001;
    // a busy yard's parties send more trucks: the listed ones and, at scale, 浙B<letter><4 digits> ones
    const size = fleet.plates.length * Math.ceil(scale / 2);
    const i = n % size;
    const car = i < fleet.plates.length ? fleet.plates[i] : `浙B${fleet.letter}${1000 + (i % 9000)}`;
    return { car, tare: fleet.tare + (car.charCodeAt(car.length - 1) % 10) * 40 + r.int(-1, 1) * 20 };
  };
  const weigh = async (
    ms: number | null,
    w: {
      type: 'purchase' | 'sale';
      party: string;
      wh: string;
      mat: string;
      kg: Decimal;
      price: Decimal;
      /** a company's 含税 price (13 %), set on the draft before review */
      incl: boolean;
    },
    r: Rand,
  ): Promise<{ net: Decimal; docId: string }> => {
    const truck = plateOf(w.party, r);
    const loaded = new Decimal(truck.tare).plus(w.kg);
    const first = w.type === 'purchase' ? loaded : new Decimal(truck.tare);
    const second = w.type === 'purchase' ? new Decimal(truck.tare) : loaded;
    const at = <T>(dt: number, fn: () => Promise<T>) => (ms === null ? fn() : atTime(ms + dt, fn));
    const g = await at(0, () =>
      ok('POST', `${WEIGH}/first-pass`, {
        orderType: w.type,
        weighbridgeId: w.type === 'purchase' ? wb.DB01 : wb.DB02,
        carNumber: truck.car,
        weight: first.toFixed(0),
        stable: 1,
        partyId: party[w.party],
        materialId: mat[w.mat],
        warehouseId: wh[w.wh],
        unitPrice: w.price.toFixed(),
        contractId: contractOf(w.party, w.mat),
        ...(w.type === 'sale' ? { impurityRate: '0' } : {}),
      }),
    );
    const done = await at(18 * 60_000 + r.int(0, 600) * 1000, async () => {
      const d = await ok('POST', `${WEIGH}/second-pass`, {
        id: g.id,
        weight: second.toFixed(0),
        stable: 1,
        complete: 1,
      });
      if (d.weighState !== 'completed' || !d.stockOrderId) throw new HistoryError(`演示历史：磅单 ${d.orderNo} 未完成`);
      const base = `${STOCK}/${w.type === 'purchase' ? 'in-stock' : 'out-stock'}`;
      if (w.incl) {
        // a 含税 price agreed with this company: the office edits the draft's line before review (the weighing's
        // document takes the book template's tax basis)
        await ok('POST', `${base}/submit`, {
          id: d.stockOrderId,
          warehouseId: wh[w.wh],
          bizType: w.type,
          partyId: party[w.party],
          contractId: d.contractId ?? undefined,
          carNumber: d.carNumber,
          remark: `磅单 ${d.orderNo}`,
          lines: [
            {
              materialId: mat[w.mat],
              qty: d.netWeight,
              unitPrice: w.price.toFixed(),
              taxRate: '13',
              priceIncludesTax: 1,
            },
          ],
        });
      }
      await ok('POST', `${base}/submit-review`, { id: d.stockOrderId });
      await ok('POST', `${base}/review`, { id: d.stockOrderId });
      return d;
    });
    weighings++;
    documents++;
    return { net: new Decimal(done.netWeight), docId: done.stockOrderId };
  };
  const buy = async (ms: number | null, p: (typeof PURCHASES)[number], r: Rand) => {
    const kg = new Decimal(r.int(p.kg[0], p.kg[1]));
    const price = new Decimal(r.int(p.price[0], p.price[1])).div(10).toDecimalPlaces(1);
    const { net } = await weigh(
      ms,
      { type: 'purchase', party: p.party, wh: p.wh, mat: p.mat, kg, price, incl: p.incl && p.rate > 0 },
      r,
    );
    const k = keyOf(p.wh, p.mat);
    onHand.set(k, (onHand.get(k) ?? new Decimal(0)).plus(net));
  };
  const sell = async (ms: number | null, s: (typeof SALES)[number], r: Rand) => {
    const k = keyOf(s.wh, s.mat);
    const have = onHand.get(k) ?? new Decimal(0);
    // a share of what is held, a truckload at most
    const kg = Decimal.min(TRUCKLOAD_KG, have.times(r.int(s.share[0], s.share[1])).div(100)).toDecimalPlaces(
      0,
      Decimal.ROUND_DOWN,
    );
    if (kg.lte(0)) return;
    const price = new Decimal(r.int(s.price[0], s.price[1])).div(10).toDecimalPlaces(1);
    const { net } = await weigh(ms, { type: 'sale', party: s.party, wh: s.wh, mat: s.mat, kg, price, incl: s.incl }, r);
    onHand.set(k, have.minus(net));
  };
  /**
   * 拆解分拣 once a month (issue 21): a third of the 中型废钢 held in CK01 sorted into 重废钢 (80 %) and 钢屑, 0.5 %
   * lost; the cost is allocated by weight at review and the month's 记账 vouchers it from the book's template. Draws
   * nothing from the PRNG (later sales of 重废钢 / 中型废钢 take their share of what is held after it).
   */
  const sort = async (date: string) => {
    const from = keyOf('CK01', 'WL0002');
    const kg = (onHand.get(from) ?? new Decimal(0)).div(3).toDecimalPlaces(0, Decimal.ROUND_DOWN);
    if (kg.lt(1000)) return;
    const heavy = kg.times(0.8).toDecimalPlaces(0, Decimal.ROUND_DOWN);
    const turnings = kg.minus(heavy).minus(kg.times(0.005).toDecimalPlaces(0, Decimal.ROUND_DOWN));
    await reviewed(`${STOCK}/disassembly-order`, {
      warehouseId: wh.CK01,
      orderDate: date,
      allocMethod: 'weight',
      remark: '中型废钢分拣',
      lines: [
        { direction: 'out', materialId: mat.WL0002, qty: kg.toFixed(0) },
        { direction: 'in', materialId: mat.WL0001, qty: heavy.toFixed(0) },
        { direction: 'in', materialId: mat.WL0004, qty: turnings.toFixed(0) },
      ],
    });
    documents++;
    onHand.set(from, (onHand.get(from) as Decimal).minus(kg));
    const to = keyOf('CK01', 'WL0001');
    onHand.set(to, (onHand.get(to) ?? new Decimal(0)).plus(heavy));
  };
  const drop = async (date: string, r: Rand) => {
    const kg = new Decimal(r.int(28, 34) * 1000 + r.int(0, 999));
    const buyP = new Decimal(r.int(2450, 2700));
    await reviewed(`${STOCK}/drop-shipping`, {
      orderDate: date,
      supplierId: party.GYS001,
      customerId: party.KH001,
      materialId: mat.WL0001,
      priceUnit: 'yuan_per_tonne',
      purchaseQty: kg.toFixed(0),
      purchasePrice: buyP.toFixed(),
      saleQty: kg.toFixed(0),
      salePrice: buyP.plus(r.int(120, 220)).toFixed(),
    });
    documents++;
  };
  /** Collects / pays what a party owed on documents dated up to `upTo` (a share of it), 核销 oldest first. */
  const settle = async (side: 'ar' | 'ap', code: string, date: string, upTo: string, share: number) => {
    const open = await ok('GET', `${ARAP}/open-docs`, { side, partyId: party[code] });
    let due = new Decimal(0);
    for (const x of open.docs as { docDate: string; open: string }[]) if (x.docDate <= upTo) due = due.plus(x.open);
    const amount = due.times(share).div(100).toDecimalPlaces(0, Decimal.ROUND_DOWN);
    if (amount.lte(0)) return;
    await ok('POST', `${ARAP}/cash/create`, {
      side,
      partyId: party[code],
      accountType: bk ? 'bank' : 'cash',
      bankId: bk?.id,
      method: bk ? 'transfer' : 'cash',
      cashDate: date,
      amount: moneyFixed(amount),
      auto: true,
    });
    moneyRecords++;
  };
  /**
   * 销项 / 进项 invoices for what the company's 应收单 / 应付单 of `period` dated up to `upTo` carry in tax and no
   * invoice covers yet (a stock document's invoices are linked to it; a 直发单's are not, so this loader remembers
   * those it invoiced), at the stored 不含税 / 税额 / 价税合计 — the rest of a partly invoiced document included.
   */
  const invoicedDrops = new Set<string>();
  const invoice = async (period: Period, upTo: string) => {
    const open = await rows<{
      id: string;
      side: string;
      kind: string;
      source: string;
      date: string;
      net: string;
      tax: string;
      amount: string;
      gross: string;
      itax: string;
    }>(
      db,
      sql`select d.id::text as id, d.side, d.source_type as kind, coalesce(d.source_id, d.id)::text as source,
                 d.doc_date as date, d.net::text as net, d.tax::text as tax, d.amount::text as amount,
                 coalesce(sum(l.amount), 0)::text as gross,
                 coalesce(sum(round(i.tax_amount * l.amount / nullif(i.tax_and_amount, 0), 2)), 0)::text as itax
            from izs_ar_doc d
            left join izs_ar_invoice_link l on l.order_id = d.source_id
              and d.source_type in ('in_stock', 'out_stock', 'purchase_return', 'sale_return')
            left join izs_ar_invoice i on i.id = l.invoice_id and i.is_deleted = 0
              and i.direction = case when d.side = 'ar' then 'out' else 'in' end
           where d.tenant_id = ${T} and d.is_deleted = 0 and d.state = 'reviewed' and d.tax <> 0
             and d.doc_date between ${`${period}-01`} and ${upTo}
             and (d.dept_id = ${company.id} or d.dept_id in (select id from blade_dept
                   where (',' || ancestors || ',') like ${`%,${company.id},%`}))
           group by d.id order by d.doc_date, d.id`,
    );
    for (const d of open) {
      const drop = !['in_stock', 'out_stock', 'purchase_return', 'sale_return'].includes(d.kind);
      if (drop && invoicedDrops.has(d.id)) continue;
      const gross = new Decimal(d.amount).minus(d.gross);
      const tax = new Decimal(d.tax).minus(d.itax);
      if (gross.isZero() && tax.isZero()) continue;
      const out = d.side === 'ar';
      await ok('POST', `${ARAP}/invoice/save`, {
        direction: out ? 'out' : 'in',
        invoiceNo: String((out ? 33_000_000 : 44_000_000) + ++invoiceNo),
        invoiceType: 'special',
        invoiceDate: d.date,
        amount: moneyFixed(gross.minus(tax)),
        taxAmount: moneyFixed(tax),
        taxAndAmount: moneyFixed(gross),
        ...(out ? { purchaserName: '客户' } : { sellerName: '供应商' }),
        links: drop ? [] : [{ orderId: d.source, amount: moneyFixed(gross) }],
      });
      if (drop) invoicedDrops.add(d.id);
    }
  };
  /** 反向开票 for the month's purchases from the natural person 王师傅 (GYS002): made and issued at the month's end. */
  let reverseNo = 0;
  const reverseInvoices = async (period: Period) => {
    const list = (await ok('GET', `${ARAP}/reverse/candidates`, { month: period })) as {
      orderId: string;
      partyId: string;
      open: string;
    }[];
    for (const x of list) {
      if (x.partyId !== party.GYS002 || new Decimal(x.open).lte(0)) continue;
      const r = await ok('POST', `${ARAP}/reverse/create`, {
        orderId: x.orderId,
        sellerName: '王永福',
        idNumber: '330206197903152011',
        phone: '13905740123',
        amount: x.open,
        remark: '月末汇总开具',
      });
      await ok('POST', `${ARAP}/reverse/issue`, {
        id: r.id,
        invoiceNo: String(26332000000000500000n + BigInt(++reverseNo)),
        issueDate: lastDay(period),
      });
    }
  };
  /**
   * Contracts (issue 21): a year's purchase contract with 宁波北仑鑫达 (GYS001) and a sales contract with 宁波钢铁
   * (KH001), signed, submitted and approved on the history's first business day; every weighing of that party and a
   * material of the contract is made under it, so its document executes the contract (执行情况 has the year).
   */
  const contracts: Record<string, { id: string; mats: Set<string> }> = {};
  let contractCount = 0;
  const signContracts = async (day: string, months: number) => {
    for (const c of CONTRACTS) {
      const saved = await atTime(yardTime(day, 540), async () => {
        const x = await ok('POST', `${TC}/save-with-lines`, {
          title: c.title,
          side: c.side,
          partyId: party[c.party],
          signDate: day,
          deliveryStart: day,
          deliveryEnd: lastDay(addMonths(day.slice(0, 7) as Period, 12)),
          deliveryPlace: c.place,
          tolerancePct: '5',
          prepaymentPct: '0',
          balanceDays: 30,
          deductions: '扣杂按实',
          lines: c.lines.map((l) => ({
            materialId: mat[l.mat],
            qty: String(l.tonnesPerMonth * months),
            priceType: 'fixed',
            unitPrice: l.price,
          })),
        });
        await ok('POST', `${TC}/move`, { id: x.id, action: 'submit' });
        await ok('POST', `${TC}/move`, { id: x.id, action: 'approve', remark: '同意' });
        return x;
      });
      contracts[c.party] = { id: saved.id, mats: new Set(c.lines.map((l) => l.mat)) };
      contractCount++;
    }
  };
  const contractOf = (partyCode: string, matCode: string) => {
    const c = contracts[partyCode];
    return c?.mats.has(matCode) ? c.id : undefined;
  };

  /**
   * Financing (issue 21, supply-chain finance): 宁波银行北仑支行 as the fund provider, one 应收账款融资 against the sales
   * contract drawn on the second month's first business day (600,000.00 at 4.35 %, 180 days), repaid 100,000.00 a
   * month around the 20th (the interest ACT/360 with each repayment) until it is settled. Both are refused in a
   * closed period, so they run before the month's 结账.
   */
  let loan: { id: string; outstanding: Decimal } | null = null;
  let financings = 0;
  let repayments = 0;
  const borrow = async (day: string) => {
    const p = await ok('POST', `${SCF}/fund-provider/submit`, {
      name: '宁波银行北仑支行',
      kind: 'bank',
      creditLine: '2000000',
      annualRate: '4.35',
      pledgeRatio: '70',
    });
    const c = await ok('POST', `${SCF}/finance-contract/create`, {
      providerId: p.id,
      kind: 'receivable',
      principal: '600000.00',
      annualRate: '4.35',
      startDate: day,
      termDays: 180,
      tradingContractId: contracts.KH001?.id,
    });
    loan = { id: c.id, outstanding: new Decimal('600000') };
    financings++;
  };
  const repay = async (day: string) => {
    if (!loan || loan.outstanding.lte(0)) return;
    const principal = Decimal.min(loan.outstanding, 100000);
    const r = await ok('POST', `${SCF}/finance-contract/repay`, {
      id: loan.id,
      repayDate: day,
      principal: moneyFixed(principal),
    });
    loan.outstanding = new Decimal(r.outstanding);
    repayments++;
  };

  /**
   * Transport (issue 21, 运输单 with tracks): the yard's own truck 浙B·L7721 (a phone app as its GPS terminal, device
   * 13905746621) and carrier 宁波港通物流 deliver to 宁波钢铁 three times a month: 运输单 → 派车 → 发车 at 08:00 → the
   * phone app posts its positions (one every 30 s, through `ingest/device`, the product's own path) → 送达 with the
   * weight delivered → 签收, which books the freight as the carrier's 应付单 (vouchered from its template like any).
   * Run with the clock at the trip's hours (clock.ts), so every time of the order and its track is that day's.
   */
  let lg: { origin: string; dest: string; car: string; driver: string; carrier: string } | null = null;
  let transports = 0;
  let positions = 0;
  const fleetUp = async () => {
    // no geofence on these sites: every arrival and departure would raise a 围栏 alarm nobody handles
    const site = async (name: string, kind: string, lon: number, lat: number, address: string) =>
      (
        await ok('POST', `${LG}/site/submit`, {
          name,
          kind,
          lon: String(lon),
          lat: String(lat),
          address,
        })
      ).id as string;
    const origin = await site('绿循北仑堆场', 'yard', ROUTE[0][0], ROUTE[0][1], '浙江省宁波市北仑区新碶街道');
    const dest = await site('宁波钢铁原料场', 'mill', ROUTE.at(-1)![0], ROUTE.at(-1)![1], '浙江省宁波市北仑区临港二路');
    const carrier = (
      await ok('POST', '/api/izs-base/related-party/submit', {
        code: 'WL201',
        name: '宁波港通物流有限公司',
        type: 'supplier',
      })
    ).id as string;
    const driver = (
      await ok('POST', `${LG}/driver/submit`, {
        name: '俞海波',
        phone: '13905746621',
        licenceClass: 'A2',
        licenceExpiry: '2031-06-30',
        carrierName: '宁波港通物流有限公司',
      })
    ).id as string;
    const car = (
      await ok('POST', `${LG}/car/submit`, {
        plate: '浙B·L7721',
        carType: 'semi',
        axles: 6,
        loadT: '32',
        driverId: driver,
        gpsDeviceId: '13905746621',
        deviceToken: GPS_TOKEN,
        speedLimitKmh: 80,
      })
    ).id as string;
    lg = { origin, dest, car, driver, carrier };
    party.WL201 = carrier;
  };
  const transport = async (day: string, r: Rand) => {
    if (!lg) await fleetUp();
    const l = lg as NonNullable<typeof lg>;
    const start = yardTime(day, 480);
    const tonnes = new Decimal(r.int(29000, 32500)).div(1000);
    const id = await atTime(start - 30 * 60_000, async () => {
      const o = await ok('POST', `${LG}/order/submit`, {
        source: 'manual',
        originSiteId: l.origin,
        destSiteId: l.dest,
        materialName: '重废钢',
        plannedWeightT: decimalFixed(tonnes, 3),
        carrierId: l.carrier,
        freightMode: 'ton_km',
        freightPrice: '0.65',
        distanceKm: '18.5',
      });
      await ok('POST', `${LG}/order/dispatch`, { id: o.id, carId: l.car, driverId: l.driver });
      return o.id as string;
    });
    await atTime(start, () => ok('POST', `${LG}/order/start`, { id }));
    // the trip: ROUTE's legs, a point every 30 s (about 40 minutes), posted every ten minutes as the app does
    const points: { time: number; lon: number; lat: number; speed: number }[] = [];
    const legs = ROUTE.length - 1;
    const steps = 80;
    for (let k = 0; k <= steps; k++) {
      const f = (k / steps) * legs;
      const i = Math.min(legs - 1, Math.floor(f));
      const u = f - i;
      const [a, b] = [ROUTE[i], ROUTE[i + 1]];
      points.push({
        time: start + k * 30_000,
        lon: Number((a[0] + (b[0] - a[0]) * u).toFixed(6)),
        lat: Number((a[1] + (b[1] - a[1]) * u).toFixed(6)),
        speed: k === 0 || k === steps ? 0 : r.int(28, 62),
      });
    }
    for (let k = 0; k < points.length; k += 20) {
      const batch = points.slice(k, k + 20);
      await atTime(batch.at(-1)!.time + 5_000, async () => {
        const res = await ok('POST', `${LG}/ingest/device`, {
          deviceId: '13905746621',
          token: GPS_TOKEN,
          points: batch,
        });
        positions += res.stored;
      });
    }
    const delivered = tonnes.minus(new Decimal(r.int(0, 60)).div(1000));
    await atTime(start + 45 * 60_000, () =>
      ok('POST', `${LG}/order/deliver`, { id, deliveredWeightT: decimalFixed(delivered, 3) }),
    );
    await atTime(start + 60 * 60_000, () => ok('POST', `${LG}/order/sign`, { id }));
    transports++;
  };

  /**
   * Market quotes (issue 21, 物料报价单 → 行情大屏): every Monday a purchase and a sale quote for each material the
   * yard trades, a random walk (±2.5 % a week) inside its band, in force from that day (the latest start wins).
   */
  const quoteAt = new Map<string, Decimal>();
  let quotes = 0;
  const postQuotes = async (day: string, r: Rand) => {
    for (const q of QUOTES) {
      const key = `${q.type}/${q.mat}`;
      const lo = new Decimal(q.band[0]);
      const hi = new Decimal(q.band[1]);
      const prev = quoteAt.get(key) ?? lo.plus(hi).div(2);
      const next = Decimal.min(hi, Decimal.max(lo, prev.times(1000 + r.int(-25, 25)).div(1000))).toDecimalPlaces(0);
      quoteAt.set(key, next);
      await ok('POST', `${QUOTE}/submit`, {
        quoteType: q.type,
        materialId: mat[q.mat],
        price: priceFixed(next),
        priceUnit: 'yuan_per_tonne',
        effectiveStart: day,
        effectiveEnd: '',
        remark: '周报价',
      });
      quotes++;
    }
  };

  /**
   * Fixed assets (issue 21): the yard's equipment carded in the first month of the history (in service on its first
   * business day, the type's life and method), each with its 新增 voucher (借 固定资产 / 贷 银行存款, bought on a 普通发票:
   * no 进项 deducted); from the month after, 计提折旧 every closed month (the run's voucher, reviewed and posted with
   * the month's other vouchers, before 结转损益).
   */
  const pendingVouchers: string[] = [];
  let assetCards = 0;
  let assetsFrom: Period | null = null;
  const acquireAssets = async (day: string) => {
    const types = (await ok('GET', `${FA}/type/list`)) as { id: string; code: string }[];
    const type = (code: string) => (types.find((t) => t.code === code) ?? types[0]).id;
    for (const [i, a] of ASSETS.entries()) {
      const card = await ok('POST', `${FA}/card/save`, {
        code: `GD${String(i + 1).padStart(3, '0')}`,
        name: a.name,
        spec: a.spec,
        typeId: type(a.type),
        useDept: a.dept,
        inServiceDate: day,
        cost: a.cost,
        residualRate: '0.05',
      });
      const v = await ok('POST', `${FA}/card/acquire-voucher`, { id: card.id, creditAccount: '100201' });
      pendingVouchers.push(v.id);
      assetCards++;
    }
    assetsFrom = day.slice(0, 7) as Period;
  };
  /** 记账 of a period: vouchers of the open documents and money records, 结转销售成本; then (closing) 结转损益,
   * the year-end transfer in December, review, posting and 结账. */
  const keepBooks = async (period: Period, close: boolean) => {
    const ids: string[] = [];
    /** the open records of a list, vouchered 200 at a time (the generation's limit) until none is left */
    const generate = async (list: string, gen: string, key: 'orderIds' | 'ids') => {
      let left = Number.POSITIVE_INFINITY;
      for (;;) {
        const open = (await ok('GET', `${FIN}/biz-voucher/${list}`, { period, state: 'open' })) as { id: string }[];
        if (!open.length) return;
        if (open.length >= left) throw new HistoryError(`演示历史：${period} 有 ${open.length} 张单据不能生成凭证`);
        left = open.length;
        for (let i = 0; i < open.length; i += 200) {
          const part = open.slice(i, i + 200).map((d) => d.id);
          ids.push(
            ...(await ok('POST', `${FIN}/biz-voucher/${gen}`, { [key]: part })).map((v: { id: string }) => v.id),
          );
        }
      }
    };
    await generate('documents', 'generate', 'orderIds');
    await generate('money-records', 'money-generate', 'ids');
    const carry = await call('POST', `${FIN}/cost-carry/generate`, { period });
    if (carry.status === 200 && carry.b.code === 200) ids.push(carry.b.data.id);
    if (close && assetsFrom && period > assetsFrom) {
      const run = await ok('POST', `${FA}/depreciation/generate`, { period });
      ids.push(run.voucherId);
      depreciations++;
    }
    ids.push(...pendingVouchers.splice(0));
    for (let i = 0; i < ids.length; i += 500) {
      await ok('POST', `${FIN}/voucher/review`, { ids: ids.slice(i, i + 500) });
      await ok('POST', `${FIN}/voucher/post`, { ids: ids.slice(i, i + 500) });
    }
    vouchers += ids.length;
    if (!close) return;
    const more: string[] = [];
    const cf = await call('POST', `${FIN}/carry-forward/generate`, { period });
    if (cf.status === 200 && cf.b.code === 200) more.push(...cf.b.data.map((v: { id: string }) => v.id));
    if (period.endsWith('-12'))
      more.push(...(await ok('POST', `${FIN}/period/year-end`, { period })).map((v: { id: string }) => v.id));
    if (more.length) {
      await ok('POST', `${FIN}/voucher/review`, { ids: more });
      await ok('POST', `${FIN}/voucher/post`, { ids: more });
    }
    vouchers += more.length;
    await ok('POST', `${FIN}/period/close`, { period });
  };

  // ── the months ──
  const start = (book.enableDate ?? '').slice(0, 7) as Period;
  const first = historyStart(o.months, now, tz);
  const from = first < start ? start : first;
  const periods: Period[] = [];
  for (let p = from; p <= current; p = addMonths(p, 1)) periods.push(p);
  /**
   * The database's upkeep while the history grows, as a yard's server keeps it (db/maintenance.ts: VACUUM (ANALYZE)
   * each night on PGlite, autovacuum on PostgreSQL), at the pace autovacuum analyses a table — once it grew by a
   * tenth since the last time (at least 500 weighings). Without it the planner of a busy year kept the statistics of
   * an empty database: the making's weighings cost twice as much by the fifth month. Never at the demo's scale 1.
   */
  let analysedAt = 0;
  const upkeep = async () => {
    if (!upkeepDue(weighings, analysedAt)) return;
    await vacuumAnalyze(db);
    analysedAt = weighings;
  };
  for (const period of periods) {
    const isCurrent = period === current;
    const end = isCurrent ? today : lastDay(period);
    const days = businessDays(period, end);
    if (isCurrent && days.at(-1) !== today) days.push(today);
    const r = rand;
    if (!assetsFrom && days[0] && days[0] !== today) {
      await acquireAssets(days[0]);
      await signContracts(days[0], periods.length);
    }
    // a purchase on most business days, a sale on about one in three, one 直发单 mid-month; today three and one
    for (const day of days) {
      const isToday = day === today;
      if (new Date(`${day}T00:00:00Z`).getUTCDay() === 1 || day === days[0]) await postQuotes(day, r);
      // a purchase on six days in ten, a sale on three in ten — `scale` times over (a busy yard); today three and one
      let n = isToday ? 3 : 0;
      let sales = isToday ? 1 : 0;
      for (let k = 0; !isToday && k < scale; k++) {
        if (r.int(0, 9) < 6) n++;
        if (r.int(0, 9) < 3) sales++;
      }
      await fresh();
      // the day's trucks from 07:30, evenly over eleven hours (today's: now, on the real clock)
      const step = Math.min(45, 660 / (n + sales || 1));
      const when = (k: number) => (isToday ? null : yardTime(day, 450 + k * step));
      let person = 0;
      for (let i = 0; i < n; i++) {
        let p = PURCHASES[isToday ? i : r.int(0, PURCHASES.length - 1)];
        // the natural person brings one truck a day at most (his own): at scale the rest of that scrap comes from
        // 鑫达 — 反向开票 refuses a seller past 5,000,000.00 元 in twelve months, which a busy year's share of the trucks
        // passes by its fifth month (at scale 1 a day has one purchase: nothing changes)
        if (p.party === 'GYS002' && ++person > 1) p = { ...p, party: 'GYS001', rate: 13, incl: false };
        await buy(when(i), p, r);
      }
      for (let j = 0; j < sales; j++) await sell(when(n + j), SALES[r.int(0, SALES.length - 1)], r);
      await upkeep();
    }
    const mid = days[Math.min(days.length - 1, Math.floor(days.length / 2))];
    if (mid && mid !== today) await drop(mid, r);
    const sortDay = days.filter((d) => d !== today).at(-1);
    if (sortDay) await sort(sortDay);
    // money: around the 10th and the 25th, what was owed on the documents of the weeks before
    const pay = (n: number) => days.find((d) => Number(d.slice(8)) >= n && d !== today);
    for (const [n, lag] of [
      [10, 12],
      [25, 8],
    ] as const) {
      const day = pay(n);
      if (!day) continue;
      const upTo = formatDate(new Date(Date.parse(`${day}T12:00:00Z`) - lag * 86_400_000), 'UTC');
      for (const c of ['KH001', 'KH002']) await settle('ar', c, day, upTo, r.int(80, 100));
      for (const s of ['GYS001', 'GYS002', 'KH002']) await settle('ap', s, day, upTo, r.int(85, 100));
      if (party.WL201) await settle('ap', 'WL201', day, upTo, 100);
    }
    // transport: three deliveries to 宁波钢铁 a month (on the 4th, 11th and 18th business day)
    for (const k of [3, 10, 17]) if (days[k] && days[k] !== today) await transport(days[k], r);
    // financing: drawn on the second month's first business day, repaid around the 20th of the months after
    if (period === periods[1] && days[0] && days[0] !== today) await borrow(days[0]);
    else if (period > periods[1]) {
      const day = pay(20);
      if (day) await repay(day);
    }
    // invoices: every document of the month, today's included (the yard invoices as it delivers)
    await invoice(period, end);
    if (!isCurrent) await reverseInvoices(period);
    await keepBooks(period, !isCurrent);
    log(`演示历史 ${period}：过磅 ${weighings}，单据 ${documents}，收付款 ${moneyRecords}，凭证 ${vouchers}`);
  }
  if (process.env.HISTORY_TIMING) console.log([...timing].sort((a, b) => b[1] - a[1]).slice(0, 25));
  return {
    periods,
    documents,
    moneyRecords,
    vouchers,
    weighings,
    assetCards,
    contracts: contractCount,
    financings,
    repayments,
    transports,
    positions,
    quotes,
    depreciations,
    requests,
    ms: Date.now() - t0,
  };
}
