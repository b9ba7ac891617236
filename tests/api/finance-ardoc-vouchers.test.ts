// @vitest-environment node
/**
 * Vouchers of the 应收单 / 应付单 no stock document vouchers (issue 21, "nothing owed is missing from the books"):
 * an existing book gets default templates for 直发销售 / 直发采购 / 手工应收单 / 手工应付单 / 运费 on first use; a
 * reviewed 直发单 and a manual 应收单 / 应付单 are listed with the stock documents and generate vouchers whose 应收账款 /
 * 应付账款 is the 应收单 / 应付单 to the fen; a second generation is refused. A book compares with its own company:
 * another company's 应收单 is neither listed nor vouchered, and 存货成本 counts only the company's stock.
 */
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARAP_ENDPOINTS as E } from '../../core/contract/izs-finance-ar/arap.contract.ts';
import { BIZ_VOUCHER as V } from '../../core/contract/izs-financing/business-voucher.contract.ts';
import { STOCK_REPORTS } from '../../core/contract/izs-financing/stock-reports.contract.ts';
import { rows } from '../../server/db/client.ts';
import { relatedParty } from '../../server/db/schema/index.ts';
import { createPayable } from '../../server/modules/izs-finance-ar/service.ts';
import { formatDate } from '../../server/platform/time.ts';
import { demoBook } from './arap-helpers.ts';
import { apiFor, type Api as FinApi, okGet } from './finance-helpers.ts';
import { type Api, apiOf, bootStock, okPost, P, type StockCtx } from './stock-helpers.ts';

let c: StockCtx;
let api: Api;
let book: FinApi;
let KH = '';
let GYS = '';
const TODAY = formatDate(new Date(), process.env.TZ || 'Asia/Shanghai');
const PERIOD = TODAY.slice(0, 7);

beforeAll(async () => {
  c = await bootStock();
  api = apiOf(c);
  const b = await demoBook(c);
  book = apiFor(c, c.admin, b.deptId, b.id);
  const parties = await c.t.database.db
    .insert(relatedParty)
    .values([
      { tenantId: '000000', code: 'AV-KH', name: '凭证测试客户', type: 'customer' },
      { tenantId: '000000', code: 'AV-GYS', name: '凭证测试供应商', type: 'supplier' },
    ])
    .returning({ id: relatedParty.id });
  KH = parties[0].id;
  GYS = parties[1].id;
}, 600_000);
afterAll(async () => {
  await c?.t.close();
});

type Doc = {
  id: string;
  orderNo: string;
  sourceNo: string;
  sourceType: string;
  amount: string;
  net: string;
  tax: string;
};
const docsOf = async (side: 'ar' | 'ap', partyId: string) =>
  (await api(E.docPage.path, { method: 'GET', query: { side, partyId, size: 100 } })).body.data.records as Doc[];
