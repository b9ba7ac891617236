/**
 * Print settings (spec §7.7, §3 printer config and print margin, §2.2 /setting-print), one row per warehouse:
 * - the printer config of spec §3: printType (1 preview first, 2 print directly; default 1) and the printer per
 *   document kind — printDevice (磅单), printDevice2 (报表), printDevice3 (财务); printer names come from the
 *   desktop client (print/bridge.ts listPrinters);
 * - how that yard's weighing slips print: template, paper, copies, the print margins of spec §3 (top, bottom,
 *   left, right in mm, default 0), a heading and a footer line.
 * Endpoints: `detail-warehouse-id?warehouseId=` (the defaults with id null until saved), `save` (upsert by
 * warehouse), and the spec's "printer config fetch by deptId" (path not shown; here `detail-dept-id?deptId=`):
 * the printer fields of the department's default warehouse (business config), else of its most recently saved
 * warehouse, else the defaults. The client keeps that answer in `session.printer` (printerFromServer).
 *
 * Constraints: margins 0–50 mm with at most one decimal; copies 1–10; printer names ≤ 100 characters; the
 * warehouse must be a live warehouse of the caller's tenant; the department one of the caller's (any of the
 * tenant's for administrator).
 */
import { z } from 'zod';
import { idSchema } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { num } from '../input.ts';
import type { Option } from '../resource.ts';

export const PRINT_CONFIG_PATHS = {
  detailWarehouseId: '/api/izs-sell/print-config/detail-warehouse-id',
  save: '/api/izs-sell/print-config/save',
  detailDeptId: '/api/izs-sell/print-config/detail-dept-id',
} as const;

/** Paper sizes in mm (width × height of one slip). 241 mm is the continuous pin-feed three-ply paper. */
export const PAPER_SIZES = {
  'c241-half': { label: '241 三联 二等分 (241×140)', width: 241, height: 140 },
  'c241-third': { label: '241 三联 三等分 (241×93)', width: 241, height: 93 },
  'c241-full': { label: '241 三联 整张 (241×280)', width: 241, height: 280 },
  a5: { label: 'A5 横向 (210×148)', width: 210, height: 148 },
  a4: { label: 'A4 纵向 (210×297)', width: 210, height: 297 },
} as const;
export type PaperKey = keyof typeof PAPER_SIZES;
const PAPER_KEYS = Object.keys(PAPER_SIZES) as [PaperKey, ...PaperKey[]];
export const PAPER_OPTIONS: Option[] = PAPER_KEYS.map((k) => ({ label: PAPER_SIZES[k].label, value: k }));

export const PRINT_TEMPLATES = {
  standard: '标准磅单（毛重、皮重、扣杂、净重）',
  amount: '含单价金额磅单',
  simple: '简易磅单（仅净重）',
} as const;
export type PrintTemplate = keyof typeof PRINT_TEMPLATES;
const TEMPLATE_KEYS = Object.keys(PRINT_TEMPLATES) as [PrintTemplate, ...PrintTemplate[]];
export const TEMPLATE_OPTIONS: Option[] = TEMPLATE_KEYS.map((k) => ({ label: PRINT_TEMPLATES[k], value: k }));

/** printType of spec §3. */
export const PRINT_TYPES: Option[] = [
  { label: '预览后打印', value: 1 },
  { label: '直接打印', value: 2 },
];

export interface PrintMargins {
  marginTop: number;
  marginBottom: number;
  marginLeft: number;
  marginRight: number;
}

/** The printer fields of spec §7.7 ("data printType, printDevice, printDevice2, printDevice3"). */
export interface PrinterFields {
  printType: number;
  printDevice: string;
  printDevice2: string;
  printDevice3: string;
}

export interface PrintConfig extends PrintMargins, PrinterFields {
  /** null until saved (the answer then holds the defaults). */
  id: string | null;
  warehouseId: string;
  warehouseName: string;
  template: PrintTemplate;
  paper: PaperKey;
  copies: number;
  title: string;
  footer: string;
  updateTime: string | null;
}

export const DEFAULT_PRINT_CONFIG: Omit<PrintConfig, 'id' | 'warehouseId' | 'warehouseName' | 'updateTime'> = {
  printType: 1,
  printDevice: '',
  printDevice2: '',
  printDevice3: '',
  template: 'standard',
  paper: 'c241-half',
  copies: 1,
  marginTop: 0,
  marginBottom: 0,
  marginLeft: 0,
  marginRight: 0,
  title: '',
  footer: '',
};

