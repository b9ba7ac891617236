/**
 * GET /api/izs-toolbox/stock-print/detail (issue 14): what the printed in/out-stock (print/templates/stock-doc.tsx)
 * shows, read in the caller's tenant and data scope, with the stored 不含税金额 / 税额 / 价税合计 (issue 21), the 价税合计 in 人民币大写 and the public trace link (with
 * its token) once the document is chained. Contract: core/contract/izs-toolbox/stock-print.contract.ts.
 */
import Decimal from 'decimal.js';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { toCapital } from '../../../../core/accounting/capital.ts';
import { STOCK_DOC_RESOURCES } from '../../../../core/contract/izs-stock/stock-order.contract.ts';
import { STOCK_PRINT } from '../../../../core/contract/izs-toolbox/stock-print.contract.ts';
import { moneyFixed, weightFixed } from '../../../../core/format/amounts.ts';
import { priceUnitOf } from '../../../../core/stock/amount.ts';
import { type Db, rows } from '../../../db/client.ts';
import { stockOrder, tenant } from '../../../db/schema/index.ts';
import { checkGrant, endpoints } from '../../../platform/endpoint.ts';
import { badRequest } from '../../../platform/r.ts';
import { scopeOf, tenantOf, tenantOnly } from '../../../platform/scope.ts';
import { isChained, traceLinkOf } from '../../../platform/trace-chain/link.ts';

/** Printed titles; the party is the customer of what goes out, the supplier of what comes in. */
const DOC_TITLES: Record<string, { title: string; party: string }> = {
  out_stock: { title: '销售出库单', party: '客户' },
  in_stock: { title: '采购入库单', party: '供应商' },
  purchase_return: { title: '采购退货单', party: '供应商' },
  sale_return: { title: '销售退货单', party: '客户' },
};

const t3 = (kg: string) => weightFixed(new Decimal(kg || '0').div(1000));

async function nameOf(db: Db, sqlText: ReturnType<typeof sql>): Promise<string> {
  const [r] = await rows<{ name: string | null }>(db, sqlText);
  return r?.name ?? '';
}

export function registerStockPrint(app: FastifyInstance, db: Db): void {
  const r = endpoints(app, db);
  r.handle(STOCK_PRINT.detail, async ({ query, user }) => {
    const [head] = await db
      .select({ docType: stockOrder.docType })
      .from(stockOrder)
      .where(and(eq(stockOrder.id, query.id), tenantOf(user, stockOrder)));
    const kind = head ? DOC_TITLES[head.docType] : undefined;
    if (!head || !kind) throw badRequest('单据不存在或不可打印');
    const def = STOCK_DOC_RESOURCES[head.docType as keyof typeof STOCK_DOC_RESOURCES];
    await checkGrant(db, user, { code: def.permission, action: 'view' });
    const [o] = await db
      .select()
      .from(stockOrder)
      .where(and(eq(stockOrder.id, query.id), await scopeOf(db, user, stockOrder, def.permission)));
    if (!o) throw badRequest('单据不存在或不可打印');
    const lines = await rows<{
      lineNo: number;
      code: string;
      name: string;
      spec: string;
      qty: string;
      unitPrice: string;
      priceUnit: string;
      amount: string;
      taxRate: string;
      priceIncludesTax: number;
      netAmount: string;
      taxAmount: string;
      grossAmount: string;
    }>(
      db,
      sql`select l.line_no as "lineNo", m.code, m.name, coalesce(m.spec, '') as spec, l.qty::text as qty,
                 l.unit_price::text as "unitPrice", l.amount::text as amount, coalesce(m.price_unit, '') as "priceUnit",
                 l.tax_rate::text as "taxRate", l.price_includes_tax as "priceIncludesTax",
                 l.net_amount::text as "netAmount", l.tax_amount::text as "taxAmount",
                 l.gross_amount::text as "grossAmount"
            from izs_stock_order_line l join izs_material m on m.id = l.material_id
           where l.order_id = ${o.id} order by l.line_no`,
    );
    const [t] = await db.select({ name: tenant.tenantName }).from(tenant).where(tenantOnly(user, tenant));
    const total = lines.reduce((s, l) => s.plus(l.amount), new Decimal(0));
    const totalKg = lines.reduce((s, l) => s.plus(l.qty), new Decimal(0));
    const target = { tenantId: user.tenantId, orderType: o.docType, orderNo: o.orderNo };
    const userName = (id: string | null) =>
      id ? nameOf(db, sql`select real_name as name from blade_user where id = ${id}`) : Promise.resolve('');
    return {
      companyName: t?.name ?? '',
      docType: o.docType,
      docTitle: kind.title,
      orderNo: o.orderNo,
      orderDate: o.orderDate,
      state: o.state,
      partyLabel: kind.party,
      partyName: o.partyId ? await nameOf(db, sql`select name from izs_related_party where id = ${o.partyId}`) : '',
      warehouseName: o.warehouseId
        ? await nameOf(db, sql`select name from izs_warehouse where id = ${o.warehouseId}`)
        : '',
      carNumber: o.carNumber,
      remark: o.remark,
      lines: lines.map((l) => ({
        lineNo: l.lineNo,
        materialCode: l.code,
        materialName: l.name,
        spec: l.spec,
        qtyKg: weightFixed(l.qty),
        qtyT: t3(l.qty),
        unitPrice: l.unitPrice,
        priceUnit: priceUnitOf(l.priceUnit) === 'kg' ? '元/千克' : '元/吨',
        amount: moneyFixed(l.amount),
        taxRate: l.taxRate,
        priceIncludesTax: Number(l.priceIncludesTax) === 1,
        netAmount: moneyFixed(l.netAmount),
        taxAmount: moneyFixed(l.taxAmount),
        grossAmount: moneyFixed(l.grossAmount),
      })),
      totalKg: weightFixed(totalKg),
      totalT: t3(totalKg.toString()),
      totalAmount: moneyFixed(total),
      // issue 21: the stored figures, as the document's detail shows them; 大写 reads the 价税合计
      netAmount: moneyFixed(o.netAmount),
      taxAmount: moneyFixed(o.taxAmount),
      grossAmount: moneyFixed(o.grossAmount),
      totalCapital: toCapital(moneyFixed(o.grossAmount)),
      makerName: await userName(o.createUser),
      reviewerName: await userName(o.reviewer),
      tracePath: (await isChained(db, target)) ? await traceLinkOf(db, target) : null,
    };
  });
}
