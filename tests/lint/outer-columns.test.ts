// @vitest-environment node
/**
 * A sub-select in a sql template that compares its own table's rows with a column of the outer query writes that
 * column as `${qualified(table.column)}` (server/platform/crud/read-only.ts), never as a bare `${table.column}`.
 * Drizzle leaves the table name out of a single-table select's fields, so `(select u.real_name from blade_user u where
 * u.id = ${stockOrder.createUser})` became `… where u.id = "create_user"` — blade_user's own create_user — and every
 * 入库单 showed no 创建人; 车辆分组's car count, 司机's plates, 物料分类's parent, a contract's 已签 and the others found
 * with it read the wrong rows the same way. This test finds each `from <table> <alias> where …` whose condition
 * interpolates a bare column that the sub-select's own table also has (the name would bind to it), in server/.
 */
import { readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { getTableColumns, getTableName, is, Table } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as schema from '../../server/db/schema/index.ts';
import { sources } from './source-files.ts';

const root = resolve(import.meta.dirname, '../..');

/** Each schema export that is a table: its SQL name and its columns' property → SQL name. */
const TABLES = new Map<string, { name: string; columns: Record<string, string> }>();
const COLUMNS = new Map<string, Set<string>>();
for (const [key, value] of Object.entries(schema)) {
  if (!is(value, Table)) continue;
  const columns = Object.fromEntries(
    Object.entries(getTableColumns(value as Table) as Record<string, { name: string }>).map(([p, c]) => [p, c.name]),
  );
  TABLES.set(key, { name: getTableName(value as Table), columns });
  COLUMNS.set(getTableName(value as Table), new Set(Object.values(columns)));
}

/** `from <table | ${table}> [as] <alias> where <condition up to the closing parenthesis or template end>` */
const SUBSELECT = /from\s+(?:\$\{(\w+)\}|"?(\w+)"?)\s+(?:as\s+)?(\w+)\s+where([^`]*?)\)/g;
const BARE = /\$\{(\w+)\.(\w+)\}/g;

/** The names a file imports from the schema (a local `user` is an AuthUser, not the blade_user table). */
function schemaImports(text: string): Set<string> | null {
  const names = new Set<string>();
  let any = false;
  for (const m of text.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'[^']*db\/schema[^']*'/g)) {
    any = true;
    for (const n of m[1].split(',')) {
      const name = n
        .trim()
        .split(/\s+as\s+/)
        .at(-1)
        ?.trim();
      if (name) names.add(name);
    }
  }
  return any ? names : null;
}

function collisions(file: string, text: string): string[] {
  const out: string[] = [];
  // planted snippets have no imports: every schema name counts there
  const imported = schemaImports(text);
  for (const m of text.matchAll(SUBSELECT)) {
    const inner = m[1] ? TABLES.get(m[1])?.name : m[2];
    const own = inner ? COLUMNS.get(inner) : undefined;
    if (!own) continue;
    for (const b of (m[4] ?? '').matchAll(BARE)) {
      if (imported && !imported.has(b[1])) continue;
      const outer = TABLES.get(b[1]);
      const column = outer?.columns[b[2]];
      if (outer && column && own.has(column)) {
        const line = text.slice(0, m.index).split('\n').length;
        out.push(`${file}:${line} (select … from ${inner} ${m[3]} where … \${${b[1]}.${b[2]}}): ${inner}.${column}`);
      }
    }
  }
  return out;
}

describe('outer columns inside sub-selects', () => {
  it('finds the bare column a sub-select would read as its own', () => {
    const planted = 'sql`(select u.real_name from blade_user u where u.id = ${stockOrder.createUser})`';
    expect(collisions('planted.ts', planted)).toEqual([
      'planted.ts:1 (select … from blade_user u where … ${stockOrder.createUser}): blade_user.create_user',
    ]);
    // qualified, or a column the inner table does not have: fine
    expect(
      collisions(
        'ok.ts',
        'sql`(select u.real_name from blade_user u where u.id = ${qualified(stockOrder.createUser)})`',
      ),
    ).toEqual([]);
    expect(
      collisions('ok.ts', 'sql`(select p.name from izs_related_party p where p.id = ${stockOrder.partyId})`'),
    ).toEqual([]);
  });

  it('server/ writes every such outer column qualified', () => {
    const found = sources(resolve(root, 'server')).flatMap((f) =>
      collisions(relative(root, f), readFileSync(f, 'utf8')),
    );
    expect(found).toEqual([]);
  });
});
