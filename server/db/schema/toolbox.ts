/**
 * izs-toolbox / printing tables (first created in migration 0002 beside the base data; their definitions live
 * here with the modules that use them):
 * - izs_modify_log — 修改日志 (spec §7.8 modify-log): a business document changed after the fact, reported by the
 *   client (`report`) or written by a server module; modifyParams holds `[{field, label, oldValue, newValue}]` JSON.
 * - izs_print_config — per-warehouse print settings (spec §7.7): the printer config of spec §3 (printType,
 *   printDevice 磅单, printDevice2 报表, printDevice3 财务), the slip's template, paper, copies, the print margins
 *   (top, bottom, left, right in mm, default 0), heading and footer.
 */
import { sql } from 'drizzle-orm';
import { integer, numeric, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { bigintStr, resourceColumns, resourceIndex } from './common.ts';

const s = (name: string, length = 64) => varchar(name, { length }).notNull().default('');
const mm = (name: string) => numeric(name, { precision: 5, scale: 1, mode: 'string' }).notNull().default('0');

export const printConfig = pgTable(
  'izs_print_config',
  {
    ...resourceColumns(),
    warehouseId: bigintStr('warehouse_id').notNull(),
    /** 1 preview first, 2 print directly. */
    printType: integer('print_type').notNull().default(1),
    printDevice: s('print_device', 100),
    printDevice2: s('print_device2', 100),
    printDevice3: s('print_device3', 100),
    template: varchar('template', { length: 32 }).notNull().default('standard'),
    paper: s('paper', 16),
    copies: integer('copies').notNull().default(1),
    marginTop: mm('margin_top'),
    marginBottom: mm('margin_bottom'),
    marginLeft: mm('margin_left'),
    marginRight: mm('margin_right'),
    title: s('title', 50),
    footer: s('footer', 100),
  },
  (t) => [uniqueIndex('izs_print_config_wh_uq').on(t.tenantId, t.warehouseId).where(sql`is_deleted = 0`)],
);

export const modifyLog = pgTable(
  'izs_modify_log',
  {
    ...resourceColumns(),
    title: s('title', 255),
    /** Business module (MODIFY_MODULES: weight-memo, in-stock, …). */
    orderType: s('order_type', 32),
    orderNo: s('order_no', 64),
    serviceId: s('service_id', 50),
    requestUri: s('request_uri', 500),
    method: s('method', 10),
    params: text('params').notNull().default(''),
    /** JSON `[{field, label, oldValue, newValue}]`. */
    modifyParams: text('modify_params').notNull().default(''),
    reason: s('reason', 255),
    remoteIp: s('remote_ip', 64),
  },
  (t) => [resourceIndex('izs_modify_log', t)],
);
