/**
 * The open API v1 handlers (core/contract/open/open-v1.contract.ts): read-only views of the app's tenant and the
 * test webhook. The gate (guard.ts) has authenticated the app and checked its scope before any of these run.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { OPEN_API } from '../../../../core/contract/open/open-v1.contract.ts';
import { parseTraceData } from '../../../../core/trace/answer.ts';
import { tracePath } from '../../../../core/trace/fields.ts';
import { type Db, rows } from '../../../db/client.ts';
import { openApp, openWebhook } from '../../../db/schema/index.ts';
import { endpoints, type Handler } from '../../../platform/endpoint.ts';
import { badRequest } from '../../../platform/r.ts';
import { traceChain } from '../../../platform/trace-chain/chain.ts';
import { traceDataOf } from '../chain/blockchain.ts';
import type { OpenAppCtx } from './guard.ts';

const appOf = (req: FastifyRequest): OpenAppCtx => {
  if (!req.openApp) throw new Error('open route without its gate');
  return req.openApp;
};

type Row = Record<string, string | null>;
const s = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** A time column as the open API answers it: `yyyy-MM-dd HH:mm:ss` in the server's zone, '' when null. */
const fmt = (col: string, tz: string) =>
  sql.raw(`coalesce(to_char(${col} at time zone '${tz.replace(/'/g, '')}', 'YYYY-MM-DD HH24:MI:SS'), '')`);

export function registerOpenV1(app: FastifyInstance, db: Db, tz: string): void {
  const r = endpoints(app, db);
  r.handle(OPEN_API.weighingOrders, weighingOrdersRoute(db, tz));
  r.handle(OPEN_API.stockDocuments, stockDocumentsRoute(db, tz));
  r.handle(OPEN_API.materials, materialsRoute(db, tz));
  r.handle(OPEN_API.trace, traceRoute(db));
  r.handle(OPEN_API.webhookPing, webhookPingRoute(db));
}