type VLine = { accountCode: string; accountName?: string; debit: string; credit: string; auxNames: string[] };
const generate = async (ids: string[]) => {
  const r = await book(V.generate.path, { method: 'POST', body: { orderIds: ids } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data as { lines: VLine[]; debitTotal: string; creditTotal: string }[];
};
const on = (v: { lines: VLine[] }, prefix: string, side: 'debit' | 'credit') =>
  v.lines.filter((l) => l.accountCode.startsWith(prefix)).reduce((s, l) => s.plus(l[side] || 0), new Decimal(0));

describe('vouchers of the 应收单 / 应付单 kinds', () => {
  it('an existing book gets the default templates of the five kinds', async () => {
    const list = (await okGet(book, V.templateList.path)) as {
      docType: string;
      lines: { accountCode: string; side: string; amountSource: string; auxSource: string }[];
    }[];
    for (const k of ['drop_sale', 'drop_purchase', 'ar_manual', 'ap_manual', 'freight'])
      expect(list.filter((t) => t.docType === k).length, k).toBe(1);
    const sale = list.find((t) => t.docType === 'drop_sale');
    expect(sale?.lines.map((l) => [l.side, l.amountSource, l.auxSource])).toEqual([
      ['debit', 'gross', 'party'],
      ['credit', 'net', 'none'],
      ['credit', 'tax', 'none'],
    ]);
  });

  it('a reviewed 直发单: both sides listed and vouchered; 应收账款 = the 应收单, 应付账款 = the 应付单', async () => {
    const d = await okPost(api, `${P.drop}/submit`, {
      supplierId: GYS,
      customerId: KH,
      materialId: c.mat.WL0001,
      carNumber: '浙B12345',
      purchaseQty: '10000',
      purchasePrice: '2500',
      saleQty: '10000',
      salePrice: '2700',
    });
    await okPost(api, `${P.drop}/submit-review`, { id: d.id });
    await okPost(api, `${P.drop}/review`, { id: d.id });
    const ar = (await docsOf('ar', KH)).find((x) => x.sourceType === 'drop_sale');
    const ap = (await docsOf('ap', GYS)).find((x) => x.sourceType === 'drop_purchase');
    expect(ar && ap).toBeTruthy();
    const listed = (await okGet(book, V.documents.path, { period: PERIOD, state: 'open' })) as {
      id: string;
      docType: string;
      totalAmount: string;
    }[];
    expect(listed.find((x) => x.id === ar?.id)).toMatchObject({ docType: 'drop_sale', totalAmount: ar?.amount });
    expect(listed.find((x) => x.id === ap?.id)).toMatchObject({ docType: 'drop_purchase', totalAmount: ap?.amount });
    const [va, vp] = await generate([String(ar?.id), String(ap?.id)]);
    expect(on(va, '1122', 'debit').toFixed(2)).toBe(ar?.amount);
    expect(va.debitTotal).toBe(va.creditTotal);
    expect(va.lines.find((l) => l.accountCode.startsWith('1122'))?.auxNames.join('')).toContain('凭证测试客户');
    expect(on(vp, '2202', 'credit').toFixed(2)).toBe(ap?.amount);
    expect(vp.debitTotal).toBe(vp.creditTotal);
    const again = await book(V.generate.path, { method: 'POST', body: { orderIds: [ar?.id] } });
    expect(again.status).toBe(400);
    expect(again.body.msg).toMatch(/已生成凭证 .+，不能重复生成/);
  });

  it('a 直发单 whose 应收单 stands in a voucher is not voided: refused naming the voucher and its period', async () => {
    const d = await okPost(api, `${P.drop}/submit`, {
      supplierId: GYS,
      customerId: KH,
      materialId: c.mat.WL0001,
      carNumber: '浙B54321',
      purchaseQty: '1000',
      purchasePrice: '2500',
      saleQty: '1000',
      salePrice: '2700',
    });
    await okPost(api, `${P.drop}/submit-review`, { id: d.id });
    const reviewed = await okPost(api, `${P.drop}/review`, { id: d.id });
    const ar = (await docsOf('ar', KH)).find((x) => x.sourceNo === reviewed.orderNo);
    await generate([String(ar?.id)]);
    const r = await api(`${P.drop}/void`, { body: { id: d.id, reason: '录错' } });
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(r.body.msg).toMatch(
      new RegExp(`^应收单 ${ar?.orderNo} 已生成凭证（绿循再生 总账 ${PERIOD} 记-\\d+），请先删除或冲销凭证再作废$`),
    );
    // nothing moved: the 直发单 and both its documents stand
    const states = await rows<{ state: string }>(
      c.t.database.db,
      sql`select state from izs_drop_shipping where id = ${d.id}
          union all select state from izs_ar_doc where source_id = ${d.id}`,
    );
    expect(states.map((x) => x.state)).toEqual(['reviewed', 'reviewed', 'reviewed']);
  });

  it('a reviewed manual 应收单 and 应付单: 应收账款 / 应付账款 = the document, revenue and tax as stored', async () => {
    const a = await okPost(api, E.docManual.path, {
      side: 'ar',
      partyId: KH,
      docDate: TODAY,
      amount: '1130',
      taxRate: '13',
      summary: '手工应收',
    });
    await okPost(api, E.docReview.path, { id: a.id });
    const p = await okPost(api, E.docManual.path, {
      side: 'ap',
      partyId: GYS,
      docDate: TODAY,
      amount: '500',
      summary: '手工应付',
    });
    await okPost(api, E.docReview.path, { id: p.id });
    const [va, vp] = await generate([a.id, p.id]);
    expect(on(va, '1122', 'debit').toFixed(2)).toBe('1130.00');
    // 主营业务收入 不含税 and 销项税额 as the 应收单 stores them (1000.00 + 130.00)
    expect(va.lines.filter((l) => Number(l.credit) > 0).map((l) => l.credit)).toEqual(['1000.00', '130.00']);
    expect(va.creditTotal).toBe('1130.00');
    expect(on(vp, '2202', 'credit').toFixed(2)).toBe('500.00');
    expect(vp.debitTotal).toBe('500.00');
  });
});

describe('freight', () => {
  it("a carrier's freight 应付单 (a signed transport order's) vouchers 借 销售费用 贷 应付账款 [承运商]", async () => {
    const b = await demoBook(c);
    const doc = await c.t.database.db.transaction((tx) =>
      createPayable(tx, {
        tenantId: '000000',
        deptId: b.deptId,
        userId: '1',
        partyId: GYS,
        sourceType: 'lg_freight',
        sourceNo: 'YD-TEST-1',
        docDate: TODAY,
        amount: '860.00',
        summary: '运费 YD-TEST-1',
        tz: process.env.TZ || 'Asia/Shanghai',
      }),
    );
    const listed = (await okGet(book, V.documents.path, { period: PERIOD, docType: 'freight' })) as {
      id: string;
      docTypeName: string;
    }[];
    expect(listed.find((x) => x.id === doc.id)?.docTypeName).toBe('运费');
    const [v] = await generate([doc.id]);
    expect(on(v, '2202', 'credit').toFixed(2)).toBe('860.00');
    expect(v.debitTotal).toBe('860.00');
  });
});

describe('a book compares with its own company', () => {
  it("another company's 应收单 is not listed and not vouchered in the book", async () => {
    const branch = c.depts['华东分公司'];
    const other = apiFor(c, c.admin, branch);
    const r = await other(E.docManual.path, {
      method: 'POST',
      body: { side: 'ar', partyId: KH, docDate: TODAY, amount: '77', summary: '分公司应收' },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    await okPost(api, E.docReview.path, { id: r.body.data.id });
    const listed = (await okGet(book, V.documents.path, { period: PERIOD })) as { id: string }[];
    expect(listed.some((x) => x.id === r.body.data.id)).toBe(false);
    const g = await book(V.generate.path, { method: 'POST', body: { orderIds: [r.body.data.id] } });
    expect(g.status).toBe(400);
    expect(g.body.msg).toBe(`单据 ${r.body.data.orderNo} 不属于账套「绿循再生 总账」所在的公司，不能在此账套生成凭证`);
  });

  it("存货成本 counts the company's stock, not the whole tenant's", async () => {
    const b = await demoBook(c);
    const report = (await okGet(book, STOCK_REPORTS.stockCost.path, { period: PERIOD })) as {
      totals: { closingAmount: string };
    };
    const sum = async (where: ReturnType<typeof sql>) =>
      (
        await rows<{ s: string }>(
          c.t.database.db,
          sql`select coalesce(sum(mv.amount_in - mv.amount_out), 0)::text as s
                from izs_stock_movement mv join izs_stock_order o on o.id = mv.order_id
               where mv.tenant_id = '000000' and o.order_date <= ${`${PERIOD}-31`} and ${where}`,
        )
      )[0].s;
    const company = await sum(
      sql`coalesce(mv.dept_id, o.dept_id) in (select id from blade_dept where id = ${b.deptId} or (',' || ancestors || ',') like ${`%,${b.deptId},%`})`,
    );
    const tenant = await sum(sql`true`);
    expect(new Decimal(tenant).eq(company), 'the demo keeps stock in 华东分公司 too').toBe(false);
    expect(report.totals.closingAmount).toBe(new Decimal(company).toFixed(2));
  });
});
