// @vitest-environment node
/**
 * Supply-chain finance through the real HTTP app (issue 12): pledged stock cannot be issued (also under two
 * concurrent out-stocks), repayment releases the pledge in proportion; interest ACT/360 to the fen for a worked
 * example computed by hand; credit lines; 金单 issue, split (Σ parts = parent exactly), transfer, discount, settle.
 */
import Decimal from 'decimal.js';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../server/db/client.ts';
import { goldCert } from '../../server/db/schema/index.ts';
import { openBalanceOf } from '../../server/modules/izs-finance-ar/service.ts';
import { issuerParty } from '../../server/modules/izs-scf/cert-money.ts';
import { formatDate } from '../../server/platform/time.ts';
import { apiOf, bootStock, okPost, P, reviewed, type StockCtx, stockRow } from './stock-helpers.ts';

let c: StockCtx;
beforeAll(async () => {
  c = await bootStock();
});
afterAll(async () => {
  await c?.t.close();
});

const admin = () => apiOf(c);
const SCF = '/api/izs-scf';

async function get(path: string) {
  const r = await admin()(path);
  expect(r.body?.success, `${path}: ${JSON.stringify(r.body)}`).toBe(true);
  return r.body.data;
}

let providerId = '';
beforeAll(async () => {
  const p = await okPost(admin(), `${SCF}/fund-provider/submit`, {
    name: '测试银行宁波分行',
    kind: 'bank',
    creditLine: '2000000',
    annualRate: '4.35',
    pledgeRatio: '70',
  });
  providerId = p.id;
});

describe('stock pledge: pledged quantity stays in the warehouse', () => {
  let pledge = '';
  const wh = () => c.wh.T2;
  const mat = () => c.mat.WL0007;
  const outStock = (kg: string) => ({
    warehouseId: wh(),
    partyId: c.party.KH001,
    bizType: 'sale',
    lines: [{ materialId: mat(), qty: kg, unitPrice: '14000' }],
  });

  it('a pledge needs the stock: refused with the figures when the warehouse holds less', async () => {
    await reviewed(admin(), P.inStock, {
      warehouseId: wh(),
      partyId: c.party.GYS001,
      bizType: 'purchase',
      lines: [{ materialId: mat(), qty: '10000', unitPrice: '13000' }],
    });
    const body = {
      providerId,
      kind: 'pledge',
      principal: '90000',
      annualRate: '4.35',
      startDate: '2026-01-01',
      termDays: 180,
      warehouseId: wh(),
      materialId: mat(),
      pledgedQty: '12000',
    };
    const r = await admin()(`${SCF}/finance-contract/create`, { body });
    expect(r.body).toMatchObject({
      code: 400,
      success: false,
      msg: '库存 10000.000 kg，已质押 0.000 kg，可质押 10000.000 kg，不足 12000.000 kg',
    });
    pledge = (await okPost(admin(), `${SCF}/finance-contract/create`, { ...body, pledgedQty: '6000' })).id;
  });

  it('an out-stock that would leave less than the pledged quantity is refused with the figures', async () => {
    const d = await okPost(admin(), `${P.outStock}/submit`, outStock('5000'));
    await okPost(admin(), `${P.outStock}/submit-review`, { id: d.id });
    const r = await admin()(`${P.outStock}/review`, { body: { id: d.id } });
    expect(r.body.code).toBe(400);
    expect(r.body.msg).toMatch(
      /^测试封闭库的生铝已质押 6000\.000 kg（融资合同 RZ\d{12}），现有 10000\.000 kg，本单出库 5000\.000 kg 后结存 5000\.000 kg，低于质押数量；最多可出库 4000\.000 kg，请先还款解除质押$/,
    );
    expect((await stockRow(c, wh(), mat())).qty).toBe('10000.000');
  });

  it('two concurrent out-stocks of 3000 kg with 4000 kg free: exactly one is reviewed', async () => {
    const a = await okPost(admin(), `${P.outStock}/submit`, outStock('3000'));
    const b = await okPost(admin(), `${P.outStock}/submit`, outStock('3000'));
    await okPost(admin(), `${P.outStock}/submit-review`, { id: a.id });
    await okPost(admin(), `${P.outStock}/submit-review`, { id: b.id });
    const rs = await Promise.all([a, b].map((d) => admin()(`${P.outStock}/review`, { body: { id: d.id } })));
    const codes = rs.map((r) => r.body.code).sort();
    expect(codes).toEqual([200, 400]);
    expect(rs.find((r) => r.body.code === 400)?.body.msg).toContain(
      '本单出库 3000.000 kg 后结存 4000.000 kg，低于质押数量；最多可出库 1000.000 kg',
    );
    expect((await stockRow(c, wh(), mat())).qty).toBe('7000.000');
  });

  it('repayment releases the pledge in proportion (30000 of 90000 → 2000 of 6000 kg); then the goods may go', async () => {
    const rep = await okPost(admin(), `${SCF}/finance-contract/repay`, {
      id: pledge,
      repayDate: '2026-03-02',
      principal: '30000',
    });
    // 90000 × 4.35% × 60 / 360 = 652.50
    expect(rep).toEqual({ interest: '652.50', releasedQty: '2000.000', outstanding: '60000.00', state: 'active' });
    const d = await get(`${SCF}/finance-contract/full?id=${pledge}&asOf=2026-03-02`);
    expect(d).toMatchObject({
      pledgedQty: '6000.000',
      releasedQty: '2000.000',
      lockedQty: '4000.000',
      accruedInterest: '0.00',
    });
    await reviewed(admin(), P.outStock, outStock('3000'));
    expect((await stockRow(c, wh(), mat())).qty).toBe('4000.000');
    const more = await okPost(admin(), `${P.outStock}/submit`, outStock('0.001'));
    await okPost(admin(), `${P.outStock}/submit-review`, { id: more.id });
    expect((await admin()(`${P.outStock}/review`, { body: { id: more.id } })).body.code).toBe(400);
  });
});

