/**
 * 计量单位 of the current book (engine routes at /api/izs-financing/unit, contract unit.contract.ts).
 * Rules: a name is unique per book; a unit that an account of the book counts in (fin_account.unit = name) keeps its
 * name and cannot be removed. New books get UNIT_PRESETS (createAccountSet).
 */
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { UNIT_PRESETS, unitResource } from '../../../core/contract/izs-financing/unit.contract.ts';
import type { Executor } from '../../db/client.ts';
import { finAccount, finUnit } from '../../db/schema/index.ts';
import type { CrudContext } from '../../platform/crud/index.ts';
import { badRequest } from '../../platform/r.ts';
import { registerBookResource } from './book-resource.ts';

async function usedBy(ex: Executor, bookId: string, names: string[]): Promise<string | null> {
  if (!names.length) return null;
  const [a] = await ex
    .select({ code: finAccount.code, unit: finAccount.unit })
    .from(finAccount)
    .where(and(eq(finAccount.accountSetId, bookId), eq(finAccount.isDeleted, 0), inArray(finAccount.unit, names)))
    .limit(1);
  return a ? `计量单位「${a.unit}」已被科目 ${a.code} 使用` : null;
}

/** The preset units of a new book (inside its creating transaction). */
export async function insertPresetUnits(
  ex: Executor,
  v: { tenantId: string; deptId: string; bookId: string; userId: string },
): Promise<void> {
  await ex.insert(finUnit).values(
    UNIT_PRESETS.map((u, i) => ({
      tenantId: v.tenantId,
      deptId: v.deptId,
      accountSetId: v.bookId,
      code: u.code,
      name: u.name,
      precision: u.precision,
      sort: i + 1,
      createUser: v.userId,
    })),
  );
}

export function registerUnits(app: FastifyInstance, ctx: CrudContext): void {
  registerBookResource(app, ctx, unitResource, finUnit, {
    beforeSave: async (tx, row, c) => {
      const name = String(row.name ?? c.prev?.name ?? '').trim();
      const [dup] = await tx
        .select({ id: finUnit.id })
        .from(finUnit)
        .where(
          and(
            eq(finUnit.accountSetId, c.bookId),
            eq(finUnit.name, name),
            eq(finUnit.isDeleted, 0),
            ...(c.prev ? [ne(finUnit.id, String(c.prev.id))] : []),
          ),
        )
        .limit(1);
      if (dup) throw badRequest(`计量单位「${name}」已存在`);
      if (c.prev && c.prev.name !== name) {
        const used = await usedBy(tx, c.bookId, [String(c.prev.name)]);
        if (used) throw badRequest(`${used}，不能改名`);
      }
    },
    beforeRemove: async (tx, list, c) => {
      const used = await usedBy(
        tx,
        c.bookId,
        list.map((u) => String(u.name)),
      );
      if (used) throw badRequest(`${used}，不能删除`);
    },
  });
}
