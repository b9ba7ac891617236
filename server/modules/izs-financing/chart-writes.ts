/**
 * 会计科目 writes: add a sub-account (4-2-2), edit, enable / disable, remove (contract: ACCOUNTS in
 * core/contract/izs-financing/account.contract.ts; the reads are in chart.ts). Adding the first child under a used
 * leaf moves its opening balances and voucher lines (and its 辅助核算 / 数量核算 settings) to the child in the same
 * transaction; preset accounts keep their names and cannot be deleted; an account that was used cannot be deleted
 * and its settings are fixed; disabling needs a zero balance.
 */
import { and, eq, inArray, like, notInArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ancestorsOf, levelOf } from '../../../core/accounting/index.ts';
import { ACCOUNTS } from '../../../core/contract/izs-financing/account.contract.ts';
import { type Db, rows } from '../../db/client.ts';
import { finAccount, finOpening, voucherLine } from '../../db/schema/index.ts';
import { endpoints, type Handler } from '../../platform/endpoint.ts';
import { writeOperationLog } from '../../platform/logs.ts';
import { badRequest } from '../../platform/r.ts';
import { type AccountRow, bookOf, loadDimensions } from './book.ts';
import { accountEntity, accountUsed, loadChart, nextCode, subtreeBalance } from './chart.ts';

export function registerChartWrites(app: FastifyInstance, db: Db): void {
  const r = endpoints(app, db);
  r.handle(ACCOUNTS.save, saveAccount(db));
  r.handle(ACCOUNTS.update, updateAccount(db));
  r.handle(ACCOUNTS.enable, enableAccount(db));
  r.handle(ACCOUNTS.remove, removeAccount(db));
}

function saveAccount(db: Db): Handler<typeof ACCOUNTS.save> {
  return async ({ req, body: form }) => {
    const { book, user } = bookOf(req);
    const created = await db.transaction(async (tx) => {
      const [parent] = await tx
        .select()
        .from(finAccount)
        .where(
          and(eq(finAccount.accountSetId, book.id), eq(finAccount.code, form.parentCode), eq(finAccount.isDeleted, 0)),
        )
        .for('update');
      if (!parent) throw badRequest(`上级科目 ${form.parentCode} 不存在`);
      if (parent.status !== 1) throw badRequest(`上级科目 ${parent.code} ${parent.name} 已停用`);
      if (parent.level >= 4) throw badRequest('科目最多四级（4-2-2-2 编码）');
      const code = form.code ? form.code : await nextCode(tx, book.id, parent.code);
      if (code.length !== parent.code.length + 2 || !code.startsWith(parent.code)) {
        throw badRequest(`科目编码应为上级科目编码 ${parent.code} 加两位数字`);
      }
      const siblings = await tx
        .select({ code: finAccount.code, name: finAccount.name })
        .from(finAccount)
        .where(
          and(
            eq(finAccount.accountSetId, book.id),
            eq(finAccount.parentCode, parent.code),
            eq(finAccount.isDeleted, 0),
          ),
        );
      if (siblings.some((s) => s.code === code)) throw badRequest(`科目编码 ${code} 已存在`);
      if (siblings.some((s) => s.name === form.name))
        throw badRequest(`科目名称「${form.name}」在 ${parent.code} 下已存在`);
      const dims = await loadDimensions(tx, book.id);
      for (const d of form.auxDims) if (!dims.has(d)) throw badRequest('辅助核算维度不存在');
      // the first child of a used leaf takes over its balances and postings (only leaves take postings)
      const migrate = siblings.length === 0 && (await accountUsed(tx, book.id, parent.code));
      const [child] = await tx
        .insert(finAccount)
        .values({
          tenantId: user.tenantId,
          accountSetId: book.id,
          code,
          name: form.name,
          parentCode: parent.code,
          level: levelOf(code),
          category: parent.category,
          direction: parent.direction,
          preset: 0,
          quantity: migrate ? parent.quantity : form.quantity,
          unit: migrate ? parent.unit : form.unit,
          auxDims: migrate ? parent.auxDims : form.auxDims.join(','),
          createUser: user.userId,
          updateUser: user.userId,
        })
        .returning();
      if (migrate) {
        await tx
          .update(voucherLine)
          .set({ accountCode: code })
          .where(and(eq(voucherLine.accountSetId, book.id), eq(voucherLine.accountCode, parent.code)));
        await tx
          .update(finOpening)
          .set({ accountCode: code })
          .where(and(eq(finOpening.accountSetId, book.id), eq(finOpening.accountCode, parent.code)));
      }
      await writeOperationLog(tx, req, '新增会计科目', {
        code: [null, code],
        name: [null, form.name],
        ...(migrate ? { migratedFrom: [parent.code, code] } : {}),
      });
      return child;
    });
    const { bc, dims } = await loadChart(db, book.id, book.standard);
    return accountEntity(bc, bc.rows.get(created.code) ?? created, dims);
  };
}