describe('interest ACT/360, day by day, to the fen', () => {
  it('worked example: 850000.00 at 5.2% from 2026-03-10, 300000.00 repaid on 2026-04-29', async () => {
    const { id } = await okPost(admin(), `${SCF}/finance-contract/create`, {
      providerId,
      kind: 'receivable',
      principal: '850000.00',
      annualRate: '5.2',
      startDate: '2026-03-10',
      termDays: 100,
    });
    // by hand: 2026-03-10 → 2026-04-29 is 21 + 29 = 50 days; 850000 × 0.052 × 50 / 360 = 2210000 / 360
    //   = 6138.888… → 6138.89 paid with the repayment
    const rep = await okPost(admin(), `${SCF}/finance-contract/repay`, {
      id,
      repayDate: '2026-04-29',
      principal: '300000.00',
    });
    expect(rep.interest).toBe('6138.89');
    // 2026-04-29 → 2026-06-18 is 1 + 31 + 18 = 50 days on 550000: 550000 × 0.052 × 50 / 360 = 3972.222…;
    // the whole accrual 10111.111… → 10111.11, of which 6138.89 is paid: 3972.22 still accrued
    const d = await get(`${SCF}/finance-contract/full?id=${id}&asOf=2026-06-18`);
    expect(d).toMatchObject({
      dayCount: 'ACT/360',
      maturityDate: '2026-06-18',
      outstanding: '550000.00',
      paidInterest: '6138.89',
      accruedInterest: '3972.22',
    });
    // one day's accrual on 550000: 550000 × 0.052 / 360 = 79.444444
    expect(d.accrual.at(-1)).toEqual({ date: '2026-06-17', balance: '550000.00', interest: '79.444444' });
    const early = await admin()(`${SCF}/finance-contract/repay`, {
      body: { id, repayDate: '2026-04-01', principal: '1' },
    });
    expect(early.body.msg).toBe('还款日不能早于上一次还款日');
    const tooMuch = await admin()(`${SCF}/finance-contract/repay`, {
      body: { id, repayDate: '2026-05-01', principal: '550000.01' },
    });
    expect(tooMuch.body.msg).toBe('还款本金 550000.01 元超过未还本金 550000.00 元');
  });

  it('the credit line bounds new financing; usage shows used and available', async () => {
    const usage = await get(`${SCF}/fund-provider/usage`);
    const p = usage.find((x: { id: string }) => x.id === providerId);
    // 60000 + 550000 outstanding
    expect(p).toMatchObject({ creditLine: '2000000.00', used: '610000.00', available: '1390000.00', contracts: 2 });
    const r = await admin()(`${SCF}/finance-contract/create`, {
      body: {
        providerId,
        kind: 'prepayment',
        principal: '1390000.01',
        annualRate: '5',
        startDate: '2026-05-01',
        termDays: 90,
      },
    });
    expect(r.body.msg).toBe('融资金额 1390000.01 元超出测试银行宁波分行的可用额度 1390000.00 元');
  });
});

