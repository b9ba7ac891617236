/**
 * Print settings (spec §7.7): GET /api/izs-sell/print-config/detail-warehouse-id, POST save, and the printer
 * config by department (detail-dept-id). The API paths are izs-sell's as the spec names them; the module lives
 * with the toolbox (logs and printing). Reads: any signed-in user who can see the warehouse (tenant + the
 * warehouse menu's data scope). Save: the warehouse edit button (base_warehouse_edit), one row per warehouse,
 * written in one transaction with its operation log.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  DEFAULT_PRINT_CONFIG,
  type DeptPrinterConfig,
  PAPER_SIZES,
  type PaperKey,
  PRINT_CONFIG,
  PRINT_TEMPLATES,
  type PrintConfig,
  type PrintTemplate,
} from '../../../core/contract/izs-toolbox/print-config.contract.ts';
import type { Db, Executor } from '../../db/client.ts';
import { businessConfig, dept, printConfig, warehouse } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { isAdministrator, scopeCondition } from '../../platform/crud/index.ts';
import { endpoints } from '../../platform/endpoint.ts';
import { diff, writeOperationLog } from '../../platform/logs.ts';
import { badRequest, forbidden } from '../../platform/r.ts';
import { effectiveDept, tenantIs, tenantOf } from '../../platform/scope.ts';
import { formatDateTime } from '../../platform/time.ts';

type ConfigRow = typeof printConfig.$inferSelect;

/** A live warehouse of the caller's tenant that the caller's data scope on base_warehouse lets it see. */
async function visibleWarehouse(ex: Executor, db: Db, u: AuthUser, id: string) {
  const scope = await scopeCondition(db, u, 'base_warehouse', {
    deptId: warehouse.deptId,
    createUser: warehouse.createUser,
  });
  const r = await ex
    .select({ id: warehouse.id, name: warehouse.name, deptId: warehouse.deptId })
    .from(warehouse)
    .where(and(eq(warehouse.id, id), tenantOf(u, warehouse), scope))
    .limit(1);
  if (!r[0]) throw badRequest('仓库不存在');
  return r[0];
}

const configOf = (ex: Executor, tenantId: string, warehouseId: string) =>
  ex
    .select()
    .from(printConfig)
    .where(and(tenantIs(tenantId, printConfig), eq(printConfig.warehouseId, warehouseId)))
    .limit(1);

const mm = (v: string | null) => Number(v ?? 0);

/** A stored row as the answer; unknown template/paper values (older data) read as the defaults. */
function toConfig(r: ConfigRow | undefined, wh: { id: string; name: string }, tz: string): PrintConfig {
  if (!r) return { ...DEFAULT_PRINT_CONFIG, id: null, warehouseId: wh.id, warehouseName: wh.name, updateTime: null };
  return {
    id: r.id,
    warehouseId: wh.id,
    warehouseName: wh.name,
    printType: r.printType === 2 ? 2 : 1,
    printDevice: r.printDevice,
    printDevice2: r.printDevice2,
    printDevice3: r.printDevice3,
    template: r.template in PRINT_TEMPLATES ? (r.template as PrintTemplate) : DEFAULT_PRINT_CONFIG.template,
    paper: r.paper in PAPER_SIZES ? (r.paper as PaperKey) : DEFAULT_PRINT_CONFIG.paper,
    copies: r.copies,
    marginTop: mm(r.marginTop),
    marginBottom: mm(r.marginBottom),
    marginLeft: mm(r.marginLeft),
    marginRight: mm(r.marginRight),
    title: r.title,
    footer: r.footer,
    updateTime: formatDateTime(r.updateTime, tz),
  };
}

/** The department asked for: one of the caller's, or any live one of the tenant for administrator. */
async function allowedDept(db: Db, u: AuthUser, wanted?: string): Promise<string> {
  const id = wanted ?? effectiveDept(u);
  if (!id) throw badRequest('请选择机构');
  if (u.deptIds.includes(id)) return id;
  if (isAdministrator(u)) {
    const d = await db
      .select({ id: dept.id })
      .from(dept)
      .where(and(eq(dept.id, id), tenantOf(u, dept)))
      .limit(1);
    if (d[0]) return id;
  }
  throw forbidden('没有该机构的权限');
}

