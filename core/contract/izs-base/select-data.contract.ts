/**
 * Business cache (spec §3 "Business data cache", §6, §7.6): POST /api/izs-base/select-data/list with flags
 * answers the lists the weighing and order screens pick from. Role administrator: unfiltered; others: rows of
 * their departments (or of `deptId` when it is one of theirs).
 */
import { z } from 'zod';

export const SELECT_DATA_PATHS = {
  list: '/api/izs-base/select-data/list',
  user: '/api/izs-base/select-data/user',
} as const;

const flagOn = z
  .union([z.boolean(), z.number(), z.string()])
  .transform((v) => v === true || v === 1 || v === '1' || v === 'true')
  .optional();

export const selectDataBody = z.object({
  userEnable: flagOn,
  customerEnable: flagOn,
  supplierEnable: flagOn,
  materialEnable: flagOn,
  warehouseEnable: flagOn,
  weighbridgeEnable: flagOn,
  deptId: z.union([z.string(), z.number()]).transform(String).optional(),
});
export type SelectDataBody = z.input<typeof selectDataBody>;

export interface SelectItem {
  id: string;
  name: string;
  code?: string;
  deptId?: string | null;
  [k: string]: unknown;
}

export interface SelectData {
  userList: SelectItem[];
  customerList: SelectItem[];
  supplierList: SelectItem[];
  materialList: SelectItem[];
  warehouseList: SelectItem[];
  weighbridgeList: SelectItem[];
}
