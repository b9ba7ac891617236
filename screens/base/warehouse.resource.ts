/**
 * Screen layout (issue 23, features/crud/resource-layout.ts): table cells, search options, form boxes and detail cards
 * of `warehouseResource`, whose wire is core/contract/izs-base/warehouse.contract.ts, and the boxes of the 新增巡检
 * dialog's fields (`WAREHOUSE_ENVIRONMENT_FIELDS` there).
 */
import {
  WAREHOUSE_ENVIRONMENT_FIELDS,
  WAREHOUSE_TYPES,
  type WarehouseEnvironment,
  warehouseResource,
} from '../../core/contract/izs-base/warehouse.contract.ts';
import type { ColumnDef } from '../../core/contract/resource.ts';
import { withFormLayout, withLayout } from '../../features/crud/resource-layout.ts';

const ENVIRONMENT_COLUMNS: ColumnDef<WarehouseEnvironment>[] = [
  { field: 'recordTime', label: '巡检时间', kind: 'datetime', width: 170 },
  { field: 'temperature', label: '温度(℃)', kind: 'qty', decimals: 1, width: 100 },
  { field: 'humidity', label: '湿度(%)', kind: 'rate', decimals: 1, width: 100 },
  { field: 'fireCheck', label: '消防检查合格', kind: 'bool', width: 120 },
  { field: 'inspector', label: '巡检人', kind: 'text', width: 100 },
  { field: 'remark', label: '备注', kind: 'text' },
];

export const warehouseView = withLayout(warehouseResource, {
  columns: {
    code: { sortable: true },
    name: { sortable: true },
    capacityT: { sortable: true },
    regionCode: { hideInTable: true },
    remark: { hideInTable: true },
    createTime: { sortable: true },
  },
  search: { type: { options: { options: WAREHOUSE_TYPES } } },
  form: { capacityT: { min: 0 }, remark: { span: 2 } },
  detail: [
    { kind: 'grid', title: '基本信息', fields: ['code', 'name', 'type', 'capacityT', 'status', 'deptId'] },
    { kind: 'grid', title: '位置与联系人', fields: ['regionCode', 'address', 'managerName', 'phone', 'remark'] },
    {
      kind: 'table',
      title: '环境巡检记录',
      field: 'environments',
      columns: ENVIRONMENT_COLUMNS as unknown as ColumnDef<Record<string, unknown>>[],
    },
  ],
});

/** The 新增巡检 dialog's fields (warehouse-detail.tsx). */
export const warehouseEnvironmentFields = withFormLayout(WAREHOUSE_ENVIRONMENT_FIELDS, {
  temperature: { min: -50, max: 80 },
  humidity: { min: 0, max: 100 },
  remark: { span: 2 },
});
