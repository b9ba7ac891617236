// @vitest-environment node
/**
 * 业财对账 (issue 21) through the real HTTP app: a company of its own (华东分公司 with its own default book and
 * warehouse) is built by the product's commands — a reviewed purchase differs from the books until its voucher is
 * generated and posted and its 进项 invoice recorded, then the reconciliation is clean; a hand-written voucher on
 * 应收账款 makes a difference that names it; the last run is kept and read back; the demo book says why it differs.
 */
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVOICE_ENDPOINTS as INV } from '../../core/contract/izs-finance-ar/invoice.contract.ts';
import { BIZ_PATHS } from '../../core/contract/izs-financing/business.contract.ts';
import { DIMENSION_PATHS } from '../../core/contract/izs-financing/dimension.contract.ts';
import { RECON_PATHS, type ReconRun } from '../../core/contract/izs-financing/reconcile.contract.ts';
import { accountSet, finDimension, finDimensionData, reconRun, warehouse } from '../../server/db/schema/index.ts';
import { addStartJobs } from '../../server/main.ts';
import { type Api, apiFor, createBook, FIN, okGet, okPost, refused, voucherBody } from './finance-helpers.ts';
import { bootStock, P, reviewed, type StockCtx } from './stock-helpers.ts';

let c: StockCtx & { financeDept: string };
let book: Api;
let branchApi: Api;
let bookId: string;
let wh: string;
const PERIOD = '2026-01';

const run = async (api: Api = book): Promise<ReconRun> => okPost(api, RECON_PATHS.run, { period: PERIOD });
const check = (r: ReconRun, key: string) => r.checks.find((x) => x.key === key)!;

beforeAll(async () => {
  const s = await bootStock();
  c = { ...s, financeDept: s.depts['财务部'] };
  const branch = c.depts['华东分公司'];
  const db = c.t.database.db;
  const [w] = await db
    .insert(warehouse)
    .values({ tenantId: '000000', deptId: branch, code: 'HD1', name: '华东料场', type: 'yard' })
    .returning({ id: warehouse.id });
  wh = w.id;
  const b = await createBook(c, branch, {
    name: '华东账套',
    enableDate: '2026-01-01',
    allowSelfReview: 1,
    isDefault: '1',
  });
  bookId = b.book.id;
  book = b.api;
  branchApi = apiFor(c, c.admin, branch);
}, 180_000);
afterAll(async () => {
  await c?.t.close();
});

