/**
 * Resource definitions (issue: resource engine). A definition here is the WIRE of a resource: what the server's
 * validated CRUD routes under `def.path` need (page, list, select-list, detail, submit, save, update, remove, export,
 * import), with tenant / department / data-scope filtering, soft delete, audit fields, sort whitelist, size cap,
 * unique-key messages and the operation log:
 * - `columns` are the export sheet (header, order, width, option labels, joined label field) and the operation log's
 *   field names;
 * - `form` is the import sheet (header, required, option labels), the body's cleaning by kind, `editDisabled`;
 * - `search` are the filters page/list/export accept (text → contains, date-range → [begin, end], else equals; the
 *   label names the field in a refusal).
 * The screen's layout of it (issue 23) lives beside the screen, in `screens/<area>/<name>.resource.ts`:
 * `withLayout(def, { columns, search, form, detail })` (features/crud/resource-layout.ts) adds, per field, what only
 * the screen reads — `ColumnLayout`, `SearchLayout`, `FormLayout` below — and the detail cards.
 * Definitions are data: no React, no Drizzle, no Fastify here (core/contract is imported by both sides).
 *
 * Typing flows from the zod schemas: `field` names are `keyof` the entity / form / query, so a filter the server
 * does not accept, or a column the entity lacks, does not compile.
 */
import type { z } from 'zod';

/** Column and field kinds: a closed set, each rendered in exactly one place on the client (STYLE.md). */
export type FieldKind =
  | 'code' // short identifier, monospace in tables
  | 'text'
  | 'textarea'
  | 'number' // plain number (sort order, counts)
  | 'money' // fixed-decimal string, 2 places, yuan
  | 'weight' // fixed-decimal string, kg, 3 places unless `decimals`
  | 'qty' // fixed-decimal string, quantity
  | 'rate' // fixed-decimal string, percent (e.g. deduction rate 0–100)
  | 'date' // yyyy-MM-dd
  | 'datetime' // yyyy-MM-dd HH:mm:ss
  | 'select' // value from `options` (dictionary, static list, list endpoint or business cache)
  | 'tree' // tree select from `options.tree`
  | 'region' // GB/T 2260 region cascader, stores the code
  | 'status' // 1 enabled / 0 disabled tag, switch in forms
  | 'bool' // '1'/'0' or 1/0 flags shown as 是/否
  | 'image' // OSS path(s) of images (spec §9 prefix rule)
  | 'file' // OSS path(s) of files (JSON array or comma text)
  | 'password';

export interface Option {
  label: string;
  value: string | number;
}

/** Where a select's options come from. */
export type OptionSource =
  | { options: Option[] }
  /** Dictionary items: `/api/blade-system/dict-biz/dictionary?code=` (or dict when `system`). */
  | { dict: string; system?: boolean }
  /** Rows of another resource's `select-list` endpoint. */
  | { endpoint: string; labelKey: string; valueKey: string }
  /** A tree endpoint answering TreeNode[] (dept tree, category tree…). */
  | { tree: string };

export interface ColumnDef<E> {
  field: keyof E & string;
  label: string;
  kind: FieldKind;
  width?: number;
  /** Fixed decimal places for money/weight/qty/rate. */
  decimals?: number;
  options?: OptionSource;
  /** A label field the server joins in (e.g. deptName for deptId) shown instead of the raw value. */
  labelField?: keyof E & string;
  sortable?: boolean;
  /** Left out of the table, still in detail and export. */
  hideInTable?: boolean;
  /** Shown for an empty value (a setting whose empty means a default: `默认：±10%`). */
  emptyText?: string;
}

/** Search form field. Operators: text → contains; select/tree/region/status/bool → equals; date-range → [begin, end]. */
export interface SearchDef<Q> {
  field: keyof Q & string;
  label: string;
  kind: 'text' | 'select' | 'tree' | 'region' | 'status' | 'bool' | 'date-range';
  options?: OptionSource;
  /** For date-range: the query keys holding the range ends (e.g. createTimeBegin / createTimeEnd). */
  range?: [keyof Q & string, keyof Q & string];
}

export interface FormFieldDef<F> {
  field: keyof F & string;
  label: string;
  kind: FieldKind;
  required?: boolean;
  /** 1 = half row (default), 2 = whole row. */
  span?: 1 | 2;
  decimals?: number;
  min?: number;
  max?: number;
  options?: OptionSource;
  multiple?: boolean;
  placeholder?: string;
  /** Shown but not editable when editing an existing row (e.g. codes). */
  editDisabled?: boolean;
  /** Shown only in the add dialog. */
  addOnly?: boolean;
  /** Unit shown after the value (the box's suffix): `kg`, `分钟`. */
  unit?: string;
  /** One line of help under the control. */
  help?: string;
  /** What an empty value means, shown as the empty box's placeholder and in view mode (`默认：15分钟`). */
  emptyText?: string;
  /** A heading over this field, starting a group of the form (`防作弊设置`). */
  section?: string;
}

