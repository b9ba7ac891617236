// @vitest-environment node
/**
 * Trace chain (issue 14): the demo seed's chain verifies; a weighing completed, a document reviewed and voided are
 * chained in their own transaction (a refused review chains nothing); the public lookup answers spec §7.8 (data a
 * JSON string with transactionReceipt and methodArgs.structFields) whose hashes recompute; an unknown order answers
 * a clear msg; chained rows refuse UPDATE / DELETE; a row changed behind the triggers' back fails verification
 * naming its block, and its proof fails in the verifier the trace page runs. The public lookup opens a record only by
 * its unguessable token (the order number alone, a wrong token or another order's token answer nothing); signed in,
 * the lookup by number answers the tokened link.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toCapital } from '../../core/accounting/capital.ts';
import { parseTraceData } from '../../core/trace/answer.ts';
import { verifyProof } from '../../core/trace/chain-hash.ts';
import { chainBlock, chainTx, stockOrder } from '../../server/db/schema/index.ts';
import { call } from './helpers.ts';
import { apiOf, bootStock, okPost, P, reviewed, type StockCtx } from './stock-helpers.ts';

const TRACE = '/api/izs-toolbox/blockchain/transaction-by-order-no';
const VERIFY = '/api/izs-toolbox/blockchain/verify';
const W = '/api/izs-weighing/loadometer-order';

let c: StockCtx;
beforeAll(async () => {
  c = await bootStock();
});
afterAll(async () => {
  await c?.t.close();
});

const admin = () => apiOf(c);
const db = () => c.t.database.db;
/** The public lookup (no sign-in), with the link's token or without. */
const lookup = (orderType: string, orderNo: string, t?: string) =>
  call(c.t, TRACE, { query: { orderType, orderNo, t }, headers: { Authorization: '' } });

/** The tokened public link a signed-in user gets (the 上链信息 dialog's). */
async function linkOf(orderType: string, orderNo: string): Promise<string> {
  const r = await admin()(TRACE, { query: { orderType, orderNo } });
  expect(r.body.code, JSON.stringify(r.body)).toBe(200);
  const link = parseTraceData(r.body.data)?.link ?? '';
  expect(link).toMatch(/^\/blockchain-info\/[^/]+\/[^/?]+\?t=[A-Za-z0-9_-]{22}$/);
  return link;
}
const tokenOf = (link: string) => new URL(link, 'http://x').searchParams.get('t') ?? '';

/** What the public page of the order's QR link gets. */
async function traceOf(orderType: string, orderNo: string) {
  const r = await lookup(orderType, orderNo, tokenOf(await linkOf(orderType, orderNo)));
  expect(r.body.code, JSON.stringify(r.body)).toBe(200);
  expect(typeof r.body.data).toBe('string');
  const data = parseTraceData(r.body.data);
  expect(data).not.toBeNull();
  return data!;
}

const inStockBody = (qty: string) => ({
  warehouseId: c.wh.T1,
  partyId: c.party.GYS001,
  bizType: 'purchase',
  lines: [{ materialId: c.mat.WL0002, warehouseId: c.wh.T1, qty, unitPrice: '2400' }],
});

describe('the demo chain', () => {
  it('chains the seeded completed weighings and reviewed documents and verifies', async () => {
    const r = await admin()(VERIFY);
    expect(r.body.data).toMatchObject({ ok: true, brokenHeight: null, chain: 'local-hashchain' });
    expect(r.body.data.blocks).toBeGreaterThan(5);
    const kinds = await db().selectDistinct({ t: chainTx.orderType }).from(chainTx);
    expect(kinds.map((k) => k.t)).toEqual(expect.arrayContaining(['weighing', 'in_stock', 'out_stock']));
  });
});