describe('业财对账', () => {
  let inId = '';
  let orderNo = '';

  it('a reviewed purchase without voucher: the difference says which document and why', async () => {
    const empty = await run();
    expect(empty.clean).toBe(true);
    expect(empty.orphans).toEqual([]);

    const doc = await reviewed(branchApi, P.inStock, {
      warehouseId: wh,
      partyId: c.party.GYS001,
      orderDate: '2026-01-15',
      lines: [{ materialId: c.mat.WL0001, qty: '10000', unitPrice: '2500' }],
    });
    inId = doc.id;
    orderNo = doc.orderNo;
    const r = await run();
    expect(r.clean).toBe(false);
    expect(r.orphans.map((o) => o.text)).toEqual([`采购入库 ${orderNo} 未生成凭证`]);
    const ap = check(r, 'ap');
    expect(ap.gl).toBe('0.00');
    expect(ap.rows).toHaveLength(1);
    expect(ap.rows[0].key).toBe(c.party.GYS001);
    expect(ap.rows[0].difference).toBe(`-${ap.sub}`);
    expect(ap.rows[0].causes.map((x) => [x.kind, x.no.startsWith('AP') || x.no.includes(orderNo), x.effect])).toEqual([
      ['document', true, `-${ap.sub}`],
    ]);
    expect(ap.rows[0].unexplained).toBe('0.00');
    const stock = check(r, 'stock');
    expect(stock.sub).toBe('25000.00');
    expect(stock.difference).toBe('-25000.00');
    expect(stock.rows[0].causes[0].text).toBe(`采购入库 ${orderNo} 未生成凭证`);
    expect(stock.rows[0].unexplained).toBe('0.00');
  });

  it('voucher generated, reviewed and posted, invoice recorded: clean', async () => {
    const [v] = await okPost(book, BIZ_PATHS.generate, { orderIds: [inId] });
    await okPost(book, `${FIN}/voucher/review`, { ids: [v.id] });
    await okPost(book, `${FIN}/voucher/post`, { ids: [v.id] });
    const tax = v.lines.find((l: { accountCode: string }) => l.accountCode.startsWith('222101')).debit as string;
    const r0 = await run();
    // the 进项 on the voucher has no invoice yet
    expect(r0.clean, JSON.stringify({ v, r0 })).toBe(false);
    expect(check(r0, 'vatIn').difference).toBe(tax);
    expect(check(r0, 'vatIn').rows[0].causes[0].kind).toBe('unexplained');
    expect(check(r0, 'ap').rows).toEqual([]);
    expect(check(r0, 'stock').rows).toEqual([]);
    const gross = check(r0, 'ap').gl;
    const net = (Number.parseFloat(gross) * 100 - Number.parseFloat(tax) * 100) / 100; // test arithmetic only
    await okPost(branchApi, INV.save.path, {
      direction: 'in',
      invoiceNo: '26332000000999988887',
      invoiceType: 'special',
      invoiceDate: '2026-01-16',
      amount: net.toFixed(2),
      taxAmount: tax,
      taxAndAmount: gross,
      sellerName: '供应商',
      links: [],
    });
    const r = await run();
    expect(r.checks.map((x) => [x.key, x.difference, x.rows.length])).toEqual([
      ['ar', '0.00', 0],
      ['ap', '0.00', 0],
      ['stock', '0.00', 0],
      ['vatOut', '0.00', 0],
      ['vatIn', '0.00', 0],
    ]);
    expect(r.orphans).toEqual([]);
    expect(r.clean).toBe(true);
    expect(r.differences).toBe(0);
  });

  it('a hand-written voucher on 应收账款 makes a difference naming it; the last run is kept', async () => {
    const db = c.t.database.db;
    const customer = (await db.select().from(finDimension).where(eq(finDimension.accountSetId, bookId))).find(
      (d) => d.source === 'customer',
    );
    expect(customer).toBeTruthy();
    await okPost(book, DIMENSION_PATHS.dataSync, { dimensionId: customer!.id });
    const items = await db.select().from(finDimensionData).where(eq(finDimensionData.dimensionId, customer!.id));
    const item = items.find((i) => i.sourceId === c.party.KH001)!;
    const v = await okPost(
      book,
      `${FIN}/voucher/save`,
      voucherBody('2026-01-20', '销售废钢 10吨', [
        { accountCode: '1122', debit: '29500', aux: { [customer!.id]: item.id } },
        { accountCode: '1001', credit: '29500' },
      ]),
    );
    const no = `${v.word}-${v.no}`;
    const r = await run();
    expect(r.clean).toBe(false);
    const ar = check(r, 'ar');
    expect(ar.rows).toHaveLength(1);
    expect(ar.rows[0]).toMatchObject({ key: c.party.KH001, gl: '29500.00', sub: '0.00', difference: '29500.00' });
    expect(ar.rows[0].causes).toEqual([
      expect.objectContaining({ kind: 'voucher', id: v.id, no, effect: '29500.00', text: `凭证 ${no} 无来源单据` }),
    ]);
    expect(r.orphans.map((o) => o.text)).toEqual([`凭证 ${no} 无来源单据`]);

    const last = await okGet(book, RECON_PATHS.last, { period: PERIOD });
    expect(last.id).toBe(r.id);
    expect(last.clean).toBe(false);
    expect(await okGet(book, RECON_PATHS.last, { period: '2026-02' })).toBeNull();
    await refused(book(RECON_PATHS.run, { method: 'POST', body: { period: '2026-1' } }), 400, '会计期间');
  });

  it('the demo book differs and says why (hand-written vouchers, documents without vouchers)', async () => {
    const db = c.t.database.db;
    const [demo] = await db.select().from(accountSet).where(eq(accountSet.name, '绿循再生 总账'));
    const demoApi = apiFor(c, c.admin, demo.deptId!, demo.id);
    const period = demo.closedThrough ? undefined : demo.startPeriod;
    const detail = await okGet(demoApi, `${FIN}/account-set/detail`, { id: demo.id });
    const current = (detail.currentPeriod as string | undefined) ?? period;
    const r: ReconRun = await okPost(demoApi, RECON_PATHS.run, { period: current });
    expect(r.clean).toBe(false);
    expect(r.orphans.some((o) => /^凭证 记-\d+ 无来源单据$/.test(o.text))).toBe(true);
    for (const ch of r.checks)
      for (const row of ch.rows) {
        expect(row.causes.length, `${ch.title} ${row.name}`).toBeGreaterThan(0);
        for (const cause of row.causes) expect(cause.text).not.toBe('');
      }
  });
});

describe('the nightly 业财对账 job', () => {
  it('npm start registers it at 02:00 of TZ; a run reconciles every book’s current period as nightly', async () => {
    const { app, database, config } = c.t;
    addStartJobs(app, database); // what server/main.ts does before listening
    const job = app.jobs.describe().find((j) => j.name === 'reconcile');
    expect(job).toMatchObject({ schedule: { cron: '0 2 * * *' }, timezone: config.tz });
    const at = new Intl.DateTimeFormat('en-GB', {
      timeZone: config.tz,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    expect(at.format(job!.next!)).toBe('02:00');

    const nightly = async () =>
      (
        await database.db
          .select({ id: reconRun.id })
          .from(reconRun)
          .where(and(eq(reconRun.accountSetId, bookId), eq(reconRun.trigger, 'nightly')))
      ).length;
    const before = await nightly();
    expect(await app.jobs.trigger('reconcile')).toBe(true); // the run a night would start, now
    expect(await nightly()).toBe(before + 1);
    const [last] = await database.db
      .select()
      .from(reconRun)
      .where(eq(reconRun.accountSetId, bookId))
      .orderBy(desc(reconRun.createTime), desc(reconRun.id))
      .limit(1);
    expect(last).toMatchObject({ trigger: 'nightly', period: PERIOD });
  });
});