describe('金单: issue, split, transfer, discount, settle', () => {
  let root = '';
  let kids: { id: string; certNo: string; face: string }[] = [];

  it('a split sums exactly to its parent; a split that does not is refused', async () => {
    root = (
      await okPost(admin(), `${SCF}/gold-cert/issue`, {
        issuerName: '宁波钢铁有限公司',
        face: '100000.00',
        issueDate: '2026-04-01',
        maturityDate: '2026-10-01',
        payableRef: '销售合同 HT202604010001 货款',
      })
    ).id;
    const bad = await admin()(`${SCF}/gold-cert/split`, {
      body: { id: root, parts: [{ amount: '50000' }, { amount: '49999.99' }] },
    });
    expect(bad.body).toMatchObject({ code: 400, msg: '拆分金额合计 99999.99 元与金单面额 100000.00 元不一致' });
    kids = await okPost(admin(), `${SCF}/gold-cert/split`, {
      id: root,
      parts: [{ amount: '33333.33', holderPartyId: c.party.GYS001 }, { amount: '33333.33' }, { amount: '33333.34' }],
    });
    const rows = await c.t.database.db.select().from(goldCert).where(eq(goldCert.parentId, root));
    expect(rows.reduce((s, r) => s.plus(r.face), new Decimal(0)).toFixed(2)).toBe('100000.00');
    const [parent] = await c.t.database.db.select().from(goldCert).where(eq(goldCert.id, root));
    expect(parent.status).toBe('split');
    const again = await admin()(`${SCF}/gold-cert/split`, {
      body: { id: root, parts: [{ amount: '1' }, { amount: '99999' }] },
    });
    expect(again.body.msg).toBe('金单已拆分，不能拆分');
  });

  it('transfer, discount before maturity (face × rate × days / 360), settle at maturity; the trail keeps every holder', async () => {
    await okPost(admin(), `${SCF}/gold-cert/transfer`, { id: kids[1].id, holderPartyId: c.party.GYS002 });
    // 33333.34 × 3.6% × 165 / 360 (2026-04-19 → 2026-10-01) = 550.000… → 550.00
    const d = await okPost(admin(), `${SCF}/gold-cert/discount`, {
      id: kids[2].id,
      providerId,
      discountDate: '2026-04-19',
      annualRate: '3.6',
    });
    expect(d).toEqual({ days: 165, interest: '550.00', net: '32783.34' });
    const early = await admin()(`${SCF}/gold-cert/settle`, { body: { id: kids[0].id, settleDate: '2026-09-30' } });
    expect(early.body.msg).toBe('金单 2026-10-01 到期，未到期不能兑付');
    // settling writes the issuer's 收款单 (核销 its 应收单) and, for the supplier holding it, the 付款单
    const db = c.t.database.db;
    const issuer = await issuerParty(db, '000000', '宁波钢铁有限公司');
    expect(issuer).not.toBeNull();
    const before = {
      ar: await openBalanceOf(db, '000000', 'ar', String(issuer)),
      ap: await openBalanceOf(db, '000000', 'ap', c.party.GYS001),
    };
    // settled today, after maturity: the demo book is closed through its first month, and a settlement is never
    // dated before the 应收单 it settles (the issuer's are dated today)
    const today = formatDate(new Date(), process.env.TZ || 'Asia/Shanghai');
    const st = await okPost(admin(), `${SCF}/gold-cert/settle`, { id: kids[0].id, settleDate: today });
    expect(st.collectionNo).toMatch(/^SK\d{12}$/);
    expect(st.paymentNo).toMatch(/^FK\d{12}$/);
    const after = {
      ar: await openBalanceOf(db, '000000', 'ar', String(issuer)),
      ap: await openBalanceOf(db, '000000', 'ap', c.party.GYS001),
    };
    expect(new Decimal(before.ar.balance).minus(after.ar.balance).toFixed(2)).toBe('33333.33');
    expect(new Decimal(before.ap.balance).minus(after.ap.balance).toFixed(2)).toBe('33333.33');
    const cash = await rows<{ side: string; amount: string; applied: string; bill_no: string; method: string }>(
      db,
      sql`select side, amount::text as amount, applied::text as applied, bill_no, method from izs_ar_cash
           where order_no in (${st.collectionNo}, ${st.paymentNo}) order by side`,
    );
    expect(cash.map((x) => [x.side, x.amount, x.bill_no, x.method])).toEqual([
      ['ap', '33333.33', kids[0].certNo, 'bill'],
      ['ar', '33333.33', kids[0].certNo, 'bill'],
    ]);
    // the collection settled the issuer's open 应收单 (oldest first) up to what was open
    const [ar] = cash.filter((x) => x.side === 'ar');
    expect(new Decimal(ar.applied).toFixed(2)).toBe(Decimal.min(new Decimal(before.ar.open), '33333.33').toFixed(2));
    expect(new Decimal(before.ar.open).minus(after.ar.open).toFixed(2)).toBe(new Decimal(ar.applied).toFixed(2));
    const fam = await get(`${SCF}/gold-cert/family?id=${kids[1].id}`);
    expect(fam.root.id).toBe(root);
    expect(fam.certs.map((x: { status: string }) => x.status)).toEqual(['split', 'settled', 'holding', 'discounted']);
    expect(fam.events.map((e: { action: string }) => e.action)).toEqual([
      'issue',
      'transfer',
      'split',
      'split',
      'transfer',
      'discount',
      'settle',
    ]);
    const holders = fam.certs.map((x: { holderName: string }) => x.holderName);
    expect(holders[0]).toBe('本公司');
    expect(holders[3]).toBe('本公司');
    const [{ n }] = await rows<{ n: number }>(
      c.t.database.db,
      sql`select count(*)::int as n from izs_gold_cert_event where root_id = ${root}`,
    );
    expect(n).toBe(7);
  });
});

