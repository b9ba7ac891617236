// @vitest-environment node
/**
 * Issue 21: 组装 / 拆解分拣 / 转换 vouchered from their default templates like the trade documents. A company of its
 * own (华东分公司, own book and warehouse, 库存商品 with a sub-account per material) buys, sorts, assembles and
 * converts through the product's routes; each production document's voucher credits its inputs' stored cost and
 * debits its outputs' per material to the fen, balanced; 业财对账 per material differs by exactly those documents
 * until their vouchers exist and is clean after; a red reversal frees a document and it is vouchered again.
 */
import Decimal from 'decimal.js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIZ_PATHS } from '../../core/contract/izs-financing/business.contract.ts';
import { RECON_PATHS, type ReconRun } from '../../core/contract/izs-financing/reconcile.contract.ts';
import { accountSet, warehouse } from '../../server/db/schema/index.ts';
import { type Api, apiFor, createBook, FIN, okGet, okPost, refused } from './finance-helpers.ts';
import { bootStock, P, reviewed, type StockCtx } from './stock-helpers.ts';

let c: StockCtx & { financeDept: string };
let book: Api;
let branchApi: Api;
let wh: string;
const PERIOD = '2026-01';
/** material code → its 库存商品 sub-account */
const sub: Record<string, string> = {};
const NAMES: Record<string, string> = {
  WL0001: '重废钢',
  WL0002: '中型废钢',
  WL0003: '统料破碎料',
  WL0004: '钢屑',
  WL0005: '光亮铜',
  WL0006: '黄杂铜',
};

interface DocLine {
  direction: string;
  materialId: string;
  costAmount: string;
}
interface VLine {
  accountCode: string;
  debit: string;
  credit: string;
}
const run = async (): Promise<ReconRun> => okPost(book, RECON_PATHS.run, { period: PERIOD });
const stockCheck = (r: ReconRun) => r.checks.find((x) => x.key === 'stock')!;
const docs: Record<'disassembly' | 'assembly' | 'conversion', { id: string; orderNo: string; lines: DocLine[] }> =
  {} as never;

/** Σ stored cost per sub-account of one direction of a document's lines (fen-exact, decimal). */
function costBy(lines: DocLine[], direction: string): Record<string, string> {
  const out: Record<string, Decimal> = {};
  for (const l of lines.filter((x) => x.direction === direction)) {
    const code = Object.entries(c.mat).find(([, id]) => id === l.materialId)![0];
    out[sub[code]] = (out[sub[code]] ?? new Decimal(0)).plus(l.costAmount);
  }
  return Object.fromEntries(Object.entries(out).map(([k, v]) => [k, v.toFixed(2)]));
}
const sideBy = (lines: VLine[], side: 'debit' | 'credit') =>
  Object.fromEntries(lines.filter((l) => new Decimal(l[side]).gt(0)).map((l) => [l.accountCode, l[side]]));

