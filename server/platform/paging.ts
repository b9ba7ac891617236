/** Paging (DESIGN §4): current/size from pageQuerySchema; ascs/descs only on whitelisted columns. */
import { asc, desc, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { pageQuerySchema } from '../../core/contract/common.ts';
import { ApiError } from './r.ts';
import { parse } from './validate.ts';

export interface Paging {
  current: number;
  size: number;
  offset: number;
  orderBy: SQL[];
}

/**
 * @param sortable column name (snake_case as BladeX sends, camelCase also accepted) → column
 * @param defaults order used when the client asks for none
 */
export function parsePaging(query: unknown, sortable: Record<string, AnyPgColumn> = {}, defaults: SQL[] = []): Paging {
  const q = parse(pageQuerySchema, query ?? {});
  const orderBy: SQL[] = [];
  const add = (list: string | undefined, dir: typeof asc) => {
    for (const raw of (list ?? '').split(',')) {
      const name = raw.trim();
      if (!name) continue;
      const snake = name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
      const col = sortable[snake];
      if (!col) throw new ApiError(400, `不支持按该字段排序: ${name}`);
      orderBy.push(dir(col));
    }
  };
  add(q.ascs, asc);
  add(q.descs, desc);
  return { current: q.current, size: q.size, offset: (q.current - 1) * q.size, orderBy: [...orderBy, ...defaults] };
}
