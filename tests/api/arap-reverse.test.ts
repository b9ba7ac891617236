// @vitest-environment node
/**
 * 反向开票 through the real HTTP app (issue 11): made from a reviewed in-stock of a natural person (the ID number
 * masked in every answer), 免税 while the seller's month stays ≤ 100,000 元 and 1 % beyond, 代办个税 0.5 %; refused:
 * a bad ID number, a seller with a taxpayer id, over the document's amount, a second live one for the same in-stock,
 * a closed month; 待开票 → 已开票 → 作废; the monthly Excel export (one row per invoice, totals, full ID numbers).
 */
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVOICE_ENDPOINTS as INV } from '../../core/contract/izs-finance-ar/invoice.contract.ts';
import { REVERSE, REVERSE_EXPORT_PATH } from '../../core/contract/izs-finance-ar/reverse.contract.ts';
import { accountSet, relatedParty } from '../../server/db/schema/index.ts';
import { demoBook } from './arap-helpers.ts';
import { addMonths, openDay, thisMonth } from './dates.ts';
import type { FinCtx } from './finance-helpers.ts';
import { BASIC } from './helpers.ts';
import { sampleEInvoicePdf } from './pdf-fixture.ts';
import { type Api, apiOf, bootStock, okPost, P, reviewed, type StockCtx } from './stock-helpers.ts';

let c: StockCtx & FinCtx;
let api: Api;
let person: string;
let firm: string;
const ID = '11010519491231002X';

beforeAll(async () => {
  const s = await bootStock();
  c = { ...s, financeDept: s.depts['财务部'] };
  api = apiOf(c);
  const rows = await c.t.database.db
    .insert(relatedParty)
    .values([
      { tenantId: '000000', code: 'GR-1', name: '王建国', type: 'supplier', phone: '13800001111' },
      {
        tenantId: '000000',
        code: 'QY-1',
        name: '鑫源回收有限公司',
        type: 'supplier',
        taxpayerId: '91320500MA1XXXXX1Q',
      },
    ])
    .returning({ id: relatedParty.id });
  [person, firm] = rows.map((r) => r.id);
}, 180_000);
afterAll(async () => {
  await c?.t.close();
});

const buy = (party: string, qty: string, price: string, orderDate = openDay(3)) =>
  reviewed(api, P.inStock, {
    warehouseId: c.wh.T1,
    partyId: party,
    orderDate,
    lines: [{ materialId: c.mat.WL0001, qty, unitPrice: price }],
  });
const refused = async (body: unknown, msg: string) => {
  const r = await api(REVERSE.create.path, { body });
  expect(r.status, JSON.stringify(r.body)).toBe(400);
  expect(r.body.msg).toContain(msg);
};