function updateAccount(db: Db): Handler<typeof ACCOUNTS.update> {
  return async ({ req, body: form }) => {
    const { book, user } = bookOf(req);
    const updated = await db.transaction(async (tx) => {
      const [prev] = await tx
        .select()
        .from(finAccount)
        .where(and(eq(finAccount.accountSetId, book.id), eq(finAccount.id, form.id), eq(finAccount.isDeleted, 0)))
        .for('update');
      if (!prev) throw badRequest('科目不存在');
      const set: Partial<AccountRow> = {};
      if (form.name !== undefined && form.name !== prev.name) {
        if (prev.preset === 1) throw badRequest(`系统预置科目 ${prev.code} ${prev.name} 不能修改名称`);
        const [dup] = await tx
          .select({ id: finAccount.id })
          .from(finAccount)
          .where(
            and(
              eq(finAccount.accountSetId, book.id),
              prev.parentCode ? eq(finAccount.parentCode, prev.parentCode) : sql`parent_code is null`,
              eq(finAccount.name, form.name),
              eq(finAccount.isDeleted, 0),
            ),
          )
          .limit(1);
        if (dup) throw badRequest(`科目名称「${form.name}」已存在`);
        set.name = form.name;
      }
      const auxChanged = form.auxDims !== undefined && form.auxDims.join(',') !== prev.auxDims;
      const qtyChanged = form.quantity !== undefined && form.quantity !== prev.quantity;
      if (auxChanged || qtyChanged) {
        const [child] = await tx
          .select({ id: finAccount.id })
          .from(finAccount)
          .where(
            and(
              eq(finAccount.accountSetId, book.id),
              eq(finAccount.parentCode, prev.code),
              eq(finAccount.isDeleted, 0),
            ),
          )
          .limit(1);
        if (child) throw badRequest('只有末级科目可以设置辅助核算或数量核算');
        if (await accountUsed(tx, book.id, prev.code)) {
          throw badRequest(`科目 ${prev.code} ${prev.name} 已有期初余额或凭证，不能修改辅助核算或数量核算`);
        }
        if (auxChanged) {
          const dims = await loadDimensions(tx, book.id);
          for (const d of form.auxDims ?? []) if (!dims.has(d)) throw badRequest('辅助核算维度不存在');
          set.auxDims = (form.auxDims ?? []).join(',');
        }
        if (qtyChanged) set.quantity = form.quantity;
      }
      if (form.unit !== undefined) set.unit = form.unit;
      if (Object.keys(set).length === 0) return prev;
      const [u] = await tx
        .update(finAccount)
        .set({ ...set, updateUser: user.userId, updateTime: new Date() })
        .where(eq(finAccount.id, prev.id))
        .returning();
      await writeOperationLog(
        tx,
        req,
        '修改会计科目',
        Object.fromEntries(Object.keys(set).map((k) => [k, [prev[k as keyof AccountRow], u[k as keyof AccountRow]]])),
      );
      return u;
    });
    const { bc, dims } = await loadChart(db, book.id, book.standard);
    return accountEntity(bc, bc.rows.get(updated.code) ?? updated, dims);
  };
}