describe('chained in the business transaction', () => {
  it('a review chains the document; its public trace recomputes; a void adds a second record', async () => {
    const doc = await reviewed(admin(), P.inStock, inStockBody('1250.5'));
    const t = await traceOf('in_stock', doc.orderNo);
    const receipt = t.transactionReceipt;
    expect(receipt).toMatchObject({ chain: 'local-hashchain', status: 0 });
    expect(receipt.blockHash).toMatch(/^[0-9a-f]{64}$/);
    expect(receipt.transactionHash).toMatch(/^[0-9a-f]{64}$/);
    const f = Object.fromEntries(t.methodArgs.structFields.map((x) => [x.name, x.value]));
    expect(f).toMatchObject({
      单据编号: doc.orderNo,
      单据类型: '采购入库',
      上链事件: '审核',
      往来单位: expect.any(String),
      '合计数量(kg)': '1250.500',
      合计金额: '3001.20',
    });
    expect(f.明细1).toContain('1250.500 kg × 2400');
    expect((await verifyProof(t.proof)).ok).toBe(true);
    // the block is the chain head: no next block yet
    const [head] = await db()
      .select()
      .from(chainBlock)
      .where(eq(chainBlock.tenantId, '000000'))
      .orderBy(desc(chainBlock.height))
      .limit(1);
    expect(head.height).toBe(receipt.blockNumber);

    await okPost(admin(), `${P.inStock}/void`, { id: doc.id, reason: '录入错误' });
    const after = await traceOf('in_stock', doc.orderNo);
    expect(after.history.map((h) => h.event)).toEqual(['reviewed', 'voided']);
    expect(after.methodArgs.structFields.find((x) => x.key === 'reason')?.value).toBe('录入错误');
    expect(after.transactionReceipt.blockNumber).toBe(receipt.blockNumber + 1);
    expect(after.proof.block.prevHash).toBe(receipt.blockHash);
    expect((await verifyProof(after.proof)).ok).toBe(true);
  });

  it('a refused review chains nothing (same transaction)', async () => {
    const before = await db().select({ n: sql<number>`count(*)::int` }).from(chainTx);
    const out = await okPost(admin(), `${P.outStock}/submit`, {
      warehouseId: c.wh.T2,
      partyId: c.party.KH001,
      bizType: 'sale',
      lines: [{ materialId: c.mat.WL0002, warehouseId: c.wh.T2, qty: '999999', unitPrice: '1' }],
    });
    await okPost(admin(), `${P.outStock}/submit-review`, { id: out.id });
    const r = await admin()(`${P.outStock}/review`, { body: { id: out.id } });
    expect(r.status).toBe(400); // not enough stock in T2
    const now = await db().select({ n: sql<number>`count(*)::int` }).from(chainTx);
    expect(now[0].n).toBe(before[0].n);
  });

  it('a completed weighing is chained with its figures', async () => {
    const first = await okPost(admin(), `${W}/first-pass`, {
      orderType: 'purchase',
      weighbridgeId: c.wb.DB01,
      carNumber: '浙B7T001',
      weight: '30000',
      stable: true,
      partyId: c.party.GYS001,
      materialId: c.mat.WL0002,
    });
    const done = await okPost(admin(), `${W}/second-pass`, { id: first.id, weight: '10000', stable: 1, complete: 1 });
    const t = await traceOf('weighing', done.orderNo);
    const f = Object.fromEntries(t.methodArgs.structFields.map((x) => [x.key, x.value]));
    expect(f).toMatchObject({
      event: '过磅完成',
      grossWeight: '30000.000',
      tareWeight: '10000.000',
      netWeight: done.netWeight,
      amount: done.amount,
      carNumber: '浙B7T001',
    });
    expect((await verifyProof(t.proof)).ok).toBe(true);
  });

  it('an unknown order answers a clear message', async () => {
    const r = await admin()(TRACE, { query: { orderType: 'in_stock', orderNo: 'RK000000000000' } });
    expect(r.body).toMatchObject({ code: 400, success: false, msg: '未找到该单据的上链记录' });
    const bad = await lookup('', 'X');
    expect(bad.body.msg).toBe('请填写单据类型');
  });
});