function weighingOrdersRoute(db: Db, tz: string): Handler<typeof OPEN_API.weighingOrders> {
  return async ({ query, req }) => {
    const a = appOf(req);
    const where = sql`w.tenant_id = ${a.tenantId} and w.is_deleted = 0 and w.weigh_state in ('completed', 'voided')
      and (${query.beginDate ?? null}::text is null or (w.complete_time at time zone ${tz})::date >= ${query.beginDate ?? null}::date)
      and (${query.endDate ?? null}::text is null or (w.complete_time at time zone ${tz})::date <= ${query.endDate ?? null}::date)`;
    const [{ n }] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from izs_weighing_order w where ${where}`,
    );
    const list = await rows<Row>(
      db,
      sql`select w.order_no, w.order_type, w.weigh_state, w.car_number, w.gross_weight, w.tare_weight, w.deduction_weight,
                 w.net_weight, w.unit_price, w.amount, w.stock_order_no, ${fmt('w.complete_time', tz)} as complete_time,
                 coalesce(p.name, '') as party_name, coalesce(m.code, '') as material_code, coalesce(m.name, '') as material_name,
                 ct.token as trace_token, o.state as stock_state, o.net_amount::text as net_amount,
                 o.tax_amount::text as tax_amount, o.gross_amount::text as gross_amount
            from izs_weighing_order w
            -- the stock document it made: its stored 不含税金额 / 税额 / 价税合计 (one amount basis, issue 21)
            left join izs_stock_order o on o.tenant_id = w.tenant_id and o.order_no = w.stock_order_no
                  and o.is_deleted = 0
            left join izs_related_party p on p.id = w.party_id
            left join izs_material m on m.id = w.material_id
            left join izs_chain_token ct on ct.tenant_id = w.tenant_id and ct.order_type = 'weighing' and ct.order_no = w.order_no
           where ${where}
           order by w.complete_time desc, w.id desc
           limit ${query.size} offset ${(query.current - 1) * query.size}`,
    );
    return {
      total: n,
      current: query.current,
      size: query.size,
      records: list.map((w) => ({
        orderNo: s(w.order_no),
        orderType: s(w.order_type),
        state: s(w.weigh_state),
        carNumber: s(w.car_number),
        partyName: s(w.party_name),
        materialCode: s(w.material_code),
        materialName: s(w.material_name),
        grossWeight: s(w.gross_weight ?? '0.000'),
        tareWeight: s(w.tare_weight ?? '0.000'),
        deductionWeight: s(w.deduction_weight ?? '0.000'),
        netWeight: s(w.net_weight ?? '0.000'),
        unitPrice: s(w.unit_price),
        amount: s(w.amount ?? '0.00'),
        completeTime: s(w.complete_time),
        stockOrderNo: s(w.stock_order_no),
        stockOrderState: s(w.stock_state),
        netAmount: w.stock_state ? s(w.net_amount) : null,
        taxAmount: w.stock_state ? s(w.tax_amount) : null,
        grossAmount: w.stock_state ? s(w.gross_amount) : null,
        tracePath: w.trace_token ? tracePath('weighing', s(w.order_no), s(w.trace_token)) : '',
      })),
    };
  };
}

function stockDocumentsRoute(db: Db, tz: string): Handler<typeof OPEN_API.stockDocuments> {
  return async ({ query, req }) => {
    const a = appOf(req);
    const where = sql`o.tenant_id = ${a.tenantId} and o.is_deleted = 0
      and (${query.docType ?? null}::text is null or o.doc_type = ${query.docType ?? null})
      and (${query.state ?? null}::text is null or o.state = ${query.state ?? null})
      and (${query.beginDate ?? null}::text is null or o.order_date >= ${query.beginDate ?? null})
      and (${query.endDate ?? null}::text is null or o.order_date <= ${query.endDate ?? null})`;
    const [{ n }] = await rows<{ n: number }>(db, sql`select count(*)::int as n from izs_stock_order o where ${where}`);
    const docs = await rows<Row>(
      db,
      sql`select o.id, o.order_no, o.doc_type, o.state, o.order_date, o.total_qty, o.total_amount,
                 o.net_amount, o.tax_amount, o.gross_amount,
                 ${fmt('o.review_time', tz)} as review_time,
                 coalesce(p.name, '') as party_name, coalesce(wh.name, '') as warehouse_name
            from izs_stock_order o
            left join izs_related_party p on p.id = o.party_id
            left join izs_warehouse wh on wh.id = o.warehouse_id
           where ${where}
           order by o.order_date desc, o.id desc
           limit ${query.size} offset ${(query.current - 1) * query.size}`,
    );
    const ids = docs.map((d) => s(d.id));
    const lines = ids.length
      ? await rows<Row>(
          db,
          sql`select l.order_id, l.qty, l.unit_price, l.amount, l.tax_rate, l.price_includes_tax, l.net_amount,
                     l.tax_amount, l.gross_amount, m.code, m.name
                from izs_stock_order_line l join izs_material m on m.id = l.material_id
               where l.order_id in (${sql.join(
                 ids.map((i) => sql`${i}`),
                 sql`, `,
               )}) order by l.order_id, l.line_no`,
        )
      : [];
    return {
      total: n,
      current: query.current,
      size: query.size,
      records: docs.map((d) => ({
        orderNo: s(d.order_no),
        docType: s(d.doc_type),
        state: s(d.state),
        orderDate: s(d.order_date),
        partyName: s(d.party_name),
        warehouseName: s(d.warehouse_name),
        totalQty: s(d.total_qty),
        totalAmount: s(d.total_amount),
        netAmount: s(d.net_amount),
        taxAmount: s(d.tax_amount),
        grossAmount: s(d.gross_amount),
        reviewTime: s(d.review_time),
        lines: lines
          .filter((l) => s(l.order_id) === s(d.id))
          .map((l) => ({
            materialCode: s(l.code),
            materialName: s(l.name),
            qty: s(l.qty),
            unitPrice: s(l.unit_price),
            amount: s(l.amount),
            taxRate: s(l.tax_rate),
            priceIncludesTax: Number(l.price_includes_tax) === 1,
            netAmount: s(l.net_amount),
            taxAmount: s(l.tax_amount),
            grossAmount: s(l.gross_amount),
          })),
      })),
    };
  };
}

function materialsRoute(db: Db, tz: string): Handler<typeof OPEN_API.materials> {
  return async ({ query, req }) => {
    const a = appOf(req);
    const kw = query.keyword?.trim() ? `%${query.keyword.trim()}%` : null;
    const where = sql`m.tenant_id = ${a.tenantId} and m.is_deleted = 0
      and (${kw}::text is null or m.code ilike ${kw} or m.name ilike ${kw})`;
    const [{ n }] = await rows<{ n: number }>(db, sql`select count(*)::int as n from izs_material m where ${where}`);
    const today = sql`to_char(now() at time zone ${tz}, 'YYYY-MM-DD')`;
    const priceOf = (type: string) => sql`(select p.price::text from izs_price_list p
        where p.tenant_id = m.tenant_id and p.is_deleted = 0 and p.material_id = m.id and p.party_id is null
          and p.price_type = ${type} and (p.valid_from = '' or p.valid_from <= ${today})
          and (p.valid_to = '' or p.valid_to >= ${today})
        order by p.valid_from desc, p.id desc limit 1)`;
    const list = await rows<Row>(
      db,
      sql`select m.code, m.name, m.spec, m.price_unit, m.default_price, ${priceOf('purchase')} as purchase_price,
                 ${priceOf('sale')} as sale_price
            from izs_material m where ${where}
           order by m.code limit ${query.size} offset ${(query.current - 1) * query.size}`,
    );
    return {
      total: n,
      current: query.current,
      size: query.size,
      records: list.map((m) => ({
        code: s(m.code),
        name: s(m.name),
        spec: s(m.spec),
        priceUnit: s(m.price_unit),
        defaultPrice: s(m.default_price),
        purchasePrice: m.purchase_price ?? null,
        salePrice: m.sale_price ?? null,
      })),
    };
  };
}

function traceRoute(db: Db): Handler<typeof OPEN_API.trace> {
  return async ({ query, req }) => {
    const a = appOf(req);
    const chain = traceChain();
    const [found] = await chain.lookup(db, query.orderType, query.orderNo, a.tenantId);
    if (!found) throw badRequest('未找到该单据的上链记录');
    const data = parseTraceData(JSON.stringify(traceDataOf(found, chain.name)));
    if (!data) throw new Error('trace answer');
    return {
      blockNumber: data.transactionReceipt.blockNumber,
      blockHash: data.transactionReceipt.blockHash,
      transactionHash: data.transactionReceipt.transactionHash,
      fields: data.methodArgs.structFields,
      events: data.history.map((h) => ({ event: h.event, time: h.time, blockNumber: h.blockNumber })),
    };
  };
}

function webhookPingRoute(db: Db): Handler<typeof OPEN_API.webhookPing> {
  return async ({ body, req }) => {
    const a = appOf(req);
    const [row] = await db.select({ url: openApp.webhookUrl }).from(openApp).where(eq(openApp.id, a.id));
    if (!row?.url) throw badRequest('应用未设置回调地址');
    const [d] = await db
      .insert(openWebhook)
      .values({
        tenantId: a.tenantId,
        appId: a.id,
        event: 'ping',
        payload: JSON.stringify({ type: 'ping', timestamp: new Date().toISOString(), data: { message: body.message } }),
        state: 'pending',
      })
      .returning({ id: openWebhook.id });
    return { deliveryId: d.id };
  };
}
