/**
 * A year of a real yard, made by the product's own commands (issue 21). After the first-start seed wrote the master
 * data (parties, materials, warehouses, users, the demo book and its chart), `loadHistory` signs in as the
 * administrator and drives the HTTP API in-process (`app.inject`, as tests/api/books-model.test.ts does) for the
 * company 绿循再生资源有限公司 in Ningbo over the last `months` months: reviewed purchases (companies with 13 % on top,
 * a 含税 price, the natural person 王师傅 at 0 %), reviewed sales, one 直发单 a month, collections and payments with
 * 核销 (oldest first), a monthly 拆解分拣 of 中型废钢, 销项 / 进项 invoices, 反向开票 for the natural person's purchases (issued at each closed month's
 * end), and 记账 — vouchers from the book's templates for every open document
 * and money record, 结转销售成本, 结转损益 (and the year-end transfer in December), review, posting — and the month
 * closed, for every month but the current one. The current month is vouchered and posted too (so 业财对账 is clean
 * on the demo) but left open; today has reviewed purchases and sales. No business row and no voucher is written by
 * hand: every write is a request a user could make. A fixed seed (mulberry32) makes the same history for the same
 * dates; `plan.ts` holds the yard's shape.
 */
import Decimal from 'decimal.js';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { addMonths, lastDay, type Period } from '../../../core/accounting/index.ts';
import { DEFAULT_CLIENT_ID, DEFAULT_CLIENT_SECRET, DEFAULT_TENANT_ID } from '../../../core/contract/common.ts';
import { moneyFixed } from '../../../core/format/amounts.ts';
import { type Db, rows } from '../../db/client.ts';
import { accountSet, bank, captcha, dept, material, relatedParty, warehouse } from '../../db/schema/index.ts';
import { md5hex } from '../../platform/password.ts';
import { formatDate } from '../../platform/time.ts';
import { businessDays, mulberry32, PURCHASES, type Rand, SALES } from './plan.ts';

const FIN = '/api/izs-financing';
const ARAP = '/api/izs-finance-ar';
const STOCK = '/api/izs-stock';
const BASIC = `Basic ${Buffer.from(`${DEFAULT_CLIENT_ID}:${DEFAULT_CLIENT_SECRET}`).toString('base64')}`;

export interface HistoryOptions {
  /** months of history, the current one included (12: the current month and the eleven before) */
  months: number;
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
  requests: number;
  ms: number;
}

