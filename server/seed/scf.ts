/**
 * Demo supply-chain finance (issue 12, called from seed/contracts.ts): three fund providers, a stock pledge of 30% of
 * the demo stock row of the largest value with one repayment (interest ACT/360, proportional release), a receivable
 * financing on the demo sale contract, and a 金单 split and partly transferred to a supplier.
 */
import Decimal from 'decimal.js';
import { eq, sql } from 'drizzle-orm';
import { moneyFixed, weightFixed } from '../../core/format/amounts.ts';
import { checkSplit, childNo } from '../../core/scf/cert.ts';
import { accruedInterest, releasedQty } from '../../core/scf/interest.ts';
import type { Tx } from '../db/client.ts';
import {
  financeContract,
  financeRepayment,
  fundProvider,
  goldCert,
  goldCertEvent,
  relatedParty,
  stock,
} from '../db/schema/index.ts';
import { drawOrderNo } from '../platform/numbering.ts';

export const shift = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

export interface ScfSeedContext {
  T: string;
  tz: string;
  today: string;
  base: { tenantId: string; deptId: string; createUser: string; createDept: string; updateUser: string };
  adminId: string;
  party: Record<string, string>;
  tradingContractId: string;
}

export async function seedScfData(tx: Tx, c: ScfSeedContext): Promise<void> {
  const { T, tz, today, base, party } = c;
  // ── supply-chain finance ───────────────────────────────────────────────────────────────────────────────────────
  const providers = await tx
    .insert(fundProvider)
    .values([
      {
        ...base,
        name: '中国工商银行宁波北仑支行',
        kind: 'bank',
        creditLine: '5000000.00',
        annualRate: '4.3500',
        pledgeRatio: '70.00',
        contact: '王经理',
        phone: '0574-86800001',
      },
      {
        ...base,
        name: '浙商银行宁波分行',
        kind: 'bank',
        creditLine: '3000000.00',
        annualRate: '4.1000',
        pledgeRatio: '65.00',
        contact: '李经理',
        phone: '0574-87300002',
      },
      {
        ...base,
        name: '甬兴商业保理有限公司',
        kind: 'factoring',
        creditLine: '2000000.00',
        annualRate: '6.5000',
        pledgeRatio: '0.00',
        contact: '赵总',
        phone: '0574-88200003',
      },
    ])
    .returning({ id: fundProvider.id });
  // the demo stock row of the largest value (the yard pledges part of what it holds most of)
  const [st] = await tx
    .select({ qty: stock.qty, amount: stock.amount, warehouseId: stock.warehouseId, materialId: stock.materialId })
    .from(stock)
    .where(eq(stock.tenantId, T))
    .orderBy(sql`${stock.amount} desc`)
    .limit(1);
  const start = shift(today, -45);
  if (st && new Decimal(st.qty).gt(0)) {
    // pledge about 30% of it, whole tonnes; lent at 70% of its book value
    const pledgedKg = new Decimal(st.qty).times('0.3').div(1000).floor().times(1000);
    if (pledgedKg.gt(0)) {
      const unit = new Decimal(st.amount).div(st.qty);
      const principal = pledgedKg.times(unit).times('0.7').div(100).floor().times(100);
      const repaid = principal.div(5).toDecimalPlaces(0);
      const repayDate = shift(today, -15);
      const interest = accruedInterest(principal, '4.35', start, repayDate);
      const released = releasedQty(pledgedKg, principal, repaid);
      const [fc] = await tx
        .insert(financeContract)
        .values({
          ...base,
          contractNo: await drawOrderNo(tx, 'financeContract', { tenantId: T, tz }),
          providerId: providers[0].id,
          kind: 'pledge',
          principal: moneyFixed(principal),
          annualRate: '4.3500',
          startDate: start,
          termDays: 180,
          warehouseId: st.warehouseId,
          materialId: st.materialId,
          pledgedQty: weightFixed(pledgedKg),
          releasedQty: released,
          repaidPrincipal: moneyFixed(repaid),
          paidInterest: interest,
          state: 'active',
          remark: '动态质押，出库不得低于质押数量',
        })
        .returning({ id: financeContract.id });
      await tx.insert(financeRepayment).values({
        tenantId: T,
        contractId: fc.id,
        repayDate,
        principal: moneyFixed(repaid),
        interest,
        releasedQty: released,
        createUser: c.adminId,
      });
    }
  }
  await tx.insert(financeContract).values({
    ...base,
    contractNo: await drawOrderNo(tx, 'financeContract', { tenantId: T, tz }),
    providerId: providers[2].id,
    kind: 'receivable',
    principal: '600000.00',
    annualRate: '6.5000',
    startDate: shift(today, -30),
    termDays: 90,
    tradingContractId: c.tradingContractId,
    state: 'active',
    remark: '重废钢销售合同应收账款保理',
  });
  // 金单: issued by the customer against its payable to us, split and partly transferred to a supplier
  const face = '500000.00';
  const [root] = await tx
    .insert(goldCert)
    .values({
      ...base,
      certNo: await drawOrderNo(tx, 'goldCert', { tenantId: T, tz }),
      issuerName: '宁波钢铁有限公司',
      face,
      issueDate: shift(today, -10),
      maturityDate: shift(today, 170),
      status: 'split',
      payableRef: '重废钢货款（第四季度）',
    })
    .returning();
  await tx.update(goldCert).set({ rootId: root.id }).where(eq(goldCert.id, root.id));
  const ev = (certId: string, action: string, from: string, to: string, amount: string, note = '') =>
    tx.insert(goldCertEvent).values({
      tenantId: T,
      certId,
      rootId: root.id,
      action,
      fromParty: from,
      toParty: to,
      amount,
      note,
      userId: c.adminId,
    });
  await ev(root.id, 'issue', '宁波钢铁有限公司', '本公司', face, '重废钢货款（第四季度）');
  const [supplier] = await tx
    .select({ name: relatedParty.name })
    .from(relatedParty)
    .where(eq(relatedParty.id, party.GYS001));
  const parts = checkSplit(face, ['300000.00', '200000.00']);
  for (const [i, amount] of parts.entries()) {
    const holder = i === 0 ? party.GYS001 : null;
    const [child] = await tx
      .insert(goldCert)
      .values({
        ...base,
        certNo: childNo(root.certNo, i),
        parentId: root.id,
        rootId: root.id,
        issuerName: root.issuerName,
        holderPartyId: holder,
        face: amount,
        issueDate: root.issueDate,
        maturityDate: root.maturityDate,
        status: 'holding',
        payableRef: root.payableRef,
      })
      .returning({ id: goldCert.id });
    await ev(
      child.id,
      holder ? 'transfer' : 'split',
      '本公司',
      holder ? (supplier?.name ?? '') : '本公司',
      amount,
      `拆自 ${root.certNo}`,
    );
  }
}