const margin = (label: string) =>
  z
    .union([z.number(), z.string().trim().min(1, `请输入${label}`)], { error: `${label}必须是数字` })
    .transform((v) => String(v).trim())
    .refine((v) => /^\d{1,2}(\.\d)?$/.test(v), { message: `${label}须为 0–50 之间的数字，最多一位小数` })
    .transform(Number)
    .refine((v) => v <= 50, { message: `${label}不能大于50毫米` })
    .default(0);

const printerName = (label: string) => z.string().trim().max(100, `${label}名称不能超过100个字符`).default('');

export const printConfigSaveSchema = z.object({
  warehouseId: idSchema.or(z.undefined()).refine((v) => v !== undefined, { message: '请选择仓库' }),
  printType: num({ error: '打印方式必须是数字' })
    .int('打印方式不正确')
    .refine((v) => v === 1 || v === 2, { message: '打印方式不正确' })
    .default(1),
  printDevice: printerName('磅单打印机'),
  printDevice2: printerName('报表打印机'),
  printDevice3: printerName('财务打印机'),
  template: z.enum(TEMPLATE_KEYS, { error: '请选择正确的打印模板' }).default('standard'),
  paper: z.enum(PAPER_KEYS, { error: '请选择正确的纸张' }).default('c241-half'),
  copies: num({ error: '打印份数必须是数字' })
    .int('打印份数必须是整数')
    .min(1, '打印份数至少为1')
    .max(10, '打印份数不能超过10')
    .default(1),
  marginTop: margin('上边距'),
  marginBottom: margin('下边距'),
  marginLeft: margin('左边距'),
  marginRight: margin('右边距'),
  title: z.string().trim().max(50, '磅单抬头不能超过50个字符').default(''),
  footer: z.string().trim().max(100, '页脚备注不能超过100个字符').default(''),
});
export type PrintConfigSave = z.input<typeof printConfigSaveSchema>;

export const warehouseIdQuery = z.object({
  warehouseId: idSchema.or(z.undefined()).refine((v) => v !== undefined, { message: '请选择仓库' }),
});

/** Answer of detail-dept-id: the printer fields and the warehouse they were taken from (null: defaults). */
export interface DeptPrinterConfig extends PrinterFields {
  deptId: string;
  warehouseId: string | null;
}

export const deptIdQuery = z.object({ deptId: idSchema.optional() });

/** Paper + margins of a config → the @page numbers the print entry applies (print/margins.ts pageRule). */
export function pageOf(c: Pick<PrintConfig, 'paper'> & PrintMargins) {
  const p = PAPER_SIZES[c.paper] ?? PAPER_SIZES['c241-half'];
  return {
    paper: { width: p.width, height: p.height },
    margin: { top: c.marginTop, bottom: c.marginBottom, left: c.marginLeft, right: c.marginRight },
  };
}

const printerFieldsShape = {
  printType: z.number().int(),
  printDevice: z.string(),
  printDevice2: z.string(),
  printDevice3: z.string(),
};
export const printConfigSchema = z.object({
  ...printerFieldsShape,
  id: z.string().nullable(),
  warehouseId: z.string(),
  warehouseName: z.string(),
  template: z.enum(TEMPLATE_KEYS),
  paper: z.enum(PAPER_KEYS),
  copies: z.number().int(),
  marginTop: z.number(),
  marginBottom: z.number(),
  marginLeft: z.number(),
  marginRight: z.number(),
  title: z.string(),
  footer: z.string(),
  updateTime: z.string().nullable(),
}) satisfies z.ZodType<PrintConfig>;
export const deptPrinterConfigSchema = z.object({
  ...printerFieldsShape,
  deptId: z.string(),
  warehouseId: z.string().nullable(),
}) satisfies z.ZodType<DeptPrinterConfig>;

/** Handlers: server/modules/izs-toolbox/print-config.ts. */
export const PRINT_CONFIG = {
  detail: endpoint({
    method: 'GET',
    path: PRINT_CONFIG_PATHS.detailWarehouseId,
    summary: '仓库的打印设置（未保存时为默认值）',
    query: warehouseIdQuery,
    answer: printConfigSchema,
    provides: ['PrintConfig'],
  }),
  save: endpoint({
    method: 'POST',
    path: PRINT_CONFIG_PATHS.save,
    summary: '保存仓库的打印设置',
    body: printConfigSaveSchema,
    answer: printConfigSchema,
    permission: { code: 'base_warehouse', action: 'edit' },
    invalidates: ['PrintConfig'],
  }),
  byDept: endpoint({
    method: 'GET',
    path: PRINT_CONFIG_PATHS.detailDeptId,
    summary: '机构的打印机配置（默认仓库的，否则最近保存的）',
    query: deptIdQuery,
    answer: deptPrinterConfigSchema,
    provides: ['PrintConfig'],
    // a background load: errors stay silent
    silent: true,
  }),
};
