/**
 * Contracts and ledgers (issue 12; spec §2.8): trading contracts (trading-contract.ts, trading-detail.ts,
 * signing.ts), supplier contracts, projects with sites, site orders and the engine's demonstration resource (engine
 * CRUD, below), purchase / sales ledgers (ledger.ts). Paths under /api/izs-sell.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  easyCrudResource,
  projectResource,
  projectSiteResource,
  siteOrderResource,
  supplierContractResource,
} from '../../../core/contract/izs-contract/projects.contract.ts';
import { easyCrudDemo, project, projectSite, siteOrder, supplierContract } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { type CrudContext, qualified, registerModule, registerResource } from '../../platform/crud/index.ts';
import { drawOrderNo } from '../../platform/numbering.ts';
import { badRequest } from '../../platform/r.ts';
import { tenantOf } from '../../platform/scope.ts';
import { registerLedgers } from './ledger.ts';
import { registerSigning } from './signing.ts';
import { registerTradingContracts } from './trading-contract.ts';
import { registerTradingDetail } from './trading-detail.ts';

const partyName = (col: unknown) => sql<string>`(select p.name from izs_related_party p where p.id = ${col})`;

export async function registerIzsContract(app: FastifyInstance, actx: AppContext): Promise<void> {
  const db = actx.database.db;
  const ctx: CrudContext = { db, tz: actx.config.tz };
  await registerModule(app, (s) => {
    const trading = registerTradingContracts(s, ctx);
    registerTradingDetail(s, ctx, trading);
    registerSigning(s, ctx, trading);
    registerLedgers(s, ctx);

    registerResource(s, ctx, supplierContractResource, supplierContract, {
      joins: { partyName: partyName(supplierContract.partyId) },
      beforeSave: async (tx, row, c) => {
        if (c.isNew)
          row.contractNo = await drawOrderNo(tx, 'supplierContract', { tenantId: c.user.tenantId, tz: ctx.tz });
      },
    });
    registerResource(s, ctx, projectResource, project, {
      joins: {
        partyName: partyName(project.partyId),
        siteCount: sql<number>`(select count(*)::int from izs_project_site x where x.project_id = ${qualified(project.id)} and x.is_deleted = 0)`,
      },
      beforeSave: async (tx, row, c) => {
        if (c.isNew) row.projectNo = await drawOrderNo(tx, 'project', { tenantId: c.user.tenantId, tz: ctx.tz });
      },
    });
    registerResource(s, ctx, projectSiteResource, projectSite, {
      joins: { projectName: sql<string>`(select p.name from izs_project p where p.id = ${projectSite.projectId})` },
      beforeSave: async (tx, row, c) => {
        const [p] = await tx
          .select({ id: project.id })
          .from(project)
          .where(and(eq(project.id, String(row.projectId)), tenantOf(c.user, project)));
        if (!p) throw badRequest('项目不存在');
      },
    });
    registerResource(s, ctx, siteOrderResource, siteOrder, {
      joins: {
        projectName: sql<string>`(select p.name from izs_project p where p.id = ${siteOrder.projectId})`,
        siteName: sql<string>`(select x.name from izs_project_site x where x.id = ${siteOrder.siteId})`,
        materialName: sql<string>`(select m.name from izs_material m where m.id = ${siteOrder.materialId})`,
      },
      beforeSave: async (tx, row, c) => {
        const [site] = await tx
          .select({ projectId: projectSite.projectId })
          .from(projectSite)
          .where(and(eq(projectSite.id, String(row.siteId)), tenantOf(c.user, projectSite)));
        if (!site) throw badRequest('现场不存在');
        if (site.projectId !== String(row.projectId)) throw badRequest('现场不属于所选项目');
        if (c.isNew) row.orderNo = await drawOrderNo(tx, 'siteOrder', { tenantId: c.user.tenantId, tz: ctx.tz });
      },
    });
    registerResource(s, ctx, easyCrudResource, easyCrudDemo);
  });
}