export function registerPrintConfig(s: FastifyInstance, db: Db, tz: string): void {
  const r = endpoints(s, db);
  r.handle(PRINT_CONFIG.detail, async ({ query, user: u }) => {
    const { warehouseId } = query;
    const wh = await visibleWarehouse(db, db, u, warehouseId as string);
    const [row] = await configOf(db, u.tenantId, wh.id);
    return toConfig(row, wh, tz);
  });

  r.handle(PRINT_CONFIG.save, async ({ body, req, user: u }) => {
    const values = {
      printType: body.printType,
      printDevice: body.printDevice,
      printDevice2: body.printDevice2,
      printDevice3: body.printDevice3,
      template: body.template,
      paper: body.paper,
      copies: body.copies,
      marginTop: body.marginTop.toFixed(1),
      marginBottom: body.marginBottom.toFixed(1),
      marginLeft: body.marginLeft.toFixed(1),
      marginRight: body.marginRight.toFixed(1),
      title: body.title,
      footer: body.footer,
    };
    // checked before the transaction: the data-scope lookup reads through `db`, which on PGlite (one connection)
    // would wait for this very transaction forever and freeze every request
    const wh = await visibleWarehouse(db, db, u, body.warehouseId as string);
    const saved = await db.transaction(async (tx) => {
      const [prev] = await configOf(tx, u.tenantId, wh.id).for('update');
      if (prev) {
        const [row] = await tx
          .update(printConfig)
          .set({ ...values, deptId: wh.deptId, updateUser: u.userId, updateTime: new Date() })
          .where(eq(printConfig.id, prev.id))
          .returning();
        // numeric(5,1) reads back as '2.5' / '0.0', the same text as `values`
        await writeOperationLog(tx, req, `修改打印设置: ${wh.name}`, diff(prev, values));
        return toConfig(row, wh, tz);
      }
      const [row] = await tx
        .insert(printConfig)
        .values({
          ...values,
          tenantId: u.tenantId,
          deptId: wh.deptId,
          warehouseId: wh.id,
          createUser: u.userId,
          createDept: effectiveDept(u),
          updateUser: u.userId,
        })
        .returning();
      await writeOperationLog(tx, req, `新增打印设置: ${wh.name}`, diff({}, values));
      return toConfig(row, wh, tz);
    });
    return saved;
  });

  /** Spec §7.7 "printer config fetch by deptId": data printType, printDevice, printDevice2, printDevice3. */
  r.handle(PRINT_CONFIG.byDept, async ({ query: q, user: u }) => {
    const deptId = await allowedDept(db, u, q.deptId);
    const live = (t: typeof printConfig) => tenantOf(u, t);
    // the department's default warehouse (business config) first, else its most recently saved warehouse
    const def = await db
      .select({ warehouseId: businessConfig.defaultWarehouseId })
      .from(businessConfig)
      .where(and(tenantOf(u, businessConfig), eq(businessConfig.deptId, deptId)))
      .limit(1);
    let row: ConfigRow | undefined;
    if (def[0]?.warehouseId) [row] = await configOf(db, u.tenantId, def[0].warehouseId);
    if (!row) {
      [row] = await db
        .select()
        .from(printConfig)
        .where(and(live(printConfig), eq(printConfig.deptId, deptId)))
        .orderBy(desc(printConfig.updateTime))
        .limit(1);
    }
    const answer: DeptPrinterConfig = {
      deptId,
      warehouseId: row?.warehouseId ?? null,
      printType: row?.printType === 2 ? 2 : 1,
      printDevice: row?.printDevice ?? '',
      printDevice2: row?.printDevice2 ?? '',
      printDevice3: row?.printDevice3 ?? '',
    };
    return answer;
  });
}