describe('反向开票', () => {
  it('the demo seed has reverse invoices of the individual seller', async () => {
    const demo = (await api(REVERSE.page.path, { method: 'GET', query: { size: 50 } })).body.data;
    expect(demo.records.length, JSON.stringify(demo)).toBeGreaterThan(0);
    expect(demo.records[0].idNumber).toBe('330206********2011');
  });

  it('creates, refuses, issues, voids and exports the month', async () => {
    const small = await buy(person, '2000', '2350'); // 4700.00
    const big = await buy(person, '100000', '2000'); // 200000.00
    const company = await buy(firm, '1000', '2000');
    const cand = (await api(REVERSE.candidates.path, { method: 'GET', query: { month: thisMonth() } })).body.data as {
      orderNo: string;
    }[];
    expect(cand.map((x) => x.orderNo)).toEqual(expect.arrayContaining([small.orderNo, big.orderNo]));
    expect(cand.map((x) => x.orderNo)).not.toContain(company.orderNo);

    const base = { orderId: small.id, sellerName: '王建国', idNumber: ID, phone: '13800001111', amount: '4700.00' };
    await refused({ ...base, idNumber: '110105194912310021' }, '校验位');
    await refused({ ...base, amount: '4700.01' }, '超过采购入库单');
    await refused({ ...base, orderId: company.id }, '有纳税人识别号');
    const first = await okPost(api, REVERSE.create.path, { ...base, photos: ['/upload/wb-1.jpg'] });
    expect([first.idNumber, first.taxRate, first.netAmount, first.taxAmount, first.iitAmount, first.state]).toEqual([
      '110105********002X',
      '0',
      '4700.00',
      '0.00',
      '23.50',
      'pending',
    ]);
    expect(first.evidence.photos).toEqual(['/upload/wb-1.jpg']);
    await refused(base, '已反向开票');
    // the month passes 100,000: 1 %
    const second = await okPost(api, REVERSE.create.path, { ...base, orderId: big.id, amount: '200000.00' });
    expect([second.taxRate, second.netAmount, second.taxAmount, second.iitAmount]).toEqual([
      '0.01',
      '198019.80',
      '1980.20',
      '990.10',
    ]);
    const issued = await okPost(api, REVERSE.issue.path, {
      id: first.id,
      invoiceNo: '26112000000001',
      issueDate: openDay(2),
    });
    expect(issued.state).toBe('issued');
    const again = await api(REVERSE.issue.path, {
      body: { id: first.id, invoiceNo: '26112000000001', issueDate: openDay(2) },
    });
    expect([again.status, again.body.msg]).toEqual([400, expect.stringContaining('已开票')]);
    const page = (await api(REVERSE.page.path, { method: 'GET', query: { month: thisMonth(), keyword: '王建国' } }))
      .body.data;
    expect(page.totals).toEqual({
      amount: '204700.00',
      netAmount: '202719.80',
      taxAmount: '1980.20',
      iitAmount: '1013.60',
    });
    expect(JSON.stringify(page)).not.toContain(ID);

    const readSheet = async () => {
      const r = await fetch(new URL(`${REVERSE_EXPORT_PATH}?month=${thisMonth()}`, c.t.base), {
        headers: { Authorization: BASIC, 'Blade-Auth': `bearer ${c.admin}` },
      });
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toContain('spreadsheetml');
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(await r.arrayBuffer());
      const ws = wb.worksheets[0];
      const out: string[][] = [];
      ws.eachRow((row) => out.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
      return out;
    };
    const sheet = await readSheet();
    expect(sheet[1][4]).toBe('身份证号码');
    const body = sheet.slice(2, -1);
    const mine = body.filter((r) => r[3] === '王建国');
    expect(mine.map((r) => [r[2], r[4], r[7], r[9], r[12]])).toEqual([
      [small.orderNo, ID, '4700.00', '免税', '已开票'],
      [big.orderNo, ID, '200000.00', '1%', '待开票'],
    ]);
    // the totals row adds every row of the month (the demo seller's too)
    const sum = (i: number) => body.reduce((t, r) => t + Math.round(Number(r[i]) * 100), 0) / 100;
    const totals = sheet.at(-1) ?? [];
    expect([totals[0], totals[1]]).toEqual(['合计', `${body.length} 张`]);
    expect([totals[7], totals[8], totals[10], totals[11]].map(Number)).toEqual([sum(7), sum(8), sum(10), sum(11)]);
    const rowsBefore = sheet.length;
    // void frees the in-stock; the export leaves it out
    await okPost(api, REVERSE.void.path, { id: second.id, reason: '金额有误' });
    expect((await readSheet()).length).toBe(rowsBefore - 1);
    const redo = await okPost(api, REVERSE.create.path, { ...base, orderId: big.id, amount: '90000.00' });
    expect(redo.taxRate).toBe('0');
  });

  it('a purchase month closed in a book is refused', async () => {
    // the demo book is closed through last month: the purchase was reviewed before the close (a stock document is
    // not reviewed into a closed period)
    const last = addMonths(thisMonth(), -1);
    const db = c.t.database.db;
    const book = await demoBook(c);
    const [b] = await db
      .select({ through: accountSet.closedThrough })
      .from(accountSet)
      .where(eq(accountSet.id, book.id));
    await db.update(accountSet).set({ closedThrough: '' }).where(eq(accountSet.id, book.id));
    const old = await buy(person, '100', '2000', `${last}-10`);
    await db.update(accountSet).set({ closedThrough: b.through }).where(eq(accountSet.id, book.id));
    await refused({ orderId: old.id, sellerName: '王建国', idNumber: ID, amount: '200.00' }, `${last} 已在账套`);
  });
});

describe('数电票 PDF import', () => {
  it('reads the text layer of an uploaded PDF and fills the invoice fields', async () => {
    const pdf = sampleEInvoicePdf();
    const p = await okPost(api, INV.parsePdf.path, { fileName: 'invoice.pdf', data: pdf.toString('base64') });
    expect({
      invoiceNo: p.invoiceNo,
      invoiceType: p.invoiceType,
      invoiceDate: p.invoiceDate,
      purchaserName: p.purchaserName,
      purchaserTaxpayerId: p.purchaserTaxpayerId,
      sellerName: p.sellerName,
      sellerTaxpayerId: p.sellerTaxpayerId,
      amount: p.amount,
      taxAmount: p.taxAmount,
      taxAndAmount: p.taxAndAmount,
    }).toEqual({
      invoiceNo: '26312000000012345678',
      invoiceType: 'special',
      invoiceDate: '2026-11-18',
      purchaserName: '绿循再生资源有限公司',
      purchaserTaxpayerId: '91310000MA1FL0XX3K',
      sellerName: '华东钢铁贸易有限公司',
      sellerTaxpayerId: '91320500MA1YYYYY2P',
      amount: '23500.00',
      taxAmount: '3055.00',
      taxAndAmount: '26555.00',
    });
    expect(p.fileHash).toMatch(/^[0-9a-f]{64}$/);
    const bad = await api(INV.parsePdf.path, { body: { data: Buffer.from('hello').toString('base64') } });
    expect([bad.status, bad.body.msg]).toEqual([400, '文件不是PDF']);
  });
});
