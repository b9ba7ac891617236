/**
 * The rows of a dictionary (dict.ts; blade_dict or blade_dict_biz): one row, every descendant, a duplicate
 * (code, dictKey), the children of rows, the subtree's code rewritten. `live(u)` says whose rows the caller sees.
 */
import { and, eq, inArray, ne, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { dict, dictBiz } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';

type DictTable = typeof dict | typeof dictBiz;
type Live = (u: AuthUser) => SQL;

/** One row the caller sees. */
export const dictRowById = async (ex: Executor, t: DictTable, live: Live, u: AuthUser, id: string) =>
  (
    await ex
      .select()
      .from(t)
      .where(and(eq(t.id, id), live(u)))
      .limit(1)
  )[0];

/** Ids of every descendant of `ids` (breadth first). */
export async function dictDescendants(
  ex: Executor,
  t: DictTable,
  live: Live,
  u: AuthUser,
  ids: string[],
): Promise<string[]> {
  const out: string[] = [];
  let level = ids;
  for (let depth = 0; level.length && depth < 32; depth++) {
    const kids = await ex
      .select({ id: t.id })
      .from(t)
      .where(and(inArray(t.parentId, level), live(u)));
    level = kids.map((k) => k.id).filter((k) => !out.includes(k) && !ids.includes(k));
    out.push(...level);
  }
  return out;
}

/** Another row with this (code, dictKey), if any. */
export const duplicateDict = (
  ex: Executor,
  t: DictTable,
  live: Live,
  u: AuthUser,
  key: { code: string; dictKey: string; prevId?: string },
) =>
  ex
    .select({ id: t.id })
    .from(t)
    .where(
      and(
        live(u),
        eq(t.code, key.code),
        eq(t.dictKey, key.dictKey),
        key.prevId !== undefined ? ne(t.id, key.prevId) : undefined,
      ),
    )
    .limit(1);

/** The rows whose parent is one of these. */
export const dictChildren = (ex: Executor, t: DictTable, live: Live, u: AuthUser, ids: string[]) =>
  ex
    .select({ id: t.id })
    .from(t)
    .where(and(inArray(t.parentId, ids), live(u)));

/** The subtree follows its root's code. */
export const setDictCode = (ex: Executor, t: DictTable, ids: string[], code: string) =>
  ex.update(t).set({ code }).where(inArray(t.id, ids));
