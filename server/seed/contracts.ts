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
import { moneyFixed, weightFixed } from '../../core/format/amounts.ts';
import { contractLineAmount, contractLinePrice } from '../../core/trade/execution.ts';
import type { Tx } from '../db/client.ts';
import {
  contractSignature,
  easyCrudDemo,
  material,
  project,
  projectSite,
  relatedParty,
  siteOrder,
  stockOrder,
  supplierContract,
  tradingContract,
  tradingContractLine,
  user,
  warehouse,
} from '../db/schema/index.ts';
import { printed } from '../modules/izs-contract/signing.ts';
import { loadFull } from '../modules/izs-contract/trading-detail.ts';
import { drawOrderNo } from '../platform/numbering.ts';
import { formatDate } from '../platform/time.ts';
import { seedScfData, shift } from './scf.ts';

export interface ContractSeedContext {
  tenantId: string;
  depts: Record<string, string>;
}

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
        qty: weightFixed(l.qty),
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
        contractNo: await drawOrderNo(tx, 'tradingContract', { tenantId: T, tz }),
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
        totalQty: weightFixed(ls.reduce((s, l) => s.plus(l.qty), new Decimal(0))),
        totalAmount: moneyFixed(ls.reduce((s, l) => s.plus(l.amount), new Decimal(0))),
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
    contractNo: await drawOrderNo(tx, 'supplierContract', { tenantId: T, tz }),
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
        projectNo: await drawOrderNo(tx, 'project', { tenantId: T, tz }),
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
        projectNo: await drawOrderNo(tx, 'project', { tenantId: T, tz }),
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
      orderNo: await drawOrderNo(tx, 'siteOrder', { tenantId: T, tz }),
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

  await seedScfData(tx, { T, tz, today, base, adminId: admin.id, party, tradingContractId: sale1 });
}
