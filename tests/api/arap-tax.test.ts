// @vitest-environment node
/**
 * The tax in 应收单 / 应付单 (issue 11, the lead's decision): a reviewed document's 应收单 / 应付单 carries exactly
 * what its voucher will post to 应收账款 / 应付账款 — since issue 21 the document's stored figures, whose lines took
 * their default rate and 含税 switch at save from the book of the department (the demo's 绿循再生 总账, 一般纳税人)
 * and its active template, else 业务参数's rate on top. Returns are red; manual documents keep the amount
 * typed and split it only when a rate is given.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ARAP_ENDPOINTS as E } from '../../core/contract/izs-finance-ar/arap.contract.ts';
import { accountSet, businessConfig, relatedParty } from '../../server/db/schema/index.ts';
import { demoBook, patchStockTemplates } from './arap-helpers.ts';
import { todayStr } from './dates.ts';
import { type Api, apiOf, bootStock, okPost, P, reviewed, type StockCtx } from './stock-helpers.ts';

let c: StockCtx;
let api: Api;
let KH: string;
let GYS: string;
beforeAll(async () => {
  c = await bootStock();
  api = apiOf(c);
  const rows = await c.t.database.db
    .insert(relatedParty)
    .values([
      { tenantId: '000000', code: 'TX-KH', name: '税额测试客户', type: 'customer' },
      // a company with a taxpayer id: its input VAT is deductible (a seller without one is a natural person, issue 21)
      {
        tenantId: '000000',
        code: 'TX-GYS',
        name: '税额测试供应商',
        type: 'supplier',
        taxpayerId: '91330206TX0000001X',
      },
    ])
    .returning({ id: relatedParty.id });
  [KH, GYS] = rows.map((r) => r.id);
  await reviewed(api, P.inStock, {
    warehouseId: c.wh.T1,
    partyId: c.party.GYS001,
    lines: [{ materialId: c.mat.WL0001, qty: '100000', unitPrice: '2000' }],
  });
});
afterAll(async () => {
  await c?.t.close();
});

interface Doc {
  id: string;
  sourceNo: string;
  amount: string;
  net: string;
  tax: string;
  taxRate: string;
  taxSource: string;
  remark: string;
}
const docOf = async (side: 'ar' | 'ap', partyId: string, sourceNo: string): Promise<Doc | undefined> => {
  const r = await api(E.docPage.path, { method: 'GET', query: { side, partyId, size: 100 } });
  return (r.body.data.records as Doc[]).find((d) => d.sourceNo === sourceNo);
};
const move = (path: string, partyId: string, qty: string, unitPrice: string, extra: Record<string, unknown> = {}) =>
  reviewed(api, path, {
    warehouseId: c.wh.T1,
    partyId,
    lines: [{ materialId: c.mat.WL0001, qty, unitPrice, ...extra }],
  });

it('一般纳税人 book, default template: 应收单 = amount × 1.13, the tax half-up to the fen; a return is red', async () => {
  // 1 t × 1234.50 = 1234.50; tax 160.485 → 160.49 (half-up, not banker's 160.48)
  const out = await move(P.outStock, KH, '1000', '1234.50');
  expect(out.totalAmount).toBe('1234.50');
  const d = await docOf('ar', KH, out.orderNo);
  expect(d).toMatchObject({
    amount: '1394.99',
    net: '1234.50',
    tax: '160.49',
    taxRate: '0.1300',
    // issue 21: the 应收单 carries the document's stored figures; the line took the template's rate at save
    taxSource: 'document',
    remark: '税率来源：单据明细（税率、单价含税）',
  });
  // the credit check and the balance use the 价税合计
  const bal = await api(E.balances.path, { method: 'GET', query: { side: 'ar', partyId: KH } });
  expect(bal.body.data.rows[0].documents).toBe('1394.99');
  // a sale return of half: red, the same rule
  const line = (await api(`${P.outStock}/detail`, { method: 'GET', query: { id: out.id } })).body.data.lines[0].id;
  const back = await reviewed(api, P.saleReturn, {
    warehouseId: c.wh.T1,
    partyId: KH,
    sourceDocId: out.id,
    lines: [{ materialId: c.mat.WL0001, qty: '500', unitPrice: '1234.50', sourceLineId: line }],
  });
  expect(await docOf('ar', KH, back.orderNo)).toMatchObject({
    amount: '-697.49', // 617.25 × 13 % = 80.2425 → 80.24, as the return's voucher posts it
    net: '-617.25',
    tax: '-80.24',
    taxRate: '0.1300',
  });
});

it('a purchase template at rate 0 (as a 小规模 book has): 应付单 = amount, no tax', async () => {
  const book = await demoBook(c);
  await patchStockTemplates(c, book, ['in_stock'], { taxRate: '0' });
  const inn = await move(P.inStock, GYS, '2000', '1500.55');
  expect(await docOf('ap', GYS, inn.orderNo)).toMatchObject({
    amount: inn.totalAmount,
    net: inn.totalAmount,
    tax: '0.00',
    taxRate: '0.0000',
    taxSource: 'document',
  });
  // a template that takes the amount as 价税合计: split inside, the 应付单 keeps the amount
  await patchStockTemplates(c, book, ['in_stock'], { taxRate: 'auto', amountIncludesTax: 1 });
  const inn2 = await move(P.inStock, GYS, '1000', '113');
  expect(await docOf('ap', GYS, inn2.orderNo)).toMatchObject({ amount: '113.00', net: '100.00', tax: '13.00' });
});

it('no book in the department: 业务参数 rate on top, said in the detail', async () => {
  const db = c.t.database.db;
  const company = c.depts['绿循再生资源有限公司'];
  await db.update(accountSet).set({ isDeleted: 1 }).where(eq(accountSet.deptId, company));
  const [cfg] = await db
    .select({ id: businessConfig.id })
    .from(businessConfig)
    .where(and(eq(businessConfig.deptId, company), eq(businessConfig.isDeleted, 0)));
  if (cfg) await db.update(businessConfig).set({ taxRate: '9' }).where(eq(businessConfig.id, cfg.id));
  else await db.insert(businessConfig).values({ tenantId: '000000', deptId: company, taxRate: '9' });
  try {
    const out = await move(P.outStock, KH, '1000', '100.05'); // 100.05 × 9 % = 9.0045 → 9.00
    const d = await docOf('ar', KH, out.orderNo);
    expect(d).toMatchObject({
      amount: '109.05',
      net: '100.05',
      tax: '9.00',
      taxRate: '0.0900',
      taxSource: 'document',
      remark: '税率来源：单据明细（税率、单价含税）',
    });
    const detail = await api(E.docDetail.path, { method: 'GET', query: { id: d?.id } });
    expect(detail.body.data.remark).toBe('税率来源：单据明细（税率、单价含税）');
  } finally {
    await db.update(accountSet).set({ isDeleted: 0 }).where(eq(accountSet.deptId, company));
  }
});

it('a manual 应收单 stays as typed; with a rate it is split into 不含税 + 税额', async () => {
  const plain = await okPost(api, E.docManual.path, {
    side: 'ar',
    partyId: KH,
    docDate: todayStr(),
    amount: '500',
    summary: '场地租金',
  });
  expect(plain).toMatchObject({ amount: '500.00', net: '500.00', tax: '0.00', taxSource: 'manual' });
  const taxed = await okPost(api, E.docManual.path, {
    side: 'ar',
    partyId: KH,
    docDate: todayStr(),
    amount: '1090',
    taxRate: '9',
    summary: '场地租金（含税）',
  });
  expect(taxed).toMatchObject({ amount: '1090.00', net: '1000.00', tax: '90.00', taxRate: '0.0900' });
  const bad = await api(E.docManual.path, {
    body: { side: 'ar', partyId: KH, docDate: todayStr(), amount: '10', taxRate: 'abc', summary: 'x' },
  });
  expect([bad.status, bad.body.msg]).toEqual([400, '税率应为0–99之间的百分数']);
});