describe('unguessable public links', () => {
  const INVALID = '溯源链接无效，请扫描单据上的二维码';
  it('the order number alone opens nothing publicly; the token does, for its own order only', async () => {
    const doc = await reviewed(admin(), P.inStock, inStockBody('12'));
    const link = await linkOf('in_stock', doc.orderNo);
    expect(link.startsWith(`/blockchain-info/in_stock/${encodeURIComponent(doc.orderNo)}?t=`)).toBe(true);
    // the same link every time (one token per order)
    expect(await linkOf('in_stock', doc.orderNo)).toBe(link);
    const byNumber = await lookup('in_stock', doc.orderNo);
    expect(byNumber.body).toMatchObject({ code: 400, success: false, msg: INVALID, data: null });
    const wrong = await lookup('in_stock', doc.orderNo, 'A'.repeat(22));
    expect(wrong.body.msg).toBe(INVALID);
    const malformed = await lookup('in_stock', doc.orderNo, 'short');
    expect(malformed.body.msg).toBe(INVALID);
    // another chained order's token does not open this one
    const other = await reviewed(admin(), P.inStock, inStockBody('13'));
    const otherToken = tokenOf(await linkOf('in_stock', other.orderNo));
    expect((await lookup('in_stock', doc.orderNo, otherToken)).body.msg).toBe(INVALID);
    const ok = await lookup('in_stock', doc.orderNo, tokenOf(link));
    expect(ok.body.code).toBe(200);
    expect(parseTraceData(ok.body.data)?.methodArgs.orderNo).toBe(doc.orderNo);
    // tokens are 128 random bits, unique per order
    const tokens = await db().execute(
      sql`select count(distinct token)::int as n, count(*)::int as m from izs_chain_token`,
    );
    const [{ n, m }] = (tokens as unknown as { rows: { n: number; m: number }[] }).rows;
    expect(n).toBe(m);
  });

  it('trace-link answers the tokened path of a chained order and null before it is chained', async () => {
    const doc = await reviewed(admin(), P.inStock, inStockBody('14'));
    const r = await admin()('/api/izs-toolbox/blockchain/trace-link', {
      query: { orderType: 'in_stock', orderNo: doc.orderNo },
    });
    expect(r.body.data.path).toBe(await linkOf('in_stock', doc.orderNo));
    const none = await admin()('/api/izs-toolbox/blockchain/trace-link', {
      query: { orderType: 'in_stock', orderNo: 'RK000000000000' },
    });
    expect(none.body.data).toEqual({ path: null });
    const anon = await call(c.t, '/api/izs-toolbox/blockchain/trace-link', {
      query: { orderType: 'in_stock', orderNo: doc.orderNo },
      headers: { Authorization: '' },
    });
    expect(anon.status).toBe(401);
  });
});

describe('append-only and tamper evidence', () => {
  it('refuses UPDATE and DELETE of chained rows', async () => {
    const refusal = (q: ReturnType<typeof sql>) =>
      db()
        .execute(q)
        .then(
          () => 'done',
          (e: Error & { cause?: Error }) => e.cause?.message ?? e.message,
        );
    expect(await refusal(sql`update izs_chain_tx set event = 'x' where seq = 1`)).toContain('溯源链只能追加');
    expect(await refusal(sql`delete from izs_chain_block where height = 1`)).toContain('溯源链只能追加');
    expect(await refusal(sql`truncate izs_chain_tx`)).toContain('溯源链只能追加');
  });

  it('a row changed behind the triggers names its block in verify and fails the page verifier', async () => {
    const doc = await reviewed(admin(), P.inStock, inStockBody('100'));
    await reviewed(admin(), P.inStock, inStockBody('200')); // a later block
    const [row] = await db()
      .select()
      .from(chainTx)
      .where(and(eq(chainTx.orderNo, doc.orderNo), eq(chainTx.event, 'reviewed')));
    // the table's owner switching the trigger off around one update (on PostgreSQL a non-superuser may not set
    // session_replication_role; the owner may disable its own table's triggers)
    await db().transaction(async (tx) => {
      await tx.execute(sql`alter table izs_chain_tx disable trigger izs_chain_tx_append_only`);
      await tx.execute(
        sql`update izs_chain_tx set fields = replace(fields, '"totalQty":"100.000"', '"totalQty":"900.000"') where id = ${row.id}`,
      );
      await tx.execute(sql`alter table izs_chain_tx enable trigger izs_chain_tx_append_only`);
    });
    const r = await admin()(VERIFY);
    expect(r.body.data).toMatchObject({ ok: false, brokenHeight: row.blockHeight });
    expect(r.body.data.reason).toContain(`区块 #${row.blockHeight}`);
    expect(r.body.data.reason).toContain('字段内容与上链哈希不符');
    const t = await traceOf('in_stock', doc.orderNo);
    const check = await verifyProof(t.proof);
    expect(check.ok).toBe(false);
    expect(check.checks.find((x) => !x.ok)?.name).toBe('字段哈希');
  });
});

