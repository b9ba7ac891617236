// @vitest-environment node
/**
 * Trading contracts and ledgers through the real HTTP app (issue 12): a sale contract executed by out-stocks —
 * executed totals equal the sum of the linked REVIEWED documents; the 溢短装 warning; links refused for the wrong
 * side or a contract not in execution; completion refused with open documents; signing records the SHA-256 of the
 * printed contract and a later change is seen; the sales ledger shows the deliveries.
 */
import Decimal from 'decimal.js';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../server/db/client.ts';
import { openApp, stockOrder } from '../../server/db/schema/index.ts';
import { todayStr } from './dates.ts';
import { apiOf, bootStock, okPost, P, reviewed, type StockCtx } from './stock-helpers.ts';

let c: StockCtx;
beforeAll(async () => {
  c = await bootStock();
});
afterAll(async () => {
  await c?.t.close();
});

const admin = () => apiOf(c);
const TC = '/api/izs-sell/trading-contract';
/** the business day in the server's zone (a UTC date is yesterday there before 08:00) */
const today = todayStr;

async function get(path: string) {
  const r = await admin()(path);
  expect(r.body?.success, `${path}: ${JSON.stringify(r.body)}`).toBe(true);
  return r.body.data;
}

/** Σ of the reviewed out-stocks linked to a contract, read straight from the table. */
async function reviewedSum(contractId: string) {
  const [r] = await c.t.database.db
    .select({
      qty: sql<string>`coalesce(sum(${stockOrder.totalQty}), 0)`,
      // issue 21: executed amounts are the documents' stored 价税合计
      amount: sql<string>`coalesce(sum(${stockOrder.grossAmount}), 0)`,
    })
    .from(stockOrder)
    .where(and(eq(stockOrder.contractId, contractId), eq(stockOrder.state, 'reviewed')));
  return { tonnes: new Decimal(r.qty).div(1000).toFixed(3), amount: new Decimal(r.amount).toFixed(2) };
}

