/**
 * 系统字典 (blade_dict, platform-wide) and 业务字典 (blade_dict_biz, per tenant) — bladex-contract §5.5, BladeX
 * flavour — through the resource engine, with the tree endpoints the screens and option sources use:
 * `list` (tree, an engine route override here); `tree`, `parent-list`, `child-list`, `dictionary?code=`,
 * `dictionary-tree?code=` are descriptors (dict-endpoints.contract.ts) served by dict-endpoints.ts.
 * Rules (dict.contract.ts): roots carry dictKey '-1'; items take their root's code (a move or a code change
 * carries the whole subtree along); (code, dictKey) unique; sealed rows and sealing belong to administrators;
 * no removal while children remain; system dictionary writes from the platform tenant only.
 */
import { and, asc, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { DICT_ROOT_KEY, dictBizResource, dictResource } from '../../../core/contract/blade-system/dict.contract.ts';
import { DEFAULT_TENANT_ID } from '../../../core/contract/common.ts';
import type { Executor } from '../../db/client.ts';
import { dict, dictBiz } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import {
  type CrudContext,
  isAdministrator,
  type Resource,
  type Row,
  registerResource,
} from '../../platform/crud/index.ts';
import { endpoints } from '../../platform/endpoint.ts';
import { badRequest, ok } from '../../platform/r.ts';
import { tenantIs } from '../../platform/scope.ts';
import { buildForest } from '../../platform/tree.ts';
import { registerDictEndpoints } from './dict-endpoints.ts';
import { dictChildren, dictDescendants, dictRowById, duplicateDict, setDictCode } from './dict-repository.ts';
import { requirePlatformTenant } from './platform-tenant.ts';

export type DictTable = typeof dict | typeof dictBiz;

const SEALED_MSG = '封存的字典只有超级管理员可以修改';

/** What the dictionary's hand-written endpoints (dict-endpoints.ts) need of its registration. */
export interface DictCtx {
  t: DictTable;
  live: (u: AuthUser) => SQL;
  res: Resource;
  system: boolean;
}

export function registerDictRoutes(s: FastifyInstance, ctx: CrudContext): void {
  registerDict(s, ctx, dict, true);
  registerDict(s, ctx, dictBiz, false);
}

function registerDict(s: FastifyInstance, ctx: CrudContext, t: DictTable, system: boolean): void {
  const { db } = ctx;
  const def = system ? dictResource : dictBizResource;
  const name = system ? 'blade_dict' : 'blade_dict_biz';
  /** Whose rows a reader sees: the platform's for the system dictionary, else the caller's tenant. */
  // the system dictionary is the platform tenant's, shared by all; the business dictionary is each tenant's own
  const ownerOf = (u: AuthUser) => (system ? DEFAULT_TENANT_ID : u.tenantId);
  const live = (u: AuthUser) => tenantIs(ownerOf(u), t);

  const rowById = (ex: Executor, u: AuthUser, id: string) => dictRowById(ex, t, live, u, id);
  /** Ids of every descendant of `ids` (breadth first). */
  const descendants = (ex: Executor, u: AuthUser, ids: string[]) => dictDescendants(ex, t, live, u, ids);

  const res = registerResource(s, ctx, def, t, {
    joins: {
      parentName: sql<string>`(select p.dict_value from ${sql.raw(`${name} p where p.id = ${name}.parent_id`)})`,
    },
    beforeSave: async (tx, row, c) => {
      if (system) requirePlatformTenant(c.user);
      const admin = isAdministrator(c.user);
      const prev = c.prev;
      if (!admin && prev && Number(prev.isSealed) === 1) throw badRequest(SEALED_MSG);
      if (!admin && Number(row.isSealed ?? 0) !== Number(prev?.isSealed ?? 0)) {
        throw badRequest('只有超级管理员可以封存或解封字典');
      }
      const pid = row.parentId ? String(row.parentId) : '0';
      row.parentId = pid;
      if (pid === '0') {
        if (!String(row.code ?? '')) throw badRequest('请输入字典编号');
        row.dictKey = DICT_ROOT_KEY;
      } else {
        if (prev && pid === prev.id) throw badRequest('父节点不可选择自身!');
        const parent = await rowById(tx, c.user, pid);
        if (!parent) throw badRequest('上级字典不存在');
        if (!admin && parent.isSealed === 1) throw badRequest(SEALED_MSG);
        if (prev && (await descendants(tx, c.user, [String(prev.id)])).includes(pid)) {
          throw badRequest('父节点不可选择自身的子节点!');
        }
        row.code = parent.code;
        const key = String(row.dictKey ?? '').trim();
        if (!key) throw badRequest('请输入字典键值');
        if (key === DICT_ROOT_KEY) throw badRequest('字典键值不能为-1');
        row.dictKey = key;
      }
      const dup = await duplicateDict(tx, t, live, c.user, {
        code: String(row.code),
        dictKey: String(row.dictKey),
        prevId: prev ? String(prev.id) : undefined,
      });
      if (dup[0]) throw badRequest(pid === '0' ? '字典编号已存在' : '当前字典键值已存在!');
    },
    afterSave: async (tx, row, c) => {
      // the subtree follows its root's code
      if (!c.prev || c.prev.code === row.code) return;
      const ids = await descendants(tx, c.user, [String(row.id)]);
      if (ids.length) await setDictCode(tx, t, ids, String(row.code));
    },
    beforeRemove: async (tx, rows, { user: u }) => {
      if (system) requirePlatformTenant(u);
      if (!isAdministrator(u) && rows.some((r) => Number(r.isSealed) === 1)) throw badRequest(SEALED_MSG);
      const ids = rows.map((r) => String(r.id));
      const kids = await dictChildren(tx, t, live, u, ids);
      if (kids.some((k) => !ids.includes(k.id))) throw badRequest('请先删除子节点');
    },
    routes: {
      // BladeX `dict/list`: the matching rows as a tree (orphans of a filter become roots)
      list: async (req) => {
        const u = await res.permit(req, 'view');
        const rows = (await db
          .select(res.selection())
          .from(t)
          .where(and(...(await res.conditions(req, u, (req.query ?? {}) as Row))))
          .orderBy(asc(t.sort), asc(t.id))
          .limit(5000)) as Row[];
        return ok(buildForest(rows.map((r) => res.entity(r, u) as Row & { id: string; parentId: string })));
      },
    },
  });

  registerDictEndpoints(endpoints(s, db), db, { t, live, res, system });
}