beforeAll(async () => {
  const s = await bootStock();
  c = { ...s, financeDept: s.depts['财务部'] };
  const branch = c.depts['华东分公司'];
  const [w] = await c.t.database.db
    .insert(warehouse)
    .values({ tenantId: '000000', deptId: branch, code: 'HDP', name: '华东分拣车间', type: 'yard' })
    .returning({ id: warehouse.id });
  wh = w.id;
  const b = await createBook(c, branch, {
    name: '华东生产账套',
    enableDate: '2026-01-01',
    allowSelfReview: 1,
    isDefault: '1',
  });
  book = b.api;
  branchApi = apiFor(c, c.admin, branch);
  // 库存商品 per material, before the book's templates are first made (so 采购入库 books per material too)
  for (const [code, name] of Object.entries(NAMES))
    sub[code] = (await okPost(book, `${FIN}/account/save`, { parentCode: '1405', name })).code;

  await reviewed(branchApi, P.inStock, {
    warehouseId: wh,
    partyId: c.party.GYS001,
    orderDate: '2026-01-10',
    lines: [
      { materialId: c.mat.WL0003, qty: '10000', unitPrice: '2301.23' },
      { materialId: c.mat.WL0005, qty: '500', unitPrice: '62500' },
    ],
  });
  const detail = async (base: string, id: string) =>
    (await okGet(branchApi, `${base}/detail`, { id })) as { id: string; orderNo: string; lines: DocLine[] };
  const d = await reviewed(branchApi, P.disassembly, {
    warehouseId: wh,
    orderDate: '2026-01-11',
    allocMethod: 'weight',
    lines: [
      { direction: 'out', materialId: c.mat.WL0003, qty: '10000' },
      { direction: 'in', materialId: c.mat.WL0001, qty: '6000' },
      { direction: 'in', materialId: c.mat.WL0002, qty: '3000' },
      { direction: 'in', materialId: c.mat.WL0004, qty: '999.5' },
    ],
  });
  docs.disassembly = await detail(P.disassembly, d.id);
  const a = await reviewed(branchApi, P.assembly, {
    warehouseId: wh,
    orderDate: '2026-01-12',
    allocMethod: 'weight',
    lines: [
      { direction: 'out', materialId: c.mat.WL0002, qty: '2000' },
      { direction: 'out', materialId: c.mat.WL0005, qty: '300' },
      { direction: 'in', materialId: c.mat.WL0006, qty: '2300' },
    ],
  });
  docs.assembly = await detail(P.assembly, a.id);
  const v = await reviewed(branchApi, P.conversion, {
    warehouseId: wh,
    orderDate: '2026-01-13',
    lines: [
      { direction: 'out', materialId: c.mat.WL0001, qty: '3000' },
      { direction: 'in', materialId: c.mat.WL0004, qty: '2990' },
    ],
  });
  docs.conversion = await detail(P.conversion, v.id);
}, 180_000);
afterAll(async () => {
  await c?.t.close();
});

