/**
 * Per-department configs (spec §7.6): GET detail-dept?deptId= answers the saved row or the defaults (id null);
 * POST update upserts the row of body.deptId. The department must be one of the caller's (administrator: any of
 * the tenant) — else 403. Editing needs the button `base_dept_config_edit` / `finance_setting_system_config_edit`.
 */
import { and, eq } from 'drizzle-orm';
import type { AnyPgColumn, AnyPgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { businessConfigForm, CONFIG, financeConfigForm } from '../../../core/contract/izs-base/config.contract.ts';
import type { Db, Tx } from '../../db/client.ts';
import { businessConfig, dept, financeConfig, warehouse } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { type CrudContext, fixed, isAdministrator, type Row } from '../../platform/crud/index.ts';
import { endpoints } from '../../platform/endpoint.ts';
import { diff, writeOperationLog } from '../../platform/logs.ts';
import { badRequest, forbidden } from '../../platform/r.ts';
import { effectiveDept, tenantOf } from '../../platform/scope.ts';
import { parse } from '../../platform/validate.ts';

async function allowedDept(db: Db, user: AuthUser, raw: unknown): Promise<string> {
  const id = String(raw ?? '').trim() || user.currentDeptId;
  if (!/^[1-9]\d{0,18}$/.test(id)) throw badRequest('机构编号格式不正确');
  if (user.deptIds.includes(id) && !isAdministrator(user)) return id;
  const d = await db
    .select({ id: dept.id })
    .from(dept)
    .where(and(eq(dept.id, id), tenantOf(user, dept)))
    .limit(1);
  if (!d[0]) throw badRequest('机构不存在');
  if (!isAdministrator(user) && !user.deptIds.includes(id)) throw forbidden();
  return id;
}

interface ConfigSpec {
  title: string;
  table: AnyPgTable;
  form: z.ZodObject;
  decimals: Record<string, number>;
  /** Extra checks in the saving transaction (e.g. the default warehouse is a live row of the tenant). */
  check?: (tx: Tx, values: Row, user: AuthUser) => Promise<void>;
}

/** Reading and saving the config row of a department (the descriptors' handlers parse what these answer). */
function configService(db: Db, spec: ConfigSpec) {
  const t = spec.table as unknown as Record<string, AnyPgColumn>;
  const defaults = parse(spec.form, { deptId: '1' }) as Row;
  const shape = (row: Row | undefined, deptId: string): Row => {
    const out: Row = { id: row?.id ?? null, deptId };
    for (const k of Object.keys(spec.form.shape)) {
      if (k === 'deptId') continue;
      const v = row ? row[k] : defaults[k];
      out[k] = k in spec.decimals ? fixed(v, spec.decimals[k]) : (v ?? null);
    }
    return out;
  };
  const load = async (ex: Db, user: AuthUser, deptId: string) =>
    (
      (await ex
        .select()
        .from(spec.table)
        .where(and(tenantOf(user, { tenantId: t.tenantId, isDeleted: t.isDeleted }), eq(t.deptId, deptId)))
        .limit(1)) as Row[]
    )[0];

  const detail = async (user: AuthUser, wantedDept: string | undefined): Promise<Row> => {
    const deptId = await allowedDept(db, user, wantedDept);
    return shape(await load(db, user, deptId), deptId);
  };

  /** `body`: the form as the descriptor parsed it (the department still to be checked). */
  const update = async (req: FastifyRequest, user: AuthUser, body: Row): Promise<Row> => {
    const values: Row = { ...body, deptId: await allowedDept(db, user, body.deptId) };
    const saved = await db.transaction(async (tx) => {
      await spec.check?.(tx, values, user);
      const prev = await load(tx as unknown as Db, user, values.deptId as string);
      let row: Row;
      if (prev) {
        [row] = (await tx
          .update(spec.table)
          .set({ ...values, updateUser: user.userId, updateTime: new Date() } as never)
          .where(eq(t.id, prev.id as string))
          .returning()) as Row[];
      } else {
        [row] = (await tx
          .insert(spec.table)
          .values({
            ...values,
            tenantId: user.tenantId,
            createUser: user.userId,
            updateUser: user.userId,
            createDept: effectiveDept(user),
          } as never)
          .returning()) as Row[];
      }
      const before = shape(prev, values.deptId as string);
      const after = shape(row, values.deptId as string);
      delete after.id;
      await writeOperationLog(tx, req, `修改${spec.title}`, diff(before, after));
      return row;
    });
    return shape(saved, values.deptId as string);
  };
  return { detail, update };
}

export function registerConfigRoutes(app: FastifyInstance, { db }: CrudContext): void {
  const r = endpoints(app, db);
  const business = configService(db, {
    title: '业务配置',
    table: businessConfig,
    form: businessConfigForm,
    decimals: { taxRate: 2 },
    check: async (tx, values, user) => {
      if (!values.defaultWarehouseId) return;
      const w = await tx
        .select({ id: warehouse.id })
        .from(warehouse)
        .where(and(eq(warehouse.id, values.defaultWarehouseId as string), tenantOf(user, warehouse)))
        .limit(1);
      if (!w[0]) throw badRequest('默认仓库不存在');
    },
  });
  const finance = configService(db, {
    title: '财务参数',
    table: financeConfig,
    form: financeConfigForm,
    decimals: { vatRate: 2, incomeTaxRate: 2 },
  });
  r.handle(CONFIG.businessDetail, async ({ query, user }) =>
    CONFIG.businessDetail.answer.parse(await business.detail(user, query.deptId)),
  );
  r.handle(CONFIG.businessUpdate, async ({ body, user, req }) =>
    CONFIG.businessUpdate.answer.parse(await business.update(req, user, body)),
  );
  r.handle(CONFIG.financeDetail, async ({ query, user }) =>
    CONFIG.financeDetail.answer.parse(await finance.detail(user, query.deptId)),
  );
  r.handle(CONFIG.financeUpdate, async ({ body, user, req }) =>
    CONFIG.financeUpdate.answer.parse(await finance.update(req, user, body)),
  );
}
