/**
 * izs-base (spec §2.7 Base, §7.6): material + category tree, warehouse (+ environment patrols), weighbridge,
 * bank, related party, expense items, salesman, organisation — all through the resource engine — plus the
 * per-dept configs and the business cache (select-data) written by hand.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { bankResource } from '../../../core/contract/izs-base/bank.contract.ts';
import { financialExpensesResource } from '../../../core/contract/izs-base/financial-expenses.contract.ts';
import { materialResource } from '../../../core/contract/izs-base/material.contract.ts';
import { materialCategoryResource } from '../../../core/contract/izs-base/material-category.contract.ts';
import { orgManageResource } from '../../../core/contract/izs-base/org-manage.contract.ts';
import { relatedPartyResource } from '../../../core/contract/izs-base/related-party.contract.ts';
import { salesmanResource } from '../../../core/contract/izs-base/salesman.contract.ts';
import { warehouseResource } from '../../../core/contract/izs-base/warehouse.contract.ts';
import { weighbridgeResource } from '../../../core/contract/izs-base/weighbridge.contract.ts';
import {
  bank,
  financialExpenses,
  material,
  materialCategory,
  orgManage,
  relatedParty,
  salesman,
  warehouse,
  weighbridge,
} from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { type CrudContext, qualified, type Row, registerModule, registerResource } from '../../platform/crud/index.ts';
import { endpoints } from '../../platform/endpoint.ts';
import { badRequest, ok } from '../../platform/r.ts';
import {
  categoryByName,
  categoryIdOf,
  categoryLoop,
  categoryOf,
  childCategory,
  materialInCategories,
  warehouseOf,
  weighbridgeInWarehouses,
} from './base-repository.ts';
import { registerConfigRoutes } from './config.ts';
import { handleCategoryTree } from './material-category-tree.ts';
import { registerSelectData } from './select-data.ts';
import { registerStockWeighOrder } from './stock-weigh-order.ts';
import { environments, handleWarehouseEnvironment } from './warehouse-environment.ts';
import { handleWeighbridgeByDept } from './weighbridge-by-dept.ts';
import { calibrationJoin, saveCalibration } from './weighbridge-calibration.ts';

export async function registerIzsBase(app: FastifyInstance, actx: AppContext): Promise<void> {
  const db = actx.database.db;
  const ctx = { db, tz: actx.config.tz };
  await registerModule(app, (s) => {
    registerMaterialCategory(s, ctx);
    registerMaterial(s, ctx);
    const wh = registerWarehouse(s, ctx);
    const wb = registerWeighbridge(s, ctx);
    registerResource(s, ctx, bankResource, bank);
    registerResource(s, ctx, relatedPartyResource, relatedParty);
    registerResource(s, ctx, financialExpensesResource, financialExpenses);
    registerResource(s, ctx, salesmanResource, salesman);
    registerResource(s, ctx, orgManageResource, orgManage);

    const r = endpoints(s, db);
    handleCategoryTree(r, db);
    handleWarehouseEnvironment(r, db, wh);
    handleWeighbridgeByDept(r, db, wb);
    registerStockWeighOrder(s, ctx);
    registerConfigRoutes(s, ctx);
    registerSelectData(s, ctx);
  });
}

type Scope = Parameters<Parameters<typeof registerModule>[1]>[0];

/** 物料分类 (tree): the parent of the tenant and never the category itself or one below it; removal refused with children or materials. */
function registerMaterialCategory(s: Scope, ctx: CrudContext) {
  return registerResource(s, ctx, materialCategoryResource, materialCategory, {
    joins: {
      parentName: sql<string>`(select p.name from izs_material_category p where p.id = ${qualified(materialCategory.parentId)})`,
    },
    beforeSave: async (tx, row, c) => {
      const pid = (row.parentId as string | null | undefined) ?? '0';
      row.parentId = pid;
      if (pid === '0') return;
      if (!c.isNew && pid === c.prev?.id) throw badRequest('上级分类不能是自己');
      const p = await categoryOf(tx, c.user.tenantId, pid);
      if (!p[0]) throw badRequest('上级分类不存在');
      if (!c.isNew) {
        // moving under one of its own descendants would cut the subtree off the tree
        const loop = await categoryLoop(tx, pid, c.prev?.id as string);
        if (loop.rows.length) throw badRequest('上级分类不能是自己的下级分类');
      }
    },
    beforeRemove: async (tx, rows) => {
      const ids = rows.map((r) => r.id as string);
      const child = await childCategory(tx, ids);
      if (child.length) throw badRequest('请先删除下级分类');
      const used = await materialInCategories(tx, ids);
      if (used.length) throw badRequest('分类下还有物料，不能删除');
    },
  });
}

