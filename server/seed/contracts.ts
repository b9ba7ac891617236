/**
 * Demo contracts, ledgers and supply-chain finance (issue 12, SEED_DEMO): trading contracts in every state — the
 * executing ones linked to the demo yard's reviewed in/out-stocks so their execution and the ledgers have figures,
 * one signed through the built-in provider —, a supplier framework contract, two projects with sites and site orders,
 * the engine demo rows, three fund providers, a stock pledge on part of the demo stock, a receivable financing with
 * a repayment, and a 金单 split and transferred. Amounts through core/trade and core/scf; runs inside the seeding
 * transaction after the stock seed.
 */
import Decimal from 'decimal.js';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { checkSplit, childNo } from '../../core/scf/cert.ts';
import { accruedInterest, releasedQty } from '../../core/scf/interest.ts';
import { contractLineAmount, contractLinePrice } from '../../core/trade/execution.ts';
import type { Tx } from '../db/client.ts';
import {
  contractSignature,
  easyCrudDemo,
  financeContract,
  financeRepayment,
  fundProvider,
  goldCert,
  goldCertEvent,
  material,
  project,
  projectSite,
  relatedParty,
  siteOrder,
  stock,
  stockOrder,
  supplierContract,
  tradingContract,
  tradingContractLine,
  user,
  warehouse,
} from '../db/schema/index.ts';
import { drawNo } from '../modules/izs-contract/numbers.ts';
import { printed } from '../modules/izs-contract/signing.ts';
import { loadFull } from '../modules/izs-contract/trading-detail.ts';
import { formatDate } from '../platform/time.ts';

export interface ContractSeedContext {
  tenantId: string;
  depts: Record<string, string>;
}

const shift = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

