// @vitest-environment node
/**
 * Business vouchers through the real HTTP app (DESIGN §5 "Business documents generate vouchers from editable
 * templates"): the default templates of a new book; a reviewed in-stock and out-stock give balanced vouchers with the
 * supplier / customer as 辅助核算 item; a second generation is refused until the voucher is deleted; the sales-cost
 * carry voucher equals the out-stock cost to the fen and is not generated twice; closed periods refused; bad input
 * 400; another book's templates are invisible; the inventory-cost and current-assets reports.
 */
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIZ_PATHS } from '../../core/contract/izs-financing/business.contract.ts';
import { type Api, apiFor, createBook, FIN, type FinCtx, okGet, okPost, refused } from './finance-helpers.ts';
import { apiOf, bootStock, P, reviewed, type StockCtx, stockRow } from './stock-helpers.ts';

let c: StockCtx & FinCtx;
let book: Api;
let other: Api;
let bookId: string;
const stockApi = () => apiOf(c);
const ids: Record<string, string> = {};

beforeAll(async () => {
  const s = await bootStock();
  c = { ...s, financeDept: s.depts['财务部'] };
  const company = c.depts['绿循再生资源有限公司'];
  const a = await createBook(c, company, { name: '业务凭证账套', enableDate: '2026-01-01', allowSelfReview: 1 });
  bookId = a.book.id;
  book = a.api;
  const b = await createBook(c, company, { name: '另一账套', enableDate: '2026-01-01', accountingSystem: 2 });
  other = b.api;
  const inStock = await reviewed(stockApi(), P.inStock, {
    warehouseId: c.wh.T1,
    partyId: c.party.GYS001,
    orderDate: '2026-03-10',
    lines: [{ materialId: c.mat.WL0001, qty: '20140', unitPrice: '2350' }],
  });
  ids.in = inStock.id;
  const outStock = await reviewed(stockApi(), P.outStock, {
    warehouseId: c.wh.T1,
    partyId: c.party.KH001,
    orderDate: '2026-03-20',
    lines: [{ materialId: c.mat.WL0001, qty: '7013', unitPrice: '2800' }],
  });
  ids.out = outStock.id;
  ids.outCost = outStock.totalCost;
}, 180_000);
afterAll(async () => {
  await c?.t.close();
});

const sumOf = (lines: { debit: string; credit: string }[], k: 'debit' | 'credit') =>
  lines.reduce((s, l) => s.plus(l[k]), new Decimal(0)).toFixed(2);

describe('templates', () => {
  it('a new book gets the default in-stock and out-stock templates of its standard', async () => {
    const list = await okGet(book, BIZ_PATHS.templateList);
    const inTpl = list.find((t: { docType: string }) => t.docType === 'in_stock');
    const outTpl = list.find((t: { docType: string }) => t.docType === 'out_stock');
    expect(
      inTpl.lines.map((l: { accountCode: string; side: string; amountSource: string; auxSource: string }) => [
        l.accountCode,
        l.side,
        l.amountSource,
        l.auxSource,
      ]),
    ).toEqual([
      ['1405', 'debit', 'net', 'none'],
      ['22210101', 'debit', 'tax', 'none'],
      ['2202', 'credit', 'gross', 'party'],
    ]);
    expect(outTpl.lines.map((l: { accountCode: string }) => l.accountCode)).toEqual(['1122', '5001', '22210107']);
    // the enterprise book's revenue account is 6001
    const ent = await okGet(other, BIZ_PATHS.templateList);
    expect(ent.find((t: { docType: string }) => t.docType === 'out_stock').lines[1].accountCode).toBe('6001');
  });

  it("another book's templates are invisible", async () => {
    const mine = await okPost(book, BIZ_PATHS.templateSubmit, {
      name: '采购入库（无票）',
      docType: 'in_stock',
      word: '记',
      summary: '收购 {单号}',
      taxRate: '0',
      lines: [
        { accountCode: '1405', side: 'debit', amountSource: 'net' },
        { accountCode: '2202', side: 'credit', amountSource: 'gross', auxSource: 'party' },
      ],
    });
    expect(mine.isDefault).toBe(0);
    const theirs = await okGet(other, BIZ_PATHS.templateList);
    expect(theirs.some((t: { id: string }) => t.id === mine.id)).toBe(false);
    await refused(other(BIZ_PATHS.templateDetail, { query: { id: mine.id } }), 400, '凭证模板不存在');
    await refused(other(BIZ_PATHS.templateRemove, { method: 'POST', query: { ids: mine.id } }), 400, '凭证模板不存在');
    await refused(
      other(BIZ_PATHS.generate, { method: 'POST', body: { orderIds: [ids.in], templateId: mine.id } }),
      400,
      '凭证模板不存在',
    );
    await okPost(book, BIZ_PATHS.templateRemove, {}, { ids: mine.id });
  });

  it('bad input is 400 with the field named', async () => {
    const base = { name: 'x', docType: 'in_stock', word: '记', summary: 's' };
    await refused(book(BIZ_PATHS.templateSubmit, { method: 'POST', body: { ...base, lines: [] } }), 400, '两条分录');
    await refused(
      book(BIZ_PATHS.templateSubmit, {
        method: 'POST',
        body: {
          ...base,
          lines: [
            { accountCode: '1405', side: 'left', amountSource: 'net' },
            { accountCode: '2202', side: 'credit', amountSource: 'gross' },
          ],
        },
      }),
      400,
      '方向',
    );
    await refused(
      book(BIZ_PATHS.templateSubmit, {
        method: 'POST',
        body: {
          ...base,
          lines: [
            { accountCode: '2221', side: 'debit', amountSource: 'net' },
            { accountCode: '2202', side: 'credit', amountSource: 'gross' },
          ],
        },
      }),
      400,
      '不是末级科目',
    );
    await refused(book(BIZ_PATHS.templateSubmit, { method: 'POST', body: { ...base, docType: 'x', lines: [] } }), 400);
    await refused(book(BIZ_PATHS.generate, { method: 'POST', body: { orderIds: [] } }), 400, '请选择单据');
    await refused(book(BIZ_PATHS.generate, { method: 'POST', body: { orderIds: ['abc'] } }), 400, '单据编号格式不正确');
    await refused(book(BIZ_PATHS.documents, { query: { period: '2026-13' } }), 400, '会计期间');
    await refused(book(BIZ_PATHS.sellCost, { query: {} }), 400, '会计期间');
    await refused(book(BIZ_PATHS.costCarry, { method: 'POST', body: { period: 'march' } }), 400, '会计期间');
  });
});