/** 物料: a category filter takes its subtree; the category must be the tenant's (also on import, by name). */
function registerMaterial(s: Scope, ctx: CrudContext) {
  return registerResource(s, ctx, materialResource, material, {
    joins: {
      categoryName: sql<string>`(select c.name from izs_material_category c where c.id = ${material.categoryId})`,
    },
    // a category filter takes its whole subtree: 黑色金属 lists 重废, 中废, 统料… materials too
    filters: {
      categoryId: (v, user) => {
        const id = String(v).trim();
        if (!/^[1-9]\d{0,18}$/.test(id)) throw badRequest('物料分类格式不正确');
        return sql`${material.categoryId} in (with recursive sub(id) as (
            select c.id from izs_material_category c
             where c.id = ${id} and c.tenant_id = ${user.tenantId} and c.is_deleted = 0
            union all
            select c.id from izs_material_category c join sub on c.parent_id = sub.id where c.is_deleted = 0
          ) select id from sub)`;
      },
    },
    beforeSave: async (tx, row, c) => {
      if (!row.categoryId) return;
      const cat = await categoryIdOf(tx, c.user.tenantId, row.categoryId as string);
      if (!cat[0]) throw badRequest('物料分类不存在');
    },
    importValue: {
      categoryId: async (text, ex, user) => {
        const r = await categoryByName(ex, user.tenantId, text);
        if (!r[0]) throw badRequest(`物料分类不存在: ${text}`);
        return r[0].id;
      },
    },
  });
}

/** 仓库 + 环境巡检: the detail carries the patrol records; removal refused with weighbridges. */
function registerWarehouse(s: Scope, ctx: CrudContext) {
  const { db } = ctx;
  const wh = registerResource(s, ctx, warehouseResource, warehouse, {
    routes: {
      // the detail page shows the patrol records with the warehouse (spec §2.12 table card)
      detail: async (req) => {
        const user = await wh.permit(req, 'view');
        const row = wh.entity(await wh.load(db, req, user, String((req.query as Row)?.id ?? '')), user);
        return ok({ ...row, environments: await environments(db, user, row.id as string, wh) });
      },
    },
    beforeRemove: async (tx, rows) => {
      const used = await weighbridgeInWarehouses(
        tx,
        rows.map((r) => r.id as string),
      );
      if (used.length) throw badRequest('仓库下还有地磅，不能删除');
    },
  });
  return wh;
}

/** 地磅: its warehouse must be the tenant's; the calibration points saved with it. */
function registerWeighbridge(s: Scope, ctx: CrudContext) {
  return registerResource(s, ctx, weighbridgeResource, weighbridge, {
    joins: {
      warehouseName: sql<string>`(select w.name from izs_warehouse w where w.id = ${weighbridge.warehouseId})`,
      calibrationPoints: calibrationJoin,
    },
    beforeSave: async (tx, row, c) => {
      if (!row.warehouseId) return;
      const w = await warehouseOf(tx, c.user.tenantId, row.warehouseId as string);
      if (!w[0]) throw badRequest('所属仓库不存在');
    },
    afterSave: saveCalibration,
  });
}
