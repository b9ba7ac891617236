/**
 * The hand-written endpoints of izs-base beside its resources: the 物料分类 tree, a warehouse's environment patrols
 * (record one, list them) and the first enabled weighbridge of a department. Handlers in server/modules/izs-base/
 * (material-category-tree.ts, warehouse-environment.ts, weighbridge-by-dept.ts).
 */
import { z } from 'zod';
import { idSchema, type TreeNode } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { MATERIAL_CATEGORY_TREE, materialCategoryResource } from './material-category.contract.ts';
import {
  WAREHOUSE_PATHS,
  warehouseEnvironmentEntity,
  warehouseEnvironmentForm,
  warehouseResource,
} from './warehouse.contract.ts';
import { weighbridgeEntity } from './weighbridge.contract.ts';

/** A node of a tree endpoint (bladex-contract §4.3). */
export const treeNodeSchema: z.ZodType<TreeNode> = z.lazy(() =>
  z.object({
    id: z.string(),
    parentId: z.string(),
    title: z.string(),
    key: z.string(),
    value: z.string(),
    children: z.array(treeNodeSchema).optional(),
    hasChildren: z.boolean().optional(),
  }),
);

/** A weighbridge as its detail answers it (the typed fields and whatever else the engine answers). */
export const weighbridgeAnswer = weighbridgeEntity.loose();

const WH = warehouseResource.permission;

export const BASE_QUERIES = {
  /** Any signed-in user of the tenant (the pickers of the material forms). */
  categoryTree: endpoint({
    method: 'GET',
    path: MATERIAL_CATEGORY_TREE,
    summary: '物料分类树',
    answer: z.array(treeNodeSchema),
    provides: [
      { type: 'Options', id: MATERIAL_CATEGORY_TREE },
      { type: 'Resource', id: materialCategoryResource.name },
    ],
  }),
  environment: endpoint({
    method: 'POST',
    path: WAREHOUSE_PATHS.environment,
    summary: '新增仓库环境巡检',
    body: warehouseEnvironmentForm,
    answer: z.object({ id: z.string() }),
    permission: { code: WH, action: 'edit' },
    invalidates: [{ type: 'Resource', id: warehouseResource.name }],
  }),
  environmentList: endpoint({
    method: 'GET',
    path: WAREHOUSE_PATHS.environmentList,
    summary: '仓库环境巡检记录（最近 100 条）',
    query: z.object({ warehouseId: idSchema }),
    answer: z.array(warehouseEnvironmentEntity),
    permission: { code: WH, action: 'view' },
    provides: [{ type: 'Resource', id: warehouseResource.name }],
  }),
  /** Any signed-in user (the workstation's default weighbridge). */
  weighbridgeByDept: endpoint({
    method: 'GET',
    path: '/api/izs-base/weighbridge/detail-deptid',
    summary: '机构的第一台启用地磅',
    query: z.object({ deptId: idSchema }),
    answer: weighbridgeAnswer.nullable(),
    provides: [{ type: 'Resource', id: 'weighbridge' }],
  }),
};