describe('pledged stock: conversion, sorting and the void of an in-stock are held to the pledge too', () => {
  const wh = () => c.wh.T1;
  const mat = () => c.mat.WL0009;
  let big = '';
  let small = '';
  let pledgeNo = '';

  it('a pledge of 7000 kg on 10000 kg received by two in-stocks', async () => {
    const inStock = (kg: string) => ({
      warehouseId: wh(),
      partyId: c.party.GYS001,
      bizType: 'purchase',
      lines: [{ materialId: mat(), qty: kg, unitPrice: '8900' }],
    });
    big = (await reviewed(admin(), P.inStock, inStock('8000'))).id;
    small = (await reviewed(admin(), P.inStock, inStock('2000'))).id;
    const p = await okPost(admin(), `${SCF}/finance-contract/create`, {
      providerId,
      kind: 'pledge',
      principal: '40000',
      annualRate: '4.35',
      startDate: '2026-02-01',
      termDays: 90,
      warehouseId: wh(),
      materialId: mat(),
      pledgedQty: '7000',
    });
    pledgeNo = p.contractNo;
    expect((await stockRow(c, wh(), mat())).qty).toBe('10000.000');
  });

  const refused = async (path: string, body: unknown) => {
    const d = await okPost(admin(), `${path}/submit`, body);
    await okPost(admin(), `${path}/submit-review`, { id: d.id });
    const r = await admin()(`${path}/review`, { body: { id: d.id } });
    expect(r.body.code).toBe(400);
    return r.body.msg as string;
  };

  it('a conversion taking the stock below the pledge is refused with the figures; one within it passes', async () => {
    const msg = await refused(P.conversion, {
      warehouseId: wh(),
      lines: [
        { direction: 'out', materialId: mat(), qty: '4000' },
        { direction: 'in', materialId: c.mat.WL0010, qty: '3990' },
      ],
    });
    expect(msg).toBe(
      `测试料场的304不锈钢已质押 7000.000 kg（融资合同 ${pledgeNo}），现有 10000.000 kg，本单出库 4000.000 kg 后结存 6000.000 kg，低于质押数量；最多可出库 3000.000 kg，请先还款解除质押`,
    );
    expect((await stockRow(c, wh(), mat())).qty).toBe('10000.000');
    expect((await stockRow(c, wh(), c.mat.WL0010)).qty).toBe('0.000');
    await reviewed(admin(), P.conversion, {
      warehouseId: wh(),
      lines: [
        { direction: 'out', materialId: mat(), qty: '1000' },
        { direction: 'in', materialId: c.mat.WL0010, qty: '1000' },
      ],
    });
    expect((await stockRow(c, wh(), mat())).qty).toBe('9000.000');
  });

  it('a sorting (拆解分拣) taking the stock below the pledge is refused with the figures', async () => {
    const msg = await refused(P.disassembly, {
      warehouseId: wh(),
      allocMethod: 'weight',
      lines: [
        { direction: 'out', materialId: mat(), qty: '2500' },
        { direction: 'in', materialId: c.mat.WL0001, qty: '1500' },
        { direction: 'in', materialId: c.mat.WL0002, qty: '1000' },
      ],
    });
    expect(msg).toContain(
      '现有 9000.000 kg，本单出库 2500.000 kg 后结存 6500.000 kg，低于质押数量；最多可出库 2000.000 kg',
    );
    expect((await stockRow(c, wh(), mat())).qty).toBe('9000.000');
  });

  it('voiding an in-stock that would leave less than the pledge is refused with the figures, stock unchanged', async () => {
    const before = await stockRow(c, wh(), mat());
    const r = await admin()(`${P.inStock}/void`, { body: { id: big, reason: '录错了' } });
    expect(r.body).toMatchObject({ code: 400, success: false });
    expect(r.body.msg).toBe(
      `测试料场的304不锈钢已质押 7000.000 kg（融资合同 ${pledgeNo}），现有 9000.000 kg，作废本单减少 8000.000 kg 后结存 1000.000 kg，低于质押数量；最多可减少 2000.000 kg，请先还款解除质押`,
    );
    expect(await stockRow(c, wh(), mat())).toEqual(before);
    const [d] = await rows<{ state: string }>(
      c.t.database.db,
      sql`select state from izs_stock_order where id = ${big}`,
    );
    expect(d.state).toBe('reviewed');
    // the small one fits: 9000 − 2000 = 7000
    await okPost(admin(), `${P.inStock}/void`, { id: small, reason: '重复录入' });
    expect((await stockRow(c, wh(), mat())).qty).toBe('7000.000');
  });
});

