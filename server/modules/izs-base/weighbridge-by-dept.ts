/**
 * `GET weighbridge/detail-deptid?deptId=` (BASE_QUERIES.weighbridgeByDept): the first enabled weighbridge of a
 * department within the caller's scope, as its detail answers it, or null.
 */
import { and, asc, eq } from 'drizzle-orm';
import { BASE_QUERIES, weighbridgeAnswer } from '../../../core/contract/izs-base/base-queries.contract.ts';
import type { Db } from '../../db/client.ts';
import { weighbridge } from '../../db/schema/index.ts';
import type { Resource } from '../../platform/crud/index.ts';
import type { endpoints } from '../../platform/endpoint.ts';

export function handleWeighbridgeByDept(r: ReturnType<typeof endpoints>, db: Db, wb: Resource): void {
  r.handle(BASE_QUERIES.weighbridgeByDept, async ({ query: q, user, req }) => {
    const conds = await wb.conditions(req, user, {});
    const [found] = await db
      .select(wb.selection())
      .from(weighbridge)
      .where(and(...conds, eq(weighbridge.deptId, q.deptId), eq(weighbridge.status, 1)))
      .orderBy(asc(weighbridge.createTime), asc(weighbridge.id))
      .limit(1);
    return found ? weighbridgeAnswer.parse(wb.entity(found, user)) : null;
  });
}
