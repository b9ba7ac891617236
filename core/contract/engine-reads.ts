/**
 * Endpoint descriptors for reads the resource engine already serves (server/platform/crud: `${path}/detail`,
 * `${path}/select-list`), for callers without the engine's hooks — the print entry calls them through
 * core/api/call-descriptor.ts. The answer types come from the resource definition, so nothing is asserted by hand.
 * Served by the engine (not by `endpoints().handle`), so these are not in registry.ts.
 */
import { z } from 'zod';
import { idSchema, pageQuerySchema } from './common.ts';
import { endpoint } from './endpoint.ts';
import { type ResourceDef, type ResourceSchemas, resourcePaths } from './resource.ts';

/** `${path}/detail?id=`: one row as the definition's entity. */
export function engineDetail<S extends ResourceSchemas>(def: ResourceDef<S>) {
  return endpoint({
    method: 'GET',
    path: resourcePaths(def).detail,
    summary: `${def.title}详情`,
    query: z.object({ id: idSchema }),
    answer: def.schemas.entity as S['entity'],
    permission: { code: def.permission, action: 'view' },
  });
}

/**
 * `${path}/page`: the definition's filters with current/size/ascs/descs, a page of entities; it provides the same tag
 * as the engine's list hooks, so a command invalidating the resource refreshes it too.
 */
export function enginePage<S extends ResourceSchemas>(def: ResourceDef<S>) {
  return endpoint({
    method: 'GET',
    path: resourcePaths(def).page,
    summary: `${def.title}分页`,
    query: z.intersection(def.schemas.query as S['query'], pageQuerySchema),
    answer: z.object({
      records: z.array(def.schemas.entity as S['entity']),
      total: z.number(),
      size: z.number(),
      current: z.number(),
      pages: z.number(),
    }),
    permission: { code: def.permission, action: 'view' },
    provides: [{ type: 'Resource', id: def.name }],
  });
}

/** `${path}/list`: the definition's filters (at most 1,000 rows), entities. */
export function engineList<S extends ResourceSchemas>(def: ResourceDef<S>) {
  return endpoint({
    method: 'GET',
    path: resourcePaths(def).list,
    summary: `${def.title}列表`,
    query: def.schemas.query as S['query'],
    answer: z.array(def.schemas.entity as S['entity']),
    permission: { code: def.permission, action: 'view' },
    provides: [{ type: 'Resource', id: def.name }],
  });
}

/** `${path}/select-list`: enabled rows as options; `row` names the fields the list answers (id, label, code). */
export function engineSelectList<S extends ResourceSchemas, Row extends z.ZodType>(def: ResourceDef<S>, row: Row) {
  return endpoint({
    method: 'GET',
    path: resourcePaths(def).selectList,
    summary: `${def.title}下拉选项`,
    answer: z.array(row),
  });
}