describe('generation from stock documents', () => {
  it('lists the reviewed documents of the period', async () => {
    const docs = await okGet(book, BIZ_PATHS.documents, { period: '2026-03' });
    expect(docs.map((d: { id: string }) => d.id)).toEqual([ids.in, ids.out]);
    expect(docs[0]).toMatchObject({ docType: 'in_stock', totalAmount: '47329.00', voucherId: null });
  });

  it('a reviewed in-stock and out-stock give balanced vouchers with the counterparty item', async () => {
    const vs = await okPost(book, BIZ_PATHS.generate, { orderIds: [ids.in, ids.out] });
    expect(vs).toHaveLength(2);
    const [vin, vout] = vs;
    // 20140 kg × 2350 元/吨 = 47329.00; 13 % = 6152.77
    expect(
      vin.lines.map((l: { accountCode: string; debit: string; credit: string }) => [l.accountCode, l.debit, l.credit]),
    ).toEqual([
      ['1405', '47329.00', '0.00'],
      ['22210101', '6152.77', '0.00'],
      ['2202', '0.00', '53481.77'],
    ]);
    expect(vin.lines[2].auxNames[0]).toMatch(/^供应商：/);
    expect(vin.voucherDate).toBe('2026-03-10');
    expect(vin.kind).toBe('business');
    expect(sumOf(vin.lines, 'debit')).toBe(sumOf(vin.lines, 'credit'));
    // 7013 kg × 2800 元/吨 = 19636.40; 13 % = 2552.73
    expect(
      vout.lines.map((l: { accountCode: string; debit: string; credit: string }) => [l.accountCode, l.debit, l.credit]),
    ).toEqual([
      ['1122', '22189.13', '0.00'],
      ['5001', '0.00', '19636.40'],
      ['22210107', '0.00', '2552.73'],
    ]);
    expect(vout.lines[0].auxNames[0]).toMatch(/^客户：/);
    expect(vout.debitTotal).toBe(vout.creditTotal);
    ids.vin = vin.id;
    const docs = await okGet(book, BIZ_PATHS.documents, { period: '2026-03', state: 'done' });
    expect(docs.map((d: { voucherId: string }) => d.voucherId)).toEqual([vin.id, vout.id]);
  });

  it('a second generation is refused; deleting the voucher frees the document', async () => {
    await refused(book(BIZ_PATHS.generate, { method: 'POST', body: { orderIds: [ids.in] } }), 400, '不能重复生成');
    // the other book links documents on its own
    const ent = await okPost(other, BIZ_PATHS.generate, { orderIds: [ids.in] });
    expect(ent[0].debitTotal).toBe('53481.77');
    await okPost(book, `${FIN}/voucher/remove`, {}, { ids: ids.vin });
    const again = await okPost(book, BIZ_PATHS.generate, { orderIds: [ids.in] });
    expect(again[0].debitTotal).toBe('53481.77');
    // a red reversal (作废) frees it too
    await okPost(book, `${FIN}/voucher/review`, { ids: [again[0].id] });
    const red = await okPost(book, `${FIN}/voucher/reverse`, { id: again[0].id });
    expect(red.debitTotal).toBe('-53481.77');
    const open = await okGet(book, BIZ_PATHS.documents, { period: '2026-03', state: 'open' });
    expect(open.map((d: { id: string }) => d.id)).toEqual([ids.in]);
    const third = await okPost(book, BIZ_PATHS.generate, { orderIds: [ids.in] });
    expect(third[0].lines[2].auxNames[0]).toMatch(/^供应商：/);
  });

  it('unknown documents and callers without accounting menus are refused', async () => {
    await refused(
      book(BIZ_PATHS.generate, { method: 'POST', body: { orderIds: ['1999999999999999999'] } }),
      400,
      '单据不存在',
    );
    const clerk = apiFor(c, c.clerk, c.depts['绿循再生资源有限公司'], bookId);
    await refused(clerk(BIZ_PATHS.templateList), 403);
    await refused(clerk(BIZ_PATHS.generate, { method: 'POST', body: { orderIds: [ids.in] } }), 403);
  });

  it('all or nothing: a draft among the documents writes no voucher', async () => {
    const draft = await okPost(stockApi(), `${P.inStock}/submit`, {
      warehouseId: c.wh.T1,
      partyId: c.party.GYS001,
      orderDate: '2026-03-11',
      lines: [{ materialId: c.mat.WL0001, qty: '100', unitPrice: '2350' }],
    });
    const before = (await okGet(book, `${FIN}/voucher/page`, { period: '2026-03' })).total;
    await refused(book(BIZ_PATHS.generate, { method: 'POST', body: { orderIds: [draft.id] } }), 400, '尚未审核');
    expect((await okGet(book, `${FIN}/voucher/page`, { period: '2026-03' })).total).toBe(before);
  });
});

