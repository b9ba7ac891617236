/**
 * `GET not-check/page` (inventory.contract.ts INVENTORY.notCheck, 待审核单据): the submitted documents of every kind
 * — stock documents, purchase / sale orders, drop shipments — each within the data scope of 待审核 and of its own
 * menu (what its list would show the user), newest submission first.
 */
import { type SQL, sql } from 'drizzle-orm';
import { dropShippingResource } from '../../../core/contract/izs-stock/drop-shipping.contract.ts';
import { INVENTORY, INVENTORY_CODES } from '../../../core/contract/izs-stock/inventory.contract.ts';
import { STOCK_DOC_RESOURCES, STOCK_DOC_TYPES } from '../../../core/contract/izs-stock/stock-order.contract.ts';
import { purchaseOrderResource, saleOrderResource } from '../../../core/contract/izs-stock/trade-order.contract.ts';
import { rows } from '../../db/client.ts';
import type { CrudContext } from '../../platform/crud/index.ts';
import { resolveDataScope } from '../../platform/data-scope.ts';
import type { endpoints } from '../../platform/endpoint.ts';
import { parsePaging } from '../../platform/paging.ts';
import { page } from '../../platform/r.ts';
import { formatDateTime } from '../../platform/time.ts';
import { m2, q3, scopeOn } from './stock-scope.ts';

const KIND_NAMES: Record<string, string> = {
  ...Object.fromEntries(STOCK_DOC_TYPES.map((t) => [t.value, t.label])),
  purchase_order: '采购订单',
  sale_order: '销售订单',
  drop_shipping: '直发单',
};
/** The menu (resource) code of each kind: its data scope applies to the kind's rows here too. */
const KIND_PERMISSIONS: Record<string, string> = {
  ...Object.fromEntries(Object.entries(STOCK_DOC_RESOURCES).map(([k, d]) => [k, d.permission])),
  purchase_order: purchaseOrderResource.permission,
  sale_order: saleOrderResource.permission,
  drop_shipping: dropShippingResource.permission,
};
const KIND_PATHS: Record<string, string> = {
  ...Object.fromEntries(Object.entries(STOCK_DOC_RESOURCES).map(([k, d]) => [k, d.path])),
  purchase_order: '/api/izs-stock/purchase-order',
  sale_order: '/api/izs-stock/sale-order',
  drop_shipping: '/api/izs-stock/drop-shipping',
};

interface NotCheckSql {
  id: unknown;
  kind: unknown;
  order_no: unknown;
  party_name: string | null;
  total_qty: unknown;
  total_amount: unknown;
  dept_id: unknown;
  dept_name: string | null;
  submit_time: string | Date | null;
  create_time: string | Date | null;
}

export function handleNotCheck(r: ReturnType<typeof endpoints>, { db, tz }: CrudContext): void {
  r.handle(INVENTORY.notCheck, async ({ query: q, user }) => {
    const p = parsePaging({ current: q.current, size: q.size });
    const t = user.tenantId;
    const union = sql`(
      select id, doc_type as kind, order_no, party_id, total_qty, gross_amount as total_amount, dept_id, submit_time,
             create_time, create_user
        from izs_stock_order where tenant_id = ${t} and is_deleted = 0 and state = 'submitted'
      union all
      select id, kind || '_order', order_no, party_id, total_qty, total_amount, dept_id, submit_time, create_time,
             create_user
        from izs_trade_order where tenant_id = ${t} and is_deleted = 0 and state = 'submitted'
      union all
      select id, 'drop_shipping', order_no, supplier_id, purchase_qty, sale_amount, dept_id, submit_time, create_time,
             create_user
        from izs_drop_shipping where tenant_id = ${t} and is_deleted = 0 and state = 'submitted'
    ) d`;
    const conds: SQL[] = [sql`true`];
    const scope = await scopeOn(db, user, INVENTORY_CODES.notCheck, sql`d.dept_id`);
    if (scope) conds.push(scope);
    // each document also within the data scope of its own menu (what its list would show the user)
    const kindScopes = await Promise.all(
      Object.entries(KIND_PERMISSIONS).map(async ([kind, code]) => {
        const s = await resolveDataScope(db, user, code);
        if (s.kind === 'all') return sql`d.kind = ${kind}`;
        if (s.kind === 'own') return sql`(d.kind = ${kind} and d.create_user = ${user.userId})`;
        if (!s.deptIds.length) return undefined;
        return sql`(d.kind = ${kind} and d.dept_id in (${sql.join(
          s.deptIds.map((d) => sql`${d}`),
          sql`, `,
        )}))`;
      }),
    );
    const visible = kindScopes.filter((k): k is SQL => !!k);
    conds.push(visible.length ? sql`(${sql.join(visible, sql` or `)})` : sql`false`);
    if (q.kind) conds.push(sql`d.kind = ${q.kind}`);
    if (q.orderNo) conds.push(sql`d.order_no ilike ${`%${q.orderNo.replace(/[\\%_]/g, (m) => `\\${m}`)}%`}`);
    const where = sql.join(conds, sql` and `);
    const [c] = await rows<{ n: number }>(db, sql`select count(*)::int as n from ${union} where ${where}`);
    const found = await rows<NotCheckSql>(
      db,
      sql`select d.*, p.name as party_name, dp.dept_name
            from ${union}
            left join izs_related_party p on p.id = d.party_id
            left join blade_dept dp on dp.id = d.dept_id
           where ${where}
           order by d.submit_time desc nulls last, d.id desc
           limit ${p.size} offset ${p.offset}`,
    );
    const time = (v: string | Date | null) => (v ? formatDateTime(new Date(v), tz) : '');
    const records = found.map((x) => ({
      id: String(x.id),
      kind: String(x.kind),
      kindName: KIND_NAMES[String(x.kind)] ?? String(x.kind),
      orderNo: String(x.order_no),
      partyName: x.party_name ?? null,
      totalQty: q3(x.total_qty),
      totalAmount: m2(x.total_amount),
      deptId: x.dept_id === null ? null : String(x.dept_id),
      deptName: x.dept_name ?? null,
      submitTime: time(x.submit_time),
      createTime: time(x.create_time),
      path: KIND_PATHS[String(x.kind)] ?? '',
    }));
    return page(records, Number(c?.n ?? 0), p.current, p.size);
  });
}