describe('企业质押 report reads the pledges of supply-chain finance', () => {
  it('per warehouse × material × provider: pledged kg and value, outstanding, interest accrued = the SQL / contract sums', async () => {
    const asOf = '2026-03-03';
    const rep = await get(`/api/izs-report/company-pledge?asOf=${asOf}`);
    expect(rep.asOf).toBe(asOf);
    // independent: the active pledges straight from the tables, value at the stock row's average cost
    const want = await rows<{ w: string; m: string; p: string; kg: string; value: string; outstanding: string }>(
      c.t.database.db,
      sql`select c.warehouse_id::text as w, c.material_id::text as m, c.provider_id::text as p,
                 sum(c.pledged_qty - c.released_qty)::text as kg,
                 sum(round(case when s.qty > 0 then s.amount / s.qty * (c.pledged_qty - c.released_qty) else 0 end, 2))::text as value,
                 sum(c.principal - c.repaid_principal)::text as outstanding
            from izs_finance_contract c
            left join izs_stock s on s.warehouse_id = c.warehouse_id and s.material_id = c.material_id
           where c.kind = 'pledge' and c.state = 'active' and c.is_deleted = 0
           group by 1, 2, 3`,
    );
    expect(rep.rows).toHaveLength(want.length);
    let interest = new Decimal(0);
    for (const w of want) {
      const row = rep.rows.find(
        (r: { warehouseId: string; materialId: string; providerId: string }) =>
          r.warehouseId === w.w && r.materialId === w.m && r.providerId === w.p,
      );
      expect(row).toMatchObject({
        pledgedKg: new Decimal(w.kg).toFixed(3),
        pledgedValue: new Decimal(w.value).toFixed(2),
        outstanding: new Decimal(w.outstanding).toFixed(2),
      });
      // interest: Σ of each contract's unpaid accrual on its own page, same day
      let mine = new Decimal(0);
      for (const no of String(row.contractNos).split('、')) {
        const [{ id }] = await rows<{ id: string }>(
          c.t.database.db,
          sql`select id::text as id from izs_finance_contract where contract_no = ${no}`,
        );
        mine = mine.plus((await get(`${SCF}/finance-contract/full?id=${id}&asOf=${asOf}`)).accruedInterest);
      }
      expect(row.accruedInterest).toBe(mine.toFixed(2));
      interest = interest.plus(row.accruedInterest);
    }
    // this file's 304不锈钢 pledge by hand: 7000 kg at 8900 元/t = 62300.00; 40000 at 4.35% from 2026-02-01 to
    // 2026-03-03 = 30 days: 40000 × 0.0435 × 30 / 360 = 145.00
    const steel = rep.rows.find((r: { materialId: string; warehouseId: string }) => r.materialId === c.mat.WL0009);
    expect(steel).toMatchObject({
      pledgedKg: '7000.000',
      stockKg: '7000.000',
      pledgedValue: '62300.00',
      outstanding: '40000.00',
      accruedInterest: '145.00',
    });
    expect(rep.totals.accruedInterest).toBe(interest.toFixed(2));
    expect(rep.totals.pledgedKg).toBe(
      rep.rows.reduce((s: Decimal, r: { pledgedKg: string }) => s.plus(r.pledgedKg), new Decimal(0)).toFixed(3),
    );
    const bad = await admin()('/api/izs-report/company-pledge?asOf=2026-3-3');
    expect(bad.body).toMatchObject({ code: 400, success: false, msg: '截至日期格式应为yyyy-MM-dd' });
  });
});