describe('a sale contract executed by out-stocks', () => {
  let id = '';
  const out = (kg: string, extra: Record<string, unknown> = {}) => ({
    warehouseId: c.wh.T1,
    partyId: c.party.KH001,
    bizType: 'sale',
    contractId: id,
    lines: [{ materialId: c.mat.WL0001, qty: kg, unitPrice: '2850' }],
    ...extra,
  });

  it('saves a draft with lines (点价 = reference + premium), refuses bad input with a clear message', async () => {
    await reviewed(admin(), P.inStock, {
      warehouseId: c.wh.T1,
      partyId: c.party.GYS001,
      bizType: 'purchase',
      lines: [{ materialId: c.mat.WL0001, qty: '300000', unitPrice: '2600' }],
    });
    const body = {
      title: '重废钢销售合同',
      side: 'sale',
      partyId: c.party.KH001,
      signDate: today(),
      deliveryStart: today(),
      deliveryEnd: '2099-12-31',
      deliveryPlace: '买方厂内',
      tolerancePct: '3',
      prepaymentPct: '20',
      balanceDays: 15,
      deductions: '扣杂按实，翻倍金属杂按2倍扣除',
      lines: [
        { materialId: c.mat.WL0001, qty: '100', priceType: 'fixed', unitPrice: '2850' },
        {
          materialId: c.mat.WL0005,
          qty: '2.5',
          priceType: 'pricing',
          refName: 'SHFE 铜',
          refDate: today(),
          refPrice: '68950',
          premium: '-1200.5',
        },
      ],
    };
    const bad = await admin()(`${TC}/save-with-lines`, { body: { ...body, lines: [{ ...body.lines[0], qty: '0' }] } });
    expect(bad.body).toMatchObject({ code: 400, success: false, msg: '合同明细第1行：数量(吨)必须大于0' });
    const wrongParty = await admin()(`${TC}/save-with-lines`, { body: { ...body, partyId: c.party.GYS002 } });
    expect(wrongParty.body.msg).toBe('客户不存在');
    const saved = await okPost(admin(), `${TC}/save-with-lines`, body);
    expect(saved.contractNo).toMatch(/^HT\d{12}$/);
    id = saved.id;
    const full = await get(`${TC}/full?id=${id}`);
    expect(full.lines[1]).toMatchObject({ unitPrice: '67749.50', amount: '169373.75' });
    expect(full).toMatchObject({ state: 'draft', totalQty: '102.500', totalAmount: '454373.75' });
  });

  it('cannot be linked before approval; approval moves it to 执行中 with who and when', async () => {
    const early = await admin()(`${P.outStock}/submit`, { body: out('1000') });
    expect(early.body).toMatchObject({ code: 400, msg: '贸易合同不在执行中，不能关联' });
    const badMove = await admin()(`${TC}/move`, { body: { id, action: 'approve' } });
    expect(badMove.body.msg).toBe('合同草稿，不能审核通过');
    await okPost(admin(), `${TC}/move`, { id, action: 'submit' });
    await okPost(admin(), `${TC}/move`, { id, action: 'approve', remark: '同意' });
    const full = await get(`${TC}/full?id=${id}`);
    expect(full.state).toBe('executing');
    expect(full.steps.map((s: { step: string }) => s.step)).toEqual(['创建', '提交审核', '审核通过']);
    expect(full.steps[2].userName).not.toBe('');
    const open = await get(`/api/izs-sell/trading-contract/open?partyId=${c.party.KH001}&side=sale`);
    expect(open.map((o: { id: string }) => o.id)).toContain(id);
  });

  it('refuses an in-stock against a sale contract and a document of another party', async () => {
    const r = await admin()(`${P.inStock}/submit`, {
      body: { ...out('1000'), partyId: c.party.GYS001, bizType: 'purchase' },
    });
    expect(r.body.msg).toBe('入库单只能关联采购合同');
    const other = await admin()(`${P.outStock}/submit`, { body: out('1000', { partyId: c.party.KH002 }) });
    expect(other.body.msg).toBe('贸易合同的往来单位与单据不一致');
  });

  it('executed quantity and amount = Σ of the linked reviewed documents; drafts count as open', async () => {
    await reviewed(admin(), P.outStock, out('30500'));
    await reviewed(admin(), P.outStock, out('20000.5'));
    const draft = await okPost(admin(), `${P.outStock}/submit`, out('10000'));
    const full = await get(`${TC}/full?id=${id}`);
    const sum = await reviewedSum(id);
    expect(full.execution.executedQty).toBe(sum.tonnes);
    expect(full.execution.executedAmount).toBe(sum.amount);
    expect(full.execution.lines[0]).toMatchObject({
      executedQty: '50.501',
      executedAmount: '162636.87', // 143,926.43 不含税 + 13 % per line (issue 21: the 价税合计)
      remainingQty: '49.499',
      state: 'open',
    });
    expect(full.documents).toHaveLength(3);
    expect(full.openDocuments).toBe(1);
    const done = await admin()(`${TC}/move`, { body: { id, action: 'complete' } });
    expect(done.body).toMatchObject({ code: 400, msg: '合同还有 1 张未审核的单据或未完成的磅单，不能完成' });
    await okPost(admin(), `${P.outStock}/submit-review`, { id: draft.id });
    await okPost(admin(), `${P.outStock}/review`, { id: draft.id });
    const after = await get(`${TC}/full?id=${id}`);
    expect(after.execution.executedQty).toBe((await reviewedSum(id)).tonnes);
    expect(after.execution.executedQty).toBe('60.501');
    expect(after.execution.warnings).toEqual([]);
  });

  it('warns once a delivery goes past the tolerance band (100 t ±3% → 103 t)', async () => {
    await reviewed(admin(), P.outStock, out('42499'));
    const within = await get(`${TC}/full?id=${id}`);
    expect(within.execution.lines[0]).toMatchObject({ executedQty: '103.000', state: 'within', maxQty: '103.000' });
    expect(within.execution.warnings).toEqual([]);
    await reviewed(admin(), P.outStock, out('1'));
    const over = await get(`${TC}/full?id=${id}`);
    expect(over.execution.lines[0].state).toBe('over');
    expect(over.execution.warnings).toEqual(['重废钢已执行 103.001 吨，超过合同数量 100.000 吨的溢装上限 103.000 吨']);
    expect(over.execution.executedAmount).toBe((await reviewedSum(id)).amount);
  });

  it('signing: redirect to the signing step, the SHA-256 of the printed contract, a later change is seen', async () => {
    const go = await get(`${TC}/redirect/cert?id=${id}`);
    expect(go).toEqual({ provider: 'builtin', url: `/contract/trading/view/${id}?sign=1` });
    // an integrator subscribed to the signing event
    await c.t.database.db.insert(openApp).values({
      tenantId: '000000',
      name: '合同签署订阅测试',
      appKey: 'ak_contract_sign_test',
      secretEnc: 'x',
      webhookUrl: 'http://127.0.0.1:9/hook',
      webhookEvents: 'trading_contract.signed',
    });
    const sig = await okPost(admin(), `${TC}/sign`, { id });
    expect(sig.docHash).toMatch(/^[0-9a-f]{64}$/);
    // the signature is chained and queued for the webhook, in its transaction
    const { contractNo } = await get(`${TC}/full?id=${id}`);
    const chained = await rows<{ event: string; fields: string }>(
      c.t.database.db,
      sql`select event, fields from izs_chain_tx where order_type = 'trading_contract' and order_no = ${contractNo}`,
    );
    expect(chained.map((x) => x.event)).toEqual(['signed']);
    expect(JSON.parse(chained[0].fields)).toMatchObject({ docHash: sig.docHash, event: '签署', orderNo: contractNo });
    const hooks = await rows<{ event: string; payload: string }>(
      c.t.database.db,
      sql`select event, payload from izs_open_webhook where event = 'trading_contract.signed'`,
    );
    expect(hooks).toHaveLength(1);
    expect(JSON.parse(hooks[0].payload).data).toMatchObject({ orderNo: contractNo, fields: { docHash: sig.docHash } });
    const trace = await admin()('/api/izs-toolbox/blockchain/transaction-by-order-no', {
      query: { orderType: 'trading_contract', orderNo: contractNo },
    });
    expect(trace.body.code).toBe(200);
    const print = await get(`${TC}/print?id=${id}`);
    expect(print.hash).toBe(sig.docHash);
    expect(print.totalCapital).toBe('肆拾伍万肆仟叁佰柒拾叁元柒角伍分');
    expect(print.printedText).toContain('人民币大写：肆拾伍万肆仟叁佰柒拾叁元柒角伍分');
    // issue 26: both parties in full — the customer from its record, ours from 组织管理 and the default bank
    expect(print.buyer).toMatchObject({
      name: '宁波钢铁有限公司',
      address: '宁波市北仑区临港二路168号',
      taxpayerId: '91330200717208962L',
      bankName: '中国银行宁波分行',
      bankAccount: '351058300001',
      contact: '采购部 刘工',
      phone: '0574-86890000',
    });
    expect(print.seller).toMatchObject({
      address: '浙江省宁波市北仑区再生资源产业园8号',
      taxpayerId: '91330206MA2H8LX01P',
      bankName: '中国工商银行宁波北仑支行',
      bankAccount: '3901140009000888888',
      contact: '林绿循',
      phone: '0574-86880000',
    });
    expect(await get(`${TC}/verify?id=${id}`)).toMatchObject({ signed: true, changed: false });
    const twice = await admin()(`${TC}/sign`, { body: { id } });
    expect(twice.body.msg).toBe('您已签署过该合同');
    // the signing step is not offered again to a signer
    expect((await admin()(`${TC}/redirect/cert?id=${id}`)).body.msg).toBe('您已签署过该合同');
    const [{ n }] = await rows<{ n: number }>(
      c.t.database.db,
      sql`select count(*)::int as n from izs_chain_tx where order_type = 'trading_contract' and order_no = ${contractNo}`,
    );
    expect(n).toBe(1); // the refused second signature chained nothing
    await c.t.database.db.execute(sql`update izs_trading_contract set delivery_place = '卖方仓库' where id = ${id}`);
    const v = await get(`${TC}/verify?id=${id}`);
    expect(v).toMatchObject({ signed: true, changed: true, signedHash: sig.docHash });
    expect(v.currentHash).not.toBe(sig.docHash);
  });

  it('the sales ledger shows contracted, delivered (net kg) and amount per party and material, with the documents', async () => {
    // the documents' date (the server's time zone)
    const day = (await get(`${TC}/full?id=${id}`)).documents[0].orderDate;
    const q = `side=sale&beginDate=${day}&endDate=${day}&partyId=${c.party.KH001}`;
    const led = await get(`/api/izs-sell/ledger/summary?${q}`);
    const row = led.rows.find((x: { materialId: string }) => x.materialId === c.mat.WL0001);
    // every reviewed out-stock (minus sale returns) of the party and material that day, straight from the tables
    const [all] = await rows<{ kg: string; amount: string }>(
      c.t.database.db,
      sql`select coalesce(sum(case when d.doc_type = 'sale_return' then -l.qty else l.qty end), 0)::text as kg,
             coalesce(sum(case when d.doc_type = 'sale_return' then -l.gross_amount else l.gross_amount end), 0)::text as amount
        from izs_stock_order d join izs_stock_order_line l on l.order_id = d.id
       where d.state = 'reviewed' and d.party_id = ${c.party.KH001} and l.material_id = ${c.mat.WL0001}
         and d.doc_type in ('out_stock', 'sale_return') and d.order_date = ${day}`,
    );
    // this contract plus the demo seed's executing 300 t one of KH001 (its terminated one has no 重废钢)
    expect(row).toMatchObject({ contractedQty: '400.000', contractedAmount: '1125000.00', contractCount: 2 });
    expect(row.deliveredKg).toBe(new Decimal(all.kg).toFixed(3));
    expect(row.deliveredAmount).toBe(new Decimal(all.amount).toFixed(2));
    expect(new Decimal(row.deliveredKg).div(1000).gte((await reviewedSum(id)).tonnes)).toBe(true);
    // open = Σ remaining 重废钢 of the party's executing contracts (this one is past its band: 0)
    const open = await get(`${TC}/open?partyId=${c.party.KH001}&side=sale`);
    let remaining = new Decimal(0);
    for (const o of open) {
      const f = await get(`${TC}/full?id=${o.id}`);
      for (const l of f.execution.lines) if (l.materialId === c.mat.WL0001) remaining = remaining.plus(l.remainingQty);
    }
    expect(row.openQty).toBe(remaining.toFixed(3));
    const docs = await get(`/api/izs-sell/ledger/documents?${q}&materialId=${c.mat.WL0001}`);
    expect(docs).toHaveLength(row.documentCount);
    expect(docs.reduce((s: Decimal, d: { amount: string }) => s.plus(d.amount), new Decimal(0)).toFixed(2)).toBe(
      row.deliveredAmount,
    );
    const x = await admin()(`/api/izs-sell/ledger/sell/export?beginDate=${day}&endDate=${day}`);
    expect(x.status).toBe(200);
    const bad = await admin()('/api/izs-sell/ledger/summary?side=sale&beginDate=26-1-1&endDate=2026-01-31');
    expect(bad.body).toMatchObject({ code: 400, success: false });
    expect(bad.body.msg).toContain('开始日期格式应为yyyy-MM-dd');
  });

  it('a weighing picks the contract: open while on the scale, its out-stock executes the contract once reviewed', async () => {
    const W = '/api/izs-weighing/loadometer-order';
    const before = (await get(`${TC}/full?id=${id}`)).execution.executedQty;
    const first = await okPost(admin(), `${W}/first-pass`, {
      orderType: 'sale',
      weighbridgeId: c.wb.DB02,
      carNumber: '浙B5H012',
      weight: '12900',
      stable: true,
      partyId: c.party.KH001,
      materialId: c.mat.WL0001,
      warehouseId: c.wh.T1,
      contractId: id,
      unitPrice: '2850',
      impurityRate: '0',
    });
    expect((await get(`${TC}/full?id=${id}`)).openDocuments).toBe(1);
    const done = await okPost(admin(), `${W}/second-pass`, {
      id: first.id,
      weight: '22900',
      stable: true,
      complete: 1,
    });
    const doc = (await admin()(`${P.outStock}/detail`, { query: { orderNo: done.stockOrderNo } })).body.data;
    expect(doc.contractId).toBe(id);
    await okPost(admin(), `${P.outStock}/submit-review`, { id: doc.id });
    await okPost(admin(), `${P.outStock}/review`, { id: doc.id });
    const after = await get(`${TC}/full?id=${id}`);
    expect(new Decimal(after.execution.executedQty).minus(before).toFixed(3)).toBe('10.000');
    expect(after.documents.find((d: { orderNo: string }) => d.orderNo === done.stockOrderNo).sourceWeighingNo).toBe(
      first.orderNo,
    );
    expect(after.execution.executedAmount).toBe((await reviewedSum(id)).amount);
  });

  it('terminating keeps the history and the documents', async () => {
    const noReason = await admin()(`${TC}/move`, { body: { id, action: 'terminate' } });
    expect(noReason.body.msg).toBe('请输入终止原因');
    await okPost(admin(), `${TC}/move`, { id, action: 'terminate', remark: '客户停产' });
    const full = await get(`${TC}/full?id=${id}`);
    expect(full.state).toBe('terminated');
    expect(full.steps.at(-1)).toMatchObject({ step: '终止', note: '客户停产' });
    expect(full.documents.length).toBeGreaterThan(0);
    const late = await admin()(`${P.outStock}/submit`, { body: out('1000') });
    expect(late.body.msg).toBe('贸易合同不在执行中，不能关联');
  });
});
