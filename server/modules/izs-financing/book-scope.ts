/**
 * A book compares with its own company (issue 21): the records of the book's department and the departments below
 * it (blade_dept.ancestors), never the whole tenant's — 存货成本 against 库存商品, the documents a book vouchers.
 * A book without a department (none is made so today) keeps the whole tenant.
 */
import { type SQL, sql } from 'drizzle-orm';
import { dept } from '../../db/schema/index.ts';
import { tenantOnly } from '../../platform/scope.ts';
import type { Book } from './book.ts';

/** SQL: `deptCol` (a dept id column) is the book's department or one below it. */
export function inBookCompany(book: Pick<Book, 'tenantId' | 'deptId'>, deptCol: SQL): SQL {
  if (!book.deptId) return sql`true`;
  return sql`${deptCol} in (select ${dept.id} from ${dept} where ${tenantOnly(book.tenantId, dept)}
    and (${dept.id} = ${book.deptId} or (',' || ${dept.ancestors} || ',') like ${`%,${book.deptId},%`}))`;
}