export async function seedContractData(tx: Tx, c: ContractSeedContext): Promise<void> {
  const T = c.tenantId;
  const tz = process.env.TZ || 'Asia/Shanghai';
  const today = formatDate(new Date(), tz);
  const by = <R extends { code: string; id: string }>(rs: R[]) => Object.fromEntries(rs.map((r) => [r.code, r.id]));
  const mat = by(
    await tx.select({ id: material.id, code: material.code }).from(material).where(eq(material.tenantId, T)),
  );
  const party = by(
    await tx
      .select({ id: relatedParty.id, code: relatedParty.code })
      .from(relatedParty)
      .where(eq(relatedParty.tenantId, T)),
  );
  const wh = by(
    await tx.select({ id: warehouse.id, code: warehouse.code }).from(warehouse).where(eq(warehouse.tenantId, T)),
  );
  const [admin] = await tx.select({ id: user.id }).from(user).where(sql`${user.account} = 'admin'`);
  if (!mat.WL0001 || !party.KH001 || !party.GYS001 || !wh.CK01 || !admin) return;
  const dept = c.depts.sale ?? c.depts.company;
  const base = { tenantId: T, deptId: dept, createUser: admin.id, createDept: dept, updateUser: admin.id };

  // ── trading contracts ──────────────────────────────────────────────────────────────────────────────────────────
  type Line = { m: string; qty: string; price?: string; ref?: [string, string, string] };
  const contract = async (
    side: 'sale' | 'purchase',
    partyCode: string,
    title: string,
    state: string,
    lines: Line[],
    extra: Record<string, unknown> = {},
  ) => {
    const ls = lines.map((l, i) => {
      const pricing = !!l.ref;
      const price = contractLinePrice(pricing ? 'pricing' : 'fixed', l.price ?? '0', l.ref?.[1], l.ref?.[2]);
      return {
        tenantId: T,
        lineNo: i + 1,
        materialId: mat[l.m],
        qty: new Decimal(l.qty).toFixed(3),
        priceType: pricing ? 'pricing' : 'fixed',
        refName: l.ref?.[0] ?? '',
        refDate: pricing ? shift(today, -3) : '',
        refPrice: l.ref?.[1] ?? null,
        premium: l.ref?.[2] ?? null,
        unitPrice: price,
        amount: contractLineAmount(l.qty, price),
        remark: '',
      };
    });
    const now = new Date();
    const [row] = await tx
      .insert(tradingContract)
      .values({
        ...base,
        contractNo: await drawNo(tx, T, 'tradingContract', tz),
        title,
        side,
        partyId: party[partyCode],
        signDate: shift(today, -20),
        deliveryStart: shift(today, -20),
        deliveryEnd: shift(today, 70),
        deliveryPlace: side === 'sale' ? '买方厂内料场' : '我方一号料场',
        tolerancePct: '3',
        toleranceOption: 'seller',
        weightBasis: side === 'sale' ? 'buyer' : 'agreed',
        prepaymentPct: side === 'sale' ? '20' : '0',
        balanceDays: 15,
        deductions: '按GB/T 4223验收；扣杂按实，翻倍金属杂按2倍扣除；人为掺杂按20倍扣除并罚款。',
        totalQty: ls.reduce((s, l) => s.plus(l.qty), new Decimal(0)).toFixed(3),
        totalAmount: ls.reduce((s, l) => s.plus(l.amount), new Decimal(0)).toFixed(2),
        state,
        ...(state !== 'draft' ? { submitUser: admin.id, submitTime: now } : {}),
        ...(['executing', 'completed', 'terminated'].includes(state)
          ? { approveUser: admin.id, approveTime: now, approveRemark: '同意' }
          : {}),
        ...(state === 'completed' ? { completeUser: admin.id, completeTime: now } : {}),
        ...extra,
      })
      .returning({ id: tradingContract.id });
    await tx.insert(tradingContractLine).values(ls.map((l) => ({ ...l, contractId: row.id })));
    return row.id;
  };
  const sale1 = await contract('sale', 'KH001', '重废钢年度销售合同（第四季度）', 'executing', [
    { m: 'WL0001', qty: '300', price: '2800' },
    { m: 'WL0002', qty: '120', price: '2600' },
  ]);
  await contract('sale', 'KH002', '光亮铜点价销售合同', 'pending', [
    { m: 'WL0005', qty: '20', ref: ['SHFE 铜 当月结算价', '68950.00', '-1200.00'] },
  ]);
  const buy1 = await contract('purchase', 'GYS001', '重废钢采购合同', 'executing', [
    { m: 'WL0001', qty: '500', price: '2680' },
  ]);
  if (party.GYS002) {
    await contract('purchase', 'GYS002', '统料破碎料采购合同', 'draft', [{ m: 'WL0003', qty: '200', price: '2300' }]);
  }
  await contract('sale', 'KH001', '生铝销售合同', 'terminated', [{ m: 'WL0007', qty: '30', price: '13800' }], {
    terminateUser: admin.id,
    terminateTime: new Date(),
    terminateReason: '客户停产检修，双方协商终止',
  });
  // the demo yard's reviewed documents execute the two executing contracts
  const link = async (id: string, docType: string, partyId: string) => {
    const docs = await tx
      .select({ id: stockOrder.id })
      .from(stockOrder)
      .where(and(eq(stockOrder.tenantId, T), eq(stockOrder.docType, docType), eq(stockOrder.partyId, partyId)));
    if (docs.length) {
      await tx
        .update(stockOrder)
        .set({ contractId: id })
        .where(
          inArray(
            stockOrder.id,
            docs.map((d) => d.id),
          ),
        );
    }
  };
  await link(sale1, 'out_stock', party.KH001);
  await link(buy1, 'in_stock', party.GYS001);
  // signed through the built-in provider: the hash of the printed contract
  const full = await loadFull(tx, tz, T, sale1);
  const p = await printed(tx, T, full);
  await tx.insert(contractSignature).values({
    tenantId: T,
    contractId: sale1,
    provider: 'builtin',
    signerId: admin.id,
    signerName: '管理员',
    docHash: p.hash,
  });

  // ── supplier contract, projects, sites, site orders, engine demo ───────────────────────────────────────────────
  await tx.insert(supplierContract).values({
    ...base,
    contractNo: await drawNo(tx, T, 'supplierContract', tz),
    partyId: party.GYS001,
    title: '2026年度废钢供货框架协议',
    signDate: shift(today, -60),
    validFrom: shift(today, -60),
    validTo: shift(today, 305),
    amount: '3000000.00',
  });
  const projects = await tx
    .insert(project)
    .values([
      {
        ...base,
        projectNo: await drawNo(tx, T, 'project', tz),
        name: '北仑老厂房拆除清运项目',
        kind: 'demolition',
        partyId: party.KH001,
        address: '宁波市北仑区新碶街道明州路88号',
        startDate: shift(today, -15),
        endDate: shift(today, 45),
        amount: '860000.00',
      },
      {
        ...base,
        projectNo: await drawNo(tx, T, 'project', tz),
        name: '镇海工业园废料清运项目',
        kind: 'clearance',
        partyId: party.KH002 ?? party.KH001,
        address: '宁波市镇海区蛟川街道',
        startDate: shift(today, -5),
        endDate: shift(today, 25),
        amount: '240000.00',
      },
    ])
    .returning({ id: project.id });
  const sites = await tx
    .insert(projectSite)
    .values([
      {
        ...base,
        projectId: projects[0].id,
        name: '一号车间',
        address: '明州路88号东区',
        contact: '陈工',
        phone: '13900000011',
        estimatedQty: '420.000',
      },
      {
        ...base,
        projectId: projects[0].id,
        name: '二号仓库',
        address: '明州路88号西区',
        contact: '陈工',
        phone: '13900000011',
        estimatedQty: '180.000',
      },
      {
        ...base,
        projectId: projects[1].id,
        name: 'A区堆场',
        address: '蛟川街道园区路1号',
        contact: '周经理',
        phone: '13900000012',
        estimatedQty: '95.000',
      },
    ])
    .returning({ id: projectSite.id });
  for (const [i, [pi, si, m, qty, price, st]] of (
    [
      [0, 0, 'WL0001', '120', '2550', 'done'],
      [0, 1, 'WL0002', '60', '2380', 'open'],
      [1, 2, 'WL0003', '35', '2200', 'open'],
    ] as const
  ).entries()) {
    await tx.insert(siteOrder).values({
      ...base,
      orderNo: await drawNo(tx, T, 'siteOrder', tz),
      projectId: projects[pi].id,
      siteId: sites[si].id,
      materialId: mat[m],
      qty: `${qty}.000`,
      unitPrice: `${price}.00`,
      orderDate: shift(today, -10 + i * 3),
      orderState: st,
    });
  }
  await tx.insert(easyCrudDemo).values([
    {
      ...base,
      code: 'DEMO01',
      name: '示例一',
      sortNo: 1,
      amount: '1234.56',
      weight: '15820.500',
      qty: '15.821',
      rate: '1.50',
      day: today,
      happenedAt: `${today} 08:30:00`,
      color: 'red',
      regionCode: '330206',
      flag: 1,
      note: '资源引擎的每种字段',
    },
    {
      ...base,
      code: 'DEMO02',
      name: '示例二',
      sortNo: 2,
      amount: '98000.00',
      weight: '32000.000',
      qty: '32.000',
      rate: '3.00',
      day: shift(today, -1),
      happenedAt: `${shift(today, -1)} 14:05:00`,
      color: 'green',
      regionCode: '330211',
      flag: 0,
    },
    {
      ...base,
      code: 'DEMO03',
      name: '示例三',
      sortNo: 3,
      amount: '0.01',
      weight: '0.001',
      qty: '0.001',
      rate: '0.00',
      day: shift(today, -2),
      color: 'blue',
      status: 0,
    },
  ]);

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
          contractNo: await drawNo(tx, T, 'financeContract', tz),
          providerId: providers[0].id,
          kind: 'pledge',
          principal: principal.toFixed(2),
          annualRate: '4.3500',
          startDate: start,
          termDays: 180,
          warehouseId: st.warehouseId,
          materialId: st.materialId,
          pledgedQty: pledgedKg.toFixed(3),
          releasedQty: released,
          repaidPrincipal: repaid.toFixed(2),
          paidInterest: interest,
          state: 'active',
          remark: '动态质押，出库不得低于质押数量',
        })
        .returning({ id: financeContract.id });
      await tx.insert(financeRepayment).values({
        tenantId: T,
        contractId: fc.id,
        repayDate,
        principal: repaid.toFixed(2),
        interest,
        releasedQty: released,
        createUser: admin.id,
      });
    }
  }
  await tx.insert(financeContract).values({
    ...base,
    contractNo: await drawNo(tx, T, 'financeContract', tz),
    providerId: providers[2].id,
    kind: 'receivable',
    principal: '600000.00',
    annualRate: '6.5000',
    startDate: shift(today, -30),
    termDays: 90,
    tradingContractId: sale1,
    state: 'active',
    remark: '重废钢销售合同应收账款保理',
  });
  // 金单: issued by the customer against its payable to us, split and partly transferred to a supplier
  const face = '500000.00';
  const [root] = await tx
    .insert(goldCert)
    .values({
      ...base,
      certNo: await drawNo(tx, T, 'goldCert', tz),
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
      userId: admin.id,
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