class HistoryError extends Error {}

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
  const [bk] = await db
    .select({ id: bank.id })
    .from(bank)
    .where(and(eq(bank.tenantId, T), eq(bank.isDeleted, 0), eq(bank.isDefault, 1)))
    .limit(1);

  // ── sign in as the administrator (captcha answered from its row, as the tests do) ──
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
  const auth = {
    Authorization: BASIC,
    'Blade-Auth': `bearer ${access}`,
    'Current-Dept-Id': company.id,
    'Current-Account-Set-Id': book.id,
  };

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

  // ── the yard's state the plan needs (kg on hand per warehouse + material, of what this loader bought) ──
  const onHand = new Map<string, Decimal>();
  const keyOf = (w: string, m: string) => `${w}/${m}`;
  let invoiceNo = 0;
  let documents = 0;
  let moneyRecords = 0;
  let vouchers = 0;

  const buy = async (date: string, p: (typeof PURCHASES)[number], r: Rand) => {
    const kg = new Decimal(r.int(p.kg[0], p.kg[1]));
    const price = new Decimal(r.int(p.price[0], p.price[1])).div(10).toDecimalPlaces(1);
    await reviewed(`${STOCK}/in-stock`, {
      warehouseId: wh[p.wh],
      partyId: party[p.party],
      orderDate: date,
      bizType: 'purchase',
      lines: [
        {
          materialId: mat[p.mat],
          qty: kg.toFixed(0),
          unitPrice: price.toFixed(),
          taxRate: String(p.rate),
          priceIncludesTax: p.incl ? 1 : 0,
        },
      ],
    });
    documents++;
    const k = keyOf(p.wh, p.mat);
    onHand.set(k, (onHand.get(k) ?? new Decimal(0)).plus(kg));
  };
  const sell = async (date: string, s: (typeof SALES)[number], r: Rand) => {
    const k = keyOf(s.wh, s.mat);
    const have = onHand.get(k) ?? new Decimal(0);
    const kg = have.times(r.int(s.share[0], s.share[1])).div(100).toDecimalPlaces(0, Decimal.ROUND_DOWN);
    if (kg.lte(0)) return;
    const price = new Decimal(r.int(s.price[0], s.price[1])).div(10).toDecimalPlaces(1);
    await reviewed(`${STOCK}/out-stock`, {
      warehouseId: wh[s.wh],
      partyId: party[s.party],
      orderDate: date,
      bizType: 'sale',
      lines: [
        {
          materialId: mat[s.mat],
          qty: kg.toFixed(0),
          unitPrice: price.toFixed(),
          taxRate: '13',
          priceIncludesTax: s.incl ? 1 : 0,
        },
      ],
    });
    documents++;
    onHand.set(k, have.minus(kg));
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
  /** 记账 of a period: vouchers of the open documents and money records, 结转销售成本; then (closing) 结转损益,
   * the year-end transfer in December, review, posting and 结账. */
  const keepBooks = async (period: Period, close: boolean) => {
    const ids: string[] = [];
    const docs = (await ok('GET', `${FIN}/biz-voucher/documents`, { period, state: 'open' })) as { id: string }[];
    if (docs.length)
      ids.push(
        ...(await ok('POST', `${FIN}/biz-voucher/generate`, { orderIds: docs.map((d) => d.id) })).map(
          (v: { id: string }) => v.id,
        ),
      );
    const money = (await ok('GET', `${FIN}/biz-voucher/money-records`, { period, state: 'open' })) as { id: string }[];
    if (money.length)
      ids.push(
        ...(await ok('POST', `${FIN}/biz-voucher/money-generate`, { ids: money.map((d) => d.id) })).map(
          (v: { id: string }) => v.id,
        ),
      );
    const carry = await call('POST', `${FIN}/cost-carry/generate`, { period });
    if (carry.status === 200 && carry.b.code === 200) ids.push(carry.b.data.id);
    if (ids.length) {
      await ok('POST', `${FIN}/voucher/review`, { ids });
      await ok('POST', `${FIN}/voucher/post`, { ids });
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
  for (const period of periods) {
    const isCurrent = period === current;
    const end = isCurrent ? today : lastDay(period);
    const days = businessDays(period, end);
    if (isCurrent && days.at(-1) !== today) days.push(today);
    const r = rand;
    // a purchase on most business days, a sale on about one in three, one 直发单 mid-month; today three and one
    for (const day of days) {
      const isToday = day === today;
      const n = isToday ? 3 : r.int(0, 9) < 6 ? 1 : 0;
      for (let i = 0; i < n; i++) await buy(day, PURCHASES[isToday ? i : r.int(0, PURCHASES.length - 1)], r);
      if (isToday || r.int(0, 9) < 3) await sell(day, SALES[r.int(0, SALES.length - 1)], r);
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
    }
    // invoices: every document of the month, today's included (the yard invoices as it delivers)
    await invoice(period, end);
    if (!isCurrent) await reverseInvoices(period);
    await keepBooks(period, !isCurrent);
    log(`演示历史 ${period}：单据 ${documents}，收付款 ${moneyRecords}，凭证 ${vouchers}`);
  }
  if (process.env.HISTORY_TIMING) console.log([...timing].sort((a, b) => b[1] - a[1]).slice(0, 25));
  return { periods, documents, moneyRecords, vouchers, requests, ms: Date.now() - t0 };
}
