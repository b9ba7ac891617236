/**
 * 系统字典 (/system/dict) and 业务字典 (/system/dictbiz) (bladex-contract §5.5, BladeX flavour): one root row per
 * dictionary code (parentId 0, dictKey '-1', dictValue = the dictionary's name) with its items as children (items
 * may nest). The system dictionary is platform-wide; business dictionaries belong to a tenant. Option sources
 * `{dict: code}` read `dict-biz/dictionary?code=`, `{dict: code, system: true}` read `dict/dictionary?code=`.
 *
 * Constraints:
 * - (code, dictKey) unique (当前字典键值已存在!); a root's key is '-1', so a code has one root (字典编号已存在).
 * - An item takes its root's code; its parent must be a row of the same dictionary.
 * - Sealed rows (isSealed 1) are changed or removed by administrators only (封存的字典只有超级管理员可以修改);
 *   only administrators seal or unseal.
 * - A row with children cannot be removed (请先删除子节点).
 * - System dictionary writes come from the platform tenant (000000) only.
 */
import { z } from 'zod';
import { ENGINE_HIDDEN, joinedName } from '../fields.ts';
import { dictRow } from '../generated/dict.ts';
import { flag, int, opt } from '../izs-base/fields.ts';
import { defineResource, resourcePaths } from '../resource.ts';

export const DICT_ROOT_KEY = '-1';

/** One dictionary item as `dictionary?code=` answers it. */
export interface DictItem {
  id: string;
  parentId: string;
  code: string;
  dictKey: string;
  dictValue: string;
  sort: number;
  remark: string;
}

/** `dictionary-tree?code=`: items nested under their parents (title/key/value for tree selects). */
export interface DictTreeItem extends DictItem {
  title: string;
  key: string;
  value: string;
  children?: DictTreeItem[];
}

export const dictEntity = dictRow.omit(ENGINE_HIDDEN).extend({
  parentName: joinedName,
  children: z.array(z.unknown()).optional(),
});
export type DictRow = z.infer<typeof dictEntity> & { children?: DictRow[] };

export const dictForm = z.object({
  /** Empty or '0' for a dictionary (root), else the parent row. */
  parentId: z
    .union([z.string(), z.number(), z.null()], { error: '上级字典格式不正确' })
    .optional()
    .transform((v) => (v === null || v === undefined || String(v).trim() === '' ? '0' : String(v).trim()))
    .refine((v) => /^(0|[1-9]\d{0,18})$/.test(v), { message: '上级字典格式不正确' }),
  /** Required for a dictionary; an item takes its root's code (set by the server). */
  code: z
    .string({ error: '请输入字典编号' })
    .trim()
    .max(100, '字典编号不能超过100个字符')
    .refine((v) => v === '' || /^[A-Za-z][A-Za-z0-9_.-]*$/.test(v), {
      message: '字典编号只能以字母开头，含字母、数字和 _.-',
    })
    .default(''),
  /** Required for items; a root's key is always '-1' (set by the server). */
  dictKey: z.string({ error: '字典键值必须是文本' }).trim().max(100, '字典键值不能超过100个字符').default(''),
  dictValue: z
    .string({ error: '请输入字典名称' })
    .trim()
    .min(1, '请输入字典名称')
    .max(100, '字典名称不能超过100个字符'),
  sort: int('排序', 0, 99999, 0),
  isSealed: flag('封存', 0),
  status: flag('状态', 1),
  remark: opt('备注', 255),
});

export const dictQuery = z.object({
  code: z.string().max(100).optional(),
  dictValue: z.string().max(100).optional(),
});

const dictDef = (system: boolean) => {
  const path = system ? '/api/blade-system/dict' : '/api/blade-system/dict-biz';
  const tree = { tree: `${path}/tree` };
  return defineResource({
    name: system ? 'dict' : 'dict-biz',
    title: system ? '系统字典' : '业务字典',
    service: 'blade-system',
    path,
    permission: system ? 'system_dict' : 'system_dictbiz',
    schemas: { entity: dictEntity, form: dictForm, query: dictQuery },
    scope: 'tenant',
    labelField: 'dictValue',
    sortable: ['sort', 'code'],
    defaultSort: { field: 'sort' },
    unique: [{ fields: ['code', 'dictKey'], message: '当前字典键值已存在!' }],
    columns: [
      { field: 'code', label: '字典编号', kind: 'code', width: 220 },
      { field: 'dictValue', label: '字典名称', kind: 'text', width: 180 },
      { field: 'dictKey', label: '字典键值', kind: 'code', width: 120 },
      { field: 'sort', label: '排序', kind: 'number', width: 70 },
      { field: 'isSealed', label: '封存', kind: 'bool', width: 70 },
      { field: 'status', label: '状态', kind: 'status', width: 80 },
      { field: 'remark', label: '备注', kind: 'text', width: 160 },
    ],
    search: [
      { field: 'code', label: '字典编号', kind: 'text' },
      { field: 'dictValue', label: '字典名称', kind: 'text' },
    ],
    form: [
      { field: 'parentId', label: '上级字典', kind: 'tree', options: tree },
      { field: 'code', label: '字典编号', kind: 'code', required: true },
      { field: 'dictValue', label: '字典名称', kind: 'text', required: true },
      { field: 'dictKey', label: '字典键值', kind: 'code' },
      { field: 'sort', label: '排序', kind: 'number' },
      { field: 'isSealed', label: '封存', kind: 'bool' },
      { field: 'status', label: '状态', kind: 'status' },
      { field: 'remark', label: '备注', kind: 'textarea' },
    ],
  });
};

export const dictResource = dictDef(true);
export const dictBizResource = dictDef(false);

/** The extra endpoints of a dictionary resource (besides the engine's). */
export const dictPaths = (def: { path: string }) => ({
  ...resourcePaths(def),
  tree: `${def.path}/tree`,
  dictionary: `${def.path}/dictionary`,
  dictionaryTree: `${def.path}/dictionary-tree`,
  parentList: `${def.path}/parent-list`,
  childList: `${def.path}/child-list`,
});