describe('voiding a vouchered document', () => {
  it('is refused while its voucher stands, naming book and voucher; allowed once the voucher is deleted', async () => {
    const doc = await reviewed(stockApi(), P.inStock, {
      warehouseId: c.wh.T1,
      partyId: c.party.GYS001,
      orderDate: '2026-03-12',
      lines: [{ materialId: c.mat.WL0001, qty: '1000', unitPrice: '2350' }],
    });
    const [v] = await okPost(book, BIZ_PATHS.generate, { orderIds: [doc.id] });
    const before = await stockRow(c, c.wh.T1, c.mat.WL0001);
    const r = await stockApi()(`${P.inStock}/void`, { method: 'POST', body: { id: doc.id, reason: '录错' } });
    expect(r.status).toBe(400);
    expect(r.body.msg).toBe(`单据已生成凭证（业务凭证账套 2026-03 ${v.word}-${v.no}），请先删除或冲销凭证再作废`);
    // nothing moved: the document stays reviewed and the stock as it was
    expect((await stockRow(c, c.wh.T1, c.mat.WL0001)).qty).toBe(before.qty);
    await okPost(book, `${FIN}/voucher/remove`, {}, { ids: v.id });
    const voided = await okPost(stockApi(), `${P.inStock}/void`, { id: doc.id, reason: '录错' });
    expect(voided.state).toBe('voided');
  });
});

