/**
 * 物料报价单 (/system/material-quotes-order) through the resource engine. The server numbers new quotes
 * (BJ + yyyyMMdd + 3-digit daily sequence per tenant from the one numbering service `drawOrderNo`; deleted numbers
 * never reused), checks the material and the period, and filters by the day a quote is in force (`activeOn`).
 */
import { and, eq, gte, lte, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { materialQuoteResource } from '../../../core/contract/blade-system/material-quotes-order.contract.ts';
import { material, materialQuotesOrder as quote } from '../../db/schema/index.ts';
import { type CrudContext, registerResource } from '../../platform/crud/index.ts';
import { drawOrderNo } from '../../platform/numbering.ts';
import { badRequest } from '../../platform/r.ts';
import { tenantOf } from '../../platform/scope.ts';

const text = (v: unknown) => String(v ?? '').trim();

export function registerMaterialQuoteRoutes(s: FastifyInstance, ctx: CrudContext): void {
  registerResource(s, ctx, materialQuoteResource, quote, {
    joins: {
      materialName: sql<string>`(select m.name from izs_material m where m.id = ${quote.materialId})`,
      materialCode: sql<string>`(select m.code from izs_material m where m.id = ${quote.materialId})`,
    },
    filters: {
      activeOn: (v) => {
        const d = text(v);
        return and(lte(quote.effectiveStart, d), or(eq(quote.effectiveEnd, ''), gte(quote.effectiveEnd, d))) as SQL;
      },
      // yyyy-MM-dd text columns compare as text (the search form sends "yyyy-MM-dd HH:mm:ss")
      effectiveStartBegin: (v) => gte(quote.effectiveStart, text(v).slice(0, 10)),
      effectiveStartEnd: (v) => lte(quote.effectiveStart, text(v).slice(0, 10)),
    },
    beforeSave: async (tx, row, c) => {
      const start = text(row.effectiveStart);
      const end = text(row.effectiveEnd);
      if (end && end < start) throw badRequest('失效日期不能早于生效日期');
      const m = await tx
        .select({ id: material.id })
        .from(material)
        .where(and(eq(material.id, text(row.materialId)), tenantOf(c.user, material)))
        .limit(1);
      if (!m[0]) throw badRequest('物料不存在');
      if (!c.isNew || text(row.code)) return;
      row.code = await drawOrderNo(tx, 'materialQuote', { tenantId: c.user.tenantId, tz: ctx.tz });
    },
  });
}