describe('the printed stock document', () => {
  const PRINT = '/api/izs-toolbox/stock-print/detail';
  it('a reviewed out-stock prints the tenant, lines in kg and t, the total in 大写 and the tokened trace link', async () => {
    await reviewed(admin(), P.inStock, inStockBody('3000'));
    const out = await reviewed(admin(), P.outStock, {
      warehouseId: c.wh.T1,
      partyId: c.party.KH001,
      bizType: 'sale',
      lines: [
        { materialId: c.mat.WL0002, warehouseId: c.wh.T1, qty: '1250.5', unitPrice: '2600' },
        { materialId: c.mat.WL0002, warehouseId: c.wh.T1, qty: '400', unitPrice: '2450' },
      ],
    });
    const r = await admin()(PRINT, { query: { id: out.id } });
    expect(r.body.code, JSON.stringify(r.body)).toBe(200);
    const d = r.body.data;
    expect(d).toMatchObject({
      companyName: '绿循再生资源有限公司',
      docTitle: '销售出库单',
      orderNo: out.orderNo,
      partyLabel: '客户',
      state: 'reviewed',
      totalKg: '1650.500',
      totalT: '1.651',
      totalAmount: '4231.30',
    });
    // the figures are the document's stored ones (issue 21), the 大写 is the 价税合计's
    const [stored] = await db()
      .select({ net: stockOrder.netAmount, tax: stockOrder.taxAmount, gross: stockOrder.grossAmount })
      .from(stockOrder)
      .where(eq(stockOrder.id, out.id));
    expect(d).toMatchObject({ netAmount: stored.net, taxAmount: stored.tax, grossAmount: stored.gross });
    expect(d.totalCapital).toBe(toCapital(stored.gross));
    expect(
      d.lines.map((l: { qtyT: string; priceUnit: string; amount: string }) => [l.qtyT, l.priceUnit, l.amount]),
    ).toEqual([
      ['1.251', '元/吨', '3251.30'],
      ['0.400', '元/吨', '980.00'],
    ]);
    expect(d.tracePath).toBe(await linkOf('out_stock', out.orderNo));
    // the printed link opens the public record
    const pub = await lookup('out_stock', out.orderNo, tokenOf(d.tracePath));
    expect(pub.body.code).toBe(200);
  });

  it('a draft has no trace link yet; another tenant’s id or a bad id is refused', async () => {
    const draft = await okPost(admin(), `${P.inStock}/submit`, inStockBody('5'));
    const r = await admin()(PRINT, { query: { id: draft.id } });
    expect(r.body.data).toMatchObject({ docTitle: '采购入库单', partyLabel: '供应商', tracePath: null });
    expect((await admin()(PRINT, { query: { id: '999999999' } })).body.msg).toBe('单据不存在或不可打印');
    expect((await admin()(PRINT, { query: { id: 'x' } })).body.msg).toBe('单据编号不正确');
  });
});

describe('probing public links', () => {
  it('an address past 30 invalid lookups in a minute is refused (429), even with a valid link; signed-in users are not', async () => {
    const doc = await reviewed(admin(), P.inStock, inStockBody('15'));
    const link = await linkOf('in_stock', doc.orderNo);
    const from = { Authorization: '', 'X-Forwarded-For': '10.77.0.1' };
    const probe = (t?: string) =>
      call(c.t, TRACE, { query: { orderType: 'in_stock', orderNo: doc.orderNo, t }, headers: from });
    for (let i = 0; i < 30; i++)
      expect((await probe(i % 2 ? undefined : `${'B'.repeat(20)}${i}`.slice(-22).padStart(22, 'C'))).body.code).toBe(
        400,
      );
    const refused = await probe(tokenOf(link));
    expect(refused.body).toMatchObject({ code: 429, success: false, msg: '查询过于频繁，请稍后再试' });
    // another address still opens it; a signed-in user looks up by number as before
    expect((await lookup('in_stock', doc.orderNo, tokenOf(link))).body.code).toBe(200);
    expect((await admin()(TRACE, { query: { orderType: 'in_stock', orderNo: doc.orderNo } })).body.code).toBe(200);
  });
});
