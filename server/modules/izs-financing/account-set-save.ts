/**
 * 账套 writes: POST account-set/save, update, submit (ACCOUNT_SETS in account-set.contract.ts). Update is for the
 * 账套主管: the standard, tax nature and enable date change only while the book has no voucher and no opening
 * balance (the chart is rebuilt); isDefault '1' clears the department's other default book.
 * Queries: account-set-save-repository.ts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { periodOf } from '../../../core/accounting/index.ts';
import {
  ACCOUNT_SETS,
  type AccountSetForm,
  accountSetForm,
  accountSetUpdate,
} from '../../../core/contract/izs-financing/account-set.contract.ts';
import { FIN_PERMISSIONS } from '../../../core/contract/izs-financing/fields.ts';
import type { Db } from '../../db/client.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { endpoints } from '../../platform/endpoint.ts';
import { diff, writeOperationLog } from '../../platform/logs.ts';
import { badRequest, forbidden } from '../../platform/r.ts';
import { parse } from '../../platform/validate.ts';
import {
  bookNamed,
  clearDefaultBook,
  dropChart,
  lockBookRow,
  otherBookNamed,
  updateBookRow,
} from './account-set-save-repository.ts';
import {
  accountSetEntities,
  allowedDept,
  createAccountSet,
  formOf,
  hasEntries,
  insertPresetChart,
  loadVisibleBook,
  regionExists,
} from './account-set-service.ts';
import { need } from './book.ts';

export function registerAccountSetSave(app: FastifyInstance, db: Db, tz: string): void {
  const r = endpoints(app, db);
  const insert = insertBook(db, tz);
  const update = updateBook(db, tz);
  r.handle(ACCOUNT_SETS.save, ({ req, user, body }) => insert(req, user, body));
  r.handle(ACCOUNT_SETS.update, ({ req, user }) => update(req, user, (req.body ?? {}) as Record<string, unknown>));
  r.handle(ACCOUNT_SETS.submit, async ({ req, user, body: b }) => {
    const hasId = b.id !== undefined && b.id !== null && b.id !== '' && b.id !== -1 && b.id !== '-1';
    await need(db, user, FIN_PERMISSIONS.setOfBook, hasId ? 'edit' : 'add');
    return hasId ? update(req, user, b) : insert(req, user, parse(accountSetForm, b));
  });
}

/** 新增: the caller holds setofbook_add; `form` parsed. */
function insertBook(db: Db, tz: string) {
  return async (req: FastifyRequest, user: AuthUser, form: AccountSetForm) => {
    const deptId = await allowedDept(db, user, form.deptId);
    if (!deptId || deptId === '0') throw badRequest('请选择所属企业');
    if (!(await regionExists(db, form.taxAddress))) throw badRequest('税务地区不存在');
    const created = await db.transaction(async (tx) => {
      const dup = await bookNamed(tx, user, deptId, form.name);
      if (dup) throw badRequest('账套名称已存在');
      const book = await createAccountSet(tx, { tenantId: user.tenantId, deptId, userId: user.userId, form });
      await writeOperationLog(tx, req, '新增账套', diff({}, formOf(book)));
      return book;
    });
    return (await accountSetEntities(db, user, [created], tz))[0];
  };
}

/** 修改 (账套主管): the caller holds setofbook_edit; `body` is `{ id, ...fields }` merged over the stored book. */
function updateBook(db: Db, tz: string) {
  return async (req: FastifyRequest, user: AuthUser, body: Record<string, unknown>) => {
    const { id } = parse(accountSetUpdate, body);
    const { book: prev, ctx } = await loadVisibleBook(db, user, id);
    if (!ctx.supervisor) throw forbidden('只有账套主管可以修改账套');
    const merged = { ...formOf(prev), ...Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)) };
    delete merged.id;
    merged.deptId = prev.deptId; // the owning enterprise is fixed
    const form = parse(accountSetForm, merged);
    if (form.taxAddress !== prev.taxAddress && !(await regionExists(db, form.taxAddress))) {
      throw badRequest('税务地区不存在');
    }
    const startPeriod = periodOf(form.enableDate);
    const chartChanged = form.accountingSystem !== prev.accountingSystem || form.taxNature !== prev.taxNature;
    const startChanged = startPeriod !== prev.startPeriod;
    const updated = await db.transaction(async (tx) => {
      await lockBookRow(tx, prev.id);
      if (chartChanged || startChanged) {
        if (prev.closedThrough || (await hasEntries(tx, prev.id))) {
          throw badRequest('账套已有凭证或期初余额，不能修改会计准则、纳税人性质或启用期间');
        }
      }
      if (form.name !== prev.name) {
        const dup = await otherBookNamed(tx, user, prev.deptId ?? '', form.name, prev.id);
        if (dup) throw badRequest('账套名称已存在');
      }
      if (form.isDefault === '1' && prev.isDefault !== '1') {
        await clearDefaultBook(tx, user, prev.deptId ?? '');
      }
      if (chartChanged) {
        await dropChart(tx, prev.id);
        await insertPresetChart(tx, user.tenantId, prev.id, form);
      }
      const u = await updateBookRow(tx, user, prev.id, form);
      await writeOperationLog(tx, req, '修改账套', diff(formOf(prev), formOf(u)));
      return u;
    });
    return (await accountSetEntities(db, user, [updated], tz))[0];
  };
}