/** Detail page cards (spec §2.12). */
export type DetailCardDef<E> =
  | { kind: 'grid'; title: string; fields: (keyof E & string)[] }
  | { kind: 'table'; title: string; field: keyof E & string; columns: ColumnDef<Record<string, unknown>>[] }
  | { kind: 'images'; title: string; field: keyof E & string }
  /** Opens the 上链信息 dialog for this row (orderType + the row's order number field). */
  | { kind: 'chain'; title: string; orderType: string; orderNoField: keyof E & string };

export interface ResourceSchemas {
  /** A row as the API answers it (ids as strings, decimals as strings, times as yyyy-MM-dd HH:mm:ss). */
  entity: z.ZodObject;
  /** Body of save/submit (add). `update` adds `id`. Audit fields are not part of it. */
  form: z.ZodObject;
  /** Filters accepted by page/list/export besides current/size/ascs/descs. */
  query: z.ZodObject;
}

export interface ResourceDef<S extends ResourceSchemas = ResourceSchemas> {
  /** Resource key, kebab-case (`material`). */
  name: string;
  /** Chinese noun used in messages and titles (`物料`). */
  title: string;
  /** Backend service (`izs-base`). */
  service: string;
  /** API base path (`/api/izs-base/material`); the endpoints are `${path}/page`, `${path}/detail`… */
  path: string;
  /** Button-permission prefix = the menu code (`base_material` → base_material_add, _edit, _view, _delete…). */
  permission: string;
  schemas: S;
  columns: ColumnDef<z.infer<S['entity']>>[];
  search: SearchDef<z.infer<S['query']>>[];
  form: FormFieldDef<z.infer<S['form']>>[];
  detail?: DetailCardDef<z.infer<S['entity']>>[];
  /** Entity fields the client may sort by (ascs/descs); anything else is refused with 400. */
  sortable?: (keyof z.infer<S['entity']> & string)[];
  defaultSort?: { field: keyof z.infer<S['entity']> & string; desc?: boolean };
  /**
   * Unique keys within a tenant (soft-deleted rows excluded): a conflict answers 400 with `message`. `index` names
   * the database index that enforces the key when it reaches further than the tenant (a GPS device belongs to one
   * car of the whole installation): a violation of that index answers this message, not the first key's.
   */
  unique?: { fields: (keyof z.infer<S['form']> & string)[]; message: string; index?: string }[];
  /** 'dept': rows carry dept_id and the role's data scope applies; 'tenant': tenant-wide rows. */
  scope: 'tenant' | 'dept';
  /** Label field for select-list (default `name`). */
  labelField?: keyof z.infer<S['entity']> & string;
  /** Excel import of new rows (base data). */
  importable?: boolean;
}

/** What only the screen reads of a column: its table cell (the export and the log read the rest). */
export const COLUMN_LAYOUT = ['sortable', 'hideInTable', 'emptyText'] as const;
export type ColumnLayout = Pick<ColumnDef<Record<string, unknown>>, (typeof COLUMN_LAYOUT)[number]>;
/** What only the screen reads of a search field: its options (the server filters by field, kind and range). */
export const SEARCH_LAYOUT = ['options'] as const;
export type SearchLayout = Pick<SearchDef<Record<string, unknown>>, (typeof SEARCH_LAYOUT)[number]>;
/** What only the screen reads of a form field: its box (the import sheet and the body's cleaning read the rest). */
export const FORM_LAYOUT = [
  'span',
  'min',
  'max',
  'multiple',
  'placeholder',
  'addOnly',
  'unit',
  'help',
  'emptyText',
  'section',
] as const;
export type FormLayout = Pick<FormFieldDef<Record<string, unknown>>, (typeof FORM_LAYOUT)[number]>;

/** Identity helper that keeps the literal types of a definition. */
export function defineResource<S extends ResourceSchemas>(def: ResourceDef<S>): ResourceDef<S> {
  return def;
}

/** Endpoint paths of a resource (BladeX conventions, DESIGN §4). */
export function resourcePaths(def: Pick<ResourceDef, 'path'>) {
  const p = def.path;
  return {
    page: `${p}/page`,
    list: `${p}/list`,
    selectList: `${p}/select-list`,
    detail: `${p}/detail`,
    submit: `${p}/submit`,
    save: `${p}/save`,
    update: `${p}/update`,
    remove: `${p}/remove`,
    export: `${p}/export`,
    import: `${p}/import`,
    importTemplate: `${p}/import-template`,
  } as const;
}

/** Answer of `${path}/import`: nothing is written unless every row is valid. */
export interface ImportResult {
  total: number;
  imported: number;
  errors: { row: number; field?: string; msg: string }[];
}