describe('sales cost and its carry voucher', () => {
  it('the sales cost per material is the out-stock cost', async () => {
    const r = await okGet(book, BIZ_PATHS.sellCost, { period: '2026-03' });
    expect(r.rows).toHaveLength(1);
    expect(r.rows[0]).toMatchObject({ qty: '7013.000', salesAmount: '19636.40', costAmount: ids.outCost });
    expect(r.totals.costAmount).toBe(ids.outCost);
  });

  it('the carry voucher equals the out-stock cost exactly to the fen, once', async () => {
    const p = await okGet(book, BIZ_PATHS.costCarryPreview, { period: '2026-03' });
    expect(p.costAmount).toBe(ids.outCost);
    expect(p.problems).toEqual([]);
    const v = await okPost(book, BIZ_PATHS.costCarry, { period: '2026-03' });
    expect(
      v.lines.map((l: { accountCode: string; debit: string; credit: string }) => [l.accountCode, l.debit, l.credit]),
    ).toEqual([
      ['5401', ids.outCost, '0.00'],
      ['1405', '0.00', ids.outCost],
    ]);
    expect(v.voucherDate).toBe('2026-03-31');
    expect(v.kind).toBe('costCarry');
    await refused(book(BIZ_PATHS.costCarry, { method: 'POST', body: { period: '2026-03' } }), 400, '没有待结转');
    const after = await okGet(book, BIZ_PATHS.costCarryPreview, { period: '2026-03' });
    expect(after).toMatchObject({ costAmount: '0.00', carriedAmount: ids.outCost });
  });

  it('the inventory cost agrees with the 库存商品 account', async () => {
    const r = await okGet(book, BIZ_PATHS.stockCost, { period: '2026-03' });
    const row = r.rows.find((x: { materialId: string }) => x.materialId === c.mat.WL0001);
    expect(row).toMatchObject({ inQty: '20140.000', inAmount: '47329.00', outQty: '7013.000', outAmount: ids.outCost });
    expect(new Decimal(row.closingAmount).toFixed(2)).toBe(new Decimal(47329).minus(ids.outCost).toFixed(2));
    expect(r.accounts.find((a: { code: string }) => a.code === '1405').balance).toBe(row.closingAmount);
    expect(r.difference).toBe('0.00');
  });

  it('the current-assets report reads the period-end balances', async () => {
    const r = await okGet(book, BIZ_PATHS.currentAssets, { period: '2026-03' });
    const by = Object.fromEntries(r.rows.map((x: { key: string; closing: string }) => [x.key, x.closing]));
    expect(by.receivable).toBe('22189.13');
    expect(by.inventory).toBe(new Decimal(47329).minus(ids.outCost).toFixed(2));
    expect(by.total).toBe(new Decimal(by.receivable).plus(by.inventory).toFixed(2));
  });
});

describe('sales returns in the cost carry', () => {
  it('the carry and the sales cost net the returned goods at their cost, and the return is linked once', async () => {
    const out = await reviewed(stockApi(), P.outStock, {
      warehouseId: c.wh.T1,
      partyId: c.party.KH001,
      orderDate: '2026-04-05',
      lines: [{ materialId: c.mat.WL0001, qty: '3000', unitPrice: '2800' }],
    });
    const outLine = (await stockApi()(`${P.outStock}/detail`, { query: { id: out.id } })).body.data.lines[0].id;
    const back = await reviewed(stockApi(), P.saleReturn, {
      warehouseId: c.wh.T1,
      partyId: c.party.KH001,
      orderDate: '2026-04-10',
      sourceDocId: out.id,
      lines: [{ materialId: c.mat.WL0001, qty: '1000', unitPrice: '2800', sourceLineId: outLine }],
    });
    const net = new Decimal(out.totalCost).minus(back.totalCost).toFixed(2);
    expect(new Decimal(back.totalCost).gt(0)).toBe(true);

    const p = await okGet(book, BIZ_PATHS.costCarryPreview, { period: '2026-04' });
    expect(p.costAmount).toBe(net);
    expect(p.documents.map((d: { docType: string; costAmount: string }) => [d.docType, d.costAmount])).toEqual([
      ['out_stock', out.totalCost],
      ['sale_return', new Decimal(back.totalCost).neg().toFixed(2)],
    ]);
    const cost = await okGet(book, BIZ_PATHS.sellCost, { period: '2026-04' });
    expect(cost.totals).toMatchObject({ qty: '2000.000', salesAmount: '5600.00', costAmount: net, documents: 2 });

    const v = await okPost(book, BIZ_PATHS.costCarry, { period: '2026-04' });
    expect(
      v.lines.map((l: { accountCode: string; debit: string; credit: string }) => [l.accountCode, l.debit, l.credit]),
    ).toEqual([
      ['5401', net, '0.00'],
      ['1405', '0.00', net],
    ]);
    const after = await okGet(book, BIZ_PATHS.costCarryPreview, { period: '2026-04' });
    expect(after).toMatchObject({ costAmount: '0.00', carriedAmount: net, documents: [] });
    // the carried return cannot be voided while the carry voucher stands
    await refused(
      stockApi()(`${P.saleReturn}/void`, { method: 'POST', body: { id: back.id, reason: '退错' } }),
      400,
      '单据已生成凭证',
    );
  });
});

describe('closed periods', () => {
  it('a document or a cost carry in a closed period is refused', async () => {
    const doc = await reviewed(stockApi(), P.inStock, {
      warehouseId: c.wh.T1,
      partyId: c.party.GYS001,
      orderDate: '2026-01-15',
      lines: [{ materialId: c.mat.WL0001, qty: '1000', unitPrice: '2000' }],
    });
    await okPost(book, `${FIN}/period/close`, { period: '2026-01' });
    await refused(book(BIZ_PATHS.generate, { method: 'POST', body: { orderIds: [doc.id] } }), 400, '结账');
    await refused(book(BIZ_PATHS.costCarry, { method: 'POST', body: { period: '2026-01' } }), 400, '结账');
  });
});
