/**
 * The hand-written endpoints of 系统字典 (`/api/blade-system/dict`) and 业务字典 (`/api/blade-system/dict-biz`)
 * besides the resource engine's (dict.contract.ts has the resources and the rules): the option sources
 * `dictionary?code=` and `dictionary-tree?code=` and the form's parent `tree` (any signed-in user), BladeX's
 * `parent-list` (the dictionaries, paged) and `child-list?parentId=` (the items of one row; both need the view).
 * One table drives both dictionaries; handlers in server/modules/blade-system/dict-endpoints.ts.
 */
import { z } from 'zod';
import { pageQuerySchema } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import {
  type DictItem,
  type DictTreeItem,
  dictBizResource,
  dictEntity,
  dictPaths,
  dictResource,
} from './dict.contract.ts';
import { pageOf, treeNodeSchema } from './fields.ts';

export const codeQuery = z.object({
  code: z.string({ error: '缺少必要的请求参数: code' }).trim().min(1, '请输入字典编号'),
});

export const dictItemSchema = z.object({
  id: z.string(),
  parentId: z.string(),
  code: z.string(),
  dictKey: z.string(),
  dictValue: z.string(),
  sort: z.number(),
  remark: z.string(),
}) satisfies z.ZodType<DictItem>;

export const dictTreeItemSchema: z.ZodType<DictTreeItem> = z.lazy(() =>
  dictItemSchema.extend({
    title: z.string(),
    key: z.string(),
    value: z.string(),
    children: z.array(dictTreeItemSchema).optional(),
  }),
);

/** A row of the engine's entity as parent-list / child-list answer it (the tree routes add parentName). */
export const dictRowSchema = dictEntity.loose();
export type DictRowAnswer = z.infer<typeof dictRowSchema>;

const dictEndpoints = <const P extends string>(system: boolean, title: P) => {
  const def = system ? dictResource : dictBizResource;
  const paths = dictPaths(def);
  const view = { code: def.permission, action: 'view' } as const;
  return {
    dictionary: endpoint({
      method: 'GET',
      path: paths.dictionary,
      summary: `${title}：某编号的启用字典项（选项来源）`,
      query: codeQuery,
      answer: z.array(dictItemSchema),
      provides: [{ type: 'Options', id: 'dict' }],
      silent: true,
    }),
    dictionaryTree: endpoint({
      method: 'GET',
      path: paths.dictionaryTree,
      summary: `${title}：某编号的启用字典项（树）`,
      query: codeQuery,
      answer: z.array(dictTreeItemSchema),
    }),
    tree: endpoint({
      method: 'GET',
      path: paths.tree,
      summary: `${title}：上级字典选择树`,
      query: z.object({ code: z.string().trim().optional() }),
      answer: z.array(treeNodeSchema),
    }),
    parentList: endpoint({
      method: 'GET',
      path: paths.parentList,
      summary: `${title}：字典（顶级，分页）`,
      // the resource's filters (code, dictValue…) pass through to the engine's conditions
      query: z.looseObject(pageQuerySchema.pick({ current: true, size: true }).shape),
      answer: pageOf(dictRowSchema),
      permission: view,
    }),
    childList: endpoint({
      method: 'GET',
      path: paths.childList,
      summary: `${title}：某一行的下级字典项`,
      query: z.object({
        parentId: z.string({ error: '缺少必要的请求参数: parentId' }).regex(/^\d{1,19}$/, '编号格式不正确'),
      }),
      answer: z.array(dictRowSchema),
      permission: view,
    }),
  };
};

export const DICT_ENDPOINTS = dictEndpoints(true, '系统字典');
export const DICT_BIZ_ENDPOINTS = dictEndpoints(false, '业务字典');