function enableAccount(db: Db): Handler<typeof ACCOUNTS.enable> {
  return async ({ req, body }) => {
    const { book, user } = bookOf(req);
    await db.transaction(async (tx) => {
      const found = await tx
        .select()
        .from(finAccount)
        .where(
          and(eq(finAccount.accountSetId, book.id), inArray(finAccount.id, body.ids), eq(finAccount.isDeleted, 0)),
        );
      if (found.length !== new Set(body.ids).size) throw badRequest('科目不存在');
      for (const a of found) {
        if (body.status === 0) {
          const b = await subtreeBalance(tx, book.id, a.code, a.direction);
          if (Number(b) !== 0) throw badRequest(`科目 ${a.code} ${a.name} 有余额，不能停用`);
          // a disabled account disables its subtree
          await tx
            .update(finAccount)
            .set({ status: 0, updateUser: user.userId, updateTime: new Date() })
            .where(and(eq(finAccount.accountSetId, book.id), like(finAccount.code, `${a.code}%`)));
        } else {
          // enabling also enables its ancestors
          const codes = [a.code, ...ancestorsOf(a.code)];
          await tx
            .update(finAccount)
            .set({ status: 1, updateUser: user.userId, updateTime: new Date() })
            .where(and(eq(finAccount.accountSetId, book.id), inArray(finAccount.code, codes)));
        }
      }
      await writeOperationLog(tx, req, body.status === 1 ? '启用会计科目' : '停用会计科目', {
        codes: [null, found.map((a) => a.code).join(',')],
        status: [null, body.status],
      });
    });
    return null;
  };
}

function removeAccount(db: Db): Handler<typeof ACCOUNTS.remove> {
  return async ({ req, query }) => {
    const { book, user } = bookOf(req);
    // ids in the query, or (older callers) in the body
    const ids = String(query.ids ?? (req.body as { ids?: unknown } | undefined)?.ids ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (ids.length === 0 || !ids.every((x) => /^[1-9]\d{0,18}$/.test(x))) throw badRequest('请选择科目');
    await db.transaction(async (tx) => {
      const found = await tx
        .select()
        .from(finAccount)
        .where(and(eq(finAccount.accountSetId, book.id), inArray(finAccount.id, ids), eq(finAccount.isDeleted, 0)));
      if (found.length !== new Set(ids).size) throw badRequest('科目不存在');
      for (const a of found) {
        if (a.preset === 1) throw badRequest(`系统预置科目 ${a.code} ${a.name} 不能删除`);
        const [child] = await tx
          .select({ code: finAccount.code })
          .from(finAccount)
          .where(
            and(
              eq(finAccount.accountSetId, book.id),
              eq(finAccount.parentCode, a.code),
              eq(finAccount.isDeleted, 0),
              notInArray(finAccount.id, ids),
            ),
          )
          .limit(1);
        if (child) throw badRequest(`科目 ${a.code} ${a.name} 有下级科目，请先删除下级科目`);
        if (await accountUsed(tx, book.id, a.code)) {
          throw badRequest(`科目 ${a.code} ${a.name} 已有期初余额或凭证，不能删除`);
        }
        const [word] = await rows<{ word: string }>(
          tx,
          sql`select word from izs_fin_voucher_word where account_set_id = ${book.id} and is_deleted = 0
              and (',' || codes || ',') like ${`%,${a.code},%`} limit 1`,
        );
        if (word) throw badRequest(`科目 ${a.code} 被凭证字「${word.word}」的限制使用，不能删除`);
      }
      await tx
        .update(finAccount)
        .set({ isDeleted: 1, updateUser: user.userId, updateTime: new Date() })
        .where(and(eq(finAccount.accountSetId, book.id), inArray(finAccount.id, ids)));
      await writeOperationLog(tx, req, '删除会计科目', { codes: [found.map((a) => a.code).join(','), null] });
    });
    return null;
  };
}