describe('production documents vouchered from templates (组装 / 拆解分拣 / 转换)', () => {
  it('a new book has the three default templates: 借 库存商品 产出成本, 贷 库存商品 投入成本, per material', async () => {
    const list = await okGet(book, BIZ_PATHS.templateList);
    const kinds = ['assembly', 'disassembly', 'conversion'];
    const prod = list.filter((t: { docType: string }) => kinds.includes(t.docType));
    expect(
      prod.map((t: { docTypeName: string; isDefault: number; status: number }) => [
        t.docTypeName,
        t.isDefault,
        t.status,
      ]),
    ).toEqual([
      ['组装', 1, 1],
      ['转换', 1, 1],
      ['拆解分拣', 1, 1],
    ]);
    for (const t of prod)
      expect(
        t.lines.map((l: VLine & { side: string; amountSource: string; perMaterial: number }) => [
          l.accountCode,
          l.side,
          l.amountSource,
          l.perMaterial,
        ]),
      ).toEqual([
        ['1405', 'debit', 'cost_in', 1],
        ['1405', 'credit', 'cost_out', 1],
      ]);
    // a production template takes cost sources only
    await refused(
      book(BIZ_PATHS.templateSubmit, {
        method: 'POST',
        body: {
          name: '组装（含税）',
          docType: 'assembly',
          word: '记',
          summary: '{单号}',
          lines: [
            { accountCode: '1405', side: 'debit', amountSource: 'gross', perMaterial: 1 },
            { accountCode: '1405', side: 'credit', amountSource: 'cost_out', perMaterial: 1 },
          ],
        },
      }),
      400,
      '第 1 行：「组装」只有成本金额',
    );
  });

  it('业财对账 per material: the documents without vouchers are the whole difference, each named', async () => {
    const open = await okGet(book, BIZ_PATHS.documents, { period: PERIOD, state: 'open' });
    expect(open.map((d: { docTypeName: string; totalCost: string }) => d.docTypeName)).toEqual([
      '采购入库',
      '拆解分拣',
      '组装',
      '转换',
    ]);
    const inStock = open[0];
    await okPost(book, BIZ_PATHS.generate, { orderIds: [inStock.id] });
    const r = await run();
    const st = stockCheck(r);
    expect(st.ledger).toContain('按物料明细科目');
    expect(st.difference).toBe('0.00'); // the total is unaffected: value only moved between materials
    expect(st.rows.length).toBeGreaterThan(0);
    for (const row of st.rows) {
      expect(row.unexplained, row.name).toBe('0.00');
      for (const cause of row.causes) expect(cause.text).toMatch(/^(拆解分拣|组装|转换) (CF|ZZ|ZH)\d+ 未生成凭证$/);
    }
    expect(r.orphans.map((o) => o.text)).toEqual([
      `拆解分拣 ${docs.disassembly.orderNo} 未生成凭证`,
      `组装 ${docs.assembly.orderNo} 未生成凭证`,
      `转换 ${docs.conversion.orderNo} 未生成凭证`,
    ]);
  });

  it('each kind: debit = credit, the outputs debited and the inputs credited per material at the stored cost', async () => {
    for (const kind of ['disassembly', 'assembly', 'conversion'] as const) {
      const d = docs[kind];
      const [v] = await okPost(book, BIZ_PATHS.generate, { orderIds: [d.id] });
      const lines = v.lines as VLine[];
      const debit = lines.reduce((s, l) => s.plus(l.debit), new Decimal(0));
      const credit = lines.reduce((s, l) => s.plus(l.credit), new Decimal(0));
      expect(debit.toFixed(2), kind).toBe(credit.toFixed(2));
      expect(debit.gt(0)).toBe(true);
      expect(sideBy(lines, 'debit'), kind).toEqual(costBy(d.lines, 'in'));
      expect(sideBy(lines, 'credit'), kind).toEqual(costBy(d.lines, 'out'));
    }
    // the disassembly's 23,012.30 was allocated with the leftover fen: its voucher carries exactly those shares
    expect(costBy(docs.disassembly.lines, 'out')).toEqual({ [sub.WL0003]: '23012.30' });
    expect(costBy(docs.disassembly.lines, 'in')).toEqual({
      [sub.WL0001]: '13808.07',
      [sub.WL0002]: '6904.04',
      [sub.WL0004]: '2300.19',
    });
    const done = await okGet(book, BIZ_PATHS.documents, { period: PERIOD, state: 'open' });
    expect(done).toEqual([]);
    await refused(
      book(BIZ_PATHS.generate, { method: 'POST', body: { orderIds: [docs.assembly.id] } }),
      400,
      '已生成凭证',
    );
  });

  it('业财对账 per material is clean once they are vouchered', async () => {
    const r = await run();
    expect(stockCheck(r).rows).toEqual([]);
    expect(r.orphans.filter((o) => o.kind === 'document')).toEqual([]);
  });

  it('a red reversal or a deletion frees the document: listed again, named by the reconciliation, vouchered again', async () => {
    const d = docs.conversion;
    const [listed] = await okGet(book, BIZ_PATHS.documents, { period: PERIOD, docType: 'conversion' });
    expect(listed).toMatchObject({ id: d.id, docTypeName: '转换' });
    await okPost(book, `${FIN}/voucher/review`, { ids: [listed.voucherId] });
    await okPost(book, `${FIN}/voucher/reverse`, { id: listed.voucherId });
    const open = await okGet(book, BIZ_PATHS.documents, { period: PERIOD, state: 'open' });
    expect(open.map((x: { id: string }) => x.id)).toEqual([d.id]);
    const st = stockCheck(await run());
    expect(st.rows.map((row) => [row.key, row.causes.map((x) => x.text)])).toEqual(
      expect.arrayContaining([[sub.WL0004, [`转换 ${d.orderNo} 未生成凭证`]]]),
    );
    expect(st.rows.every((row) => row.unexplained === '0.00')).toBe(true);
    await okPost(book, BIZ_PATHS.generate, { orderIds: [d.id] });
    expect(stockCheck(await run()).rows).toEqual([]);
    // a saved voucher deleted frees its document too
    const [asm] = await okGet(book, BIZ_PATHS.documents, { period: PERIOD, docType: 'assembly' });
    await okPost(book, `${FIN}/voucher/remove`, {}, { ids: asm.voucherId });
    expect(
      (await okGet(book, BIZ_PATHS.documents, { period: PERIOD, state: 'open' })).map((x: { id: string }) => x.id),
    ).toEqual([docs.assembly.id]);
    await okPost(book, BIZ_PATHS.generate, { orderIds: [docs.assembly.id] });
    expect(stockCheck(await run()).rows).toEqual([]);
    // the document holds a live voucher again: voiding it is refused until the voucher goes
    await refused(
      branchApi(`${P.conversion}/void`, { method: 'POST', body: { id: d.id, reason: '测试' } }),
      400,
      '单据已生成凭证',
    );
  });

  it('the demo book: a 拆解分拣 of its company vouchered from the default template; 存货 per sub-account agrees', async () => {
    const db = c.t.database.db;
    const [demo] = await db.select().from(accountSet).where(eq(accountSet.name, '绿循再生 总账'));
    const demoApi = apiFor(c, c.admin, demo.deptId!, demo.id);
    const companyApi = apiFor(c, c.admin, demo.deptId!);
    const period = (await okGet(demoApi, `${FIN}/period/list`)).currentPeriod as string;
    // the demo's company buys 统料破碎料 and sorts it (dated today, the book's open month)
    await reviewed(companyApi, P.inStock, {
      warehouseId: c.wh.T1,
      partyId: c.party.GYS001,
      lines: [{ materialId: c.mat.WL0003, qty: '8000', unitPrice: '2310' }],
    });
    const d = await reviewed(companyApi, P.disassembly, {
      warehouseId: c.wh.T1,
      allocMethod: 'weight',
      lines: [
        { direction: 'out', materialId: c.mat.WL0003, qty: '8000' },
        { direction: 'in', materialId: c.mat.WL0001, qty: '5000' },
        { direction: 'in', materialId: c.mat.WL0002, qty: '2333' },
        { direction: 'in', materialId: c.mat.WL0004, qty: '667' },
      ],
    });
    const open = await okGet(demoApi, BIZ_PATHS.documents, { period, docType: 'disassembly', state: 'open' });
    expect(open.map((x: { orderNo: string; docTypeName: string }) => [x.orderNo, x.docTypeName])).toEqual([
      [d.orderNo, '拆解分拣'],
    ]);
    const named = (r: ReconRun) =>
      stockCheck(r)
        .rows.filter((row) => row.causes.some((x) => x.no === d.orderNo))
        .map((row) => row.name);
    const before: ReconRun = await okPost(demoApi, RECON_PATHS.run, { period });
    expect(stockCheck(before).ledger).toContain('按物料明细科目');
    // the demo's sub-accounts are by kind: 重废钢 / 中型废钢 → 废钢, 统料破碎料 → 统料, 钢屑 → 铁屑 (its category)
    expect(named(before).sort()).toEqual(['140501 废钢', '140504 统料', '140505 铁屑']);
    expect(before.orphans.some((o) => o.no === d.orderNo)).toBe(true);
    const [v] = await okPost(demoApi, BIZ_PATHS.generate, { orderIds: [d.id] });
    const lines = v.lines as VLine[];
    expect(lines.map((l) => l.accountCode)).toEqual(['140501', '140501', '140505', '140504']);
    expect(lines.reduce((s, l) => s.plus(l.debit).minus(l.credit), new Decimal(0)).toFixed(2)).toBe('0.00');
    expect(lines[3].credit).toBe('18480.00');
    const after: ReconRun = await okPost(demoApi, RECON_PATHS.run, { period });
    expect(named(after)).toEqual([]);
    expect(after.orphans.some((o) => o.no === d.orderNo)).toBe(false);
  });

  it('a production document that moved no value (inputs at zero cost) is refused by 生成凭证 and is no orphan', async () => {
    for (const name of ['生铝', '熟铝']) await okPost(book, `${FIN}/account/save`, { parentCode: '1405', name });
    await reviewed(branchApi, P.inStock, {
      warehouseId: wh,
      partyId: c.party.GYS001,
      orderDate: '2026-01-20',
      lines: [{ materialId: c.mat.WL0007, qty: '1000', unitPrice: '0' }],
    });
    const v = await reviewed(branchApi, P.conversion, {
      warehouseId: wh,
      orderDate: '2026-01-21',
      lines: [
        { direction: 'out', materialId: c.mat.WL0007, qty: '1000' },
        { direction: 'in', materialId: c.mat.WL0008, qty: '1000' },
      ],
    });
    expect(v.totalCost).toBe('0.00');
    await refused(book(BIZ_PATHS.generate, { method: 'POST', body: { orderIds: [v.id] } }), 400, '生成的金额为零');
    expect((await run()).orphans.some((o) => o.no === v.orderNo)).toBe(false);
  });
});
