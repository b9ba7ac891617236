/// <reference types="@fastify/multipart" />
/**
 * Excel export (streaming writer, batches of 1000 rows, Chinese headers, labels for options) and import
 * (streaming reader: header row matched to the form's labels first, at most MAX_IMPORT_ROWS data rows, every row
 * validated, all-or-nothing).
 */
import { PassThrough, Readable } from 'node:stream';
import { and, eq, ne } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type {
  ColumnDef,
  FormFieldDef,
  ImportResult,
  OptionSource,
  ResourceDef,
} from '../../../core/contract/resource.ts';
import { safeCell } from '../../../core/format/spreadsheet.ts';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { dict, dictBiz } from '../../db/schema/index.ts';
import type { AuthUser } from '../auth.ts';
import { ApiError, badRequest } from '../r.ts';
import { formatDate } from '../time.ts';
import { zodMessage } from '../validate.ts';
import type { Row } from './values.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const EXPORT_BATCH = 1000;

/** `attachment; filename="export.xlsx"; filename*=UTF-8''物料-20261122.xlsx` (RFC 5987/6266). */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** value → label of an option source (static options and dictionaries; endpoints/trees use labelField). */
export async function optionLabels(
  db: Executor,
  src: OptionSource | undefined,
  tenantId: string,
): Promise<Map<string, string> | undefined> {
  if (!src) return undefined;
  if ('options' in src) return new Map(src.options.map((o) => [String(o.value), o.label]));
  if ('dict' in src) {
    const t = src.system ? dict : dictBiz;
    const conds = [eq(t.code, src.dict), ne(t.parentId, '0'), eq(t.isDeleted, 0)];
    if (!src.system) conds.push(eq(t.tenantId, tenantId));
    const rows = await db
      .select({ k: t.dictKey, v: t.dictValue })
      .from(t)
      .where(and(...conds));
    return new Map(rows.map((r) => [r.k, r.v]));
  }
  return undefined;
}

const STATUS_LABEL: Record<string, string> = { '1': '启用', '0': '停用' };
const BOOL_LABEL: Record<string, string> = { '1': '是', '0': '否' };

function cellText(col: ColumnDef<Row>, e: Row, labels?: Map<string, string>): string | number {
  const v = e[col.field];
  if (col.labelField && e[col.labelField] !== undefined && e[col.labelField] !== null) return String(e[col.labelField]);
  if (v === null || v === undefined) return '';
  const s = String(v);
  if (col.kind === 'status') return STATUS_LABEL[s] ?? s;
  if (col.kind === 'bool') return BOOL_LABEL[s] ?? s;
  if (labels) return labels.get(s) ?? s;
  if (col.kind === 'number' && typeof v === 'number') return v;
  return s;
}

export async function exportRows(
  db: Db,
  reply: FastifyReply,
  def: ResourceDef,
  tz: string,
  fetch: (offset: number, limit: number) => Promise<Row[]>,
  tenantId = '',
  /** At most this many rows; when more match, the sheet ends with a row saying so (`capNote`). */
  cap?: { maxRows: number; note: string },
): Promise<FastifyReply> {
  const f = await exportWorkbook(db, def, tz, fetch, tenantId, cap);
  return reply.header('Content-Type', XLSX).header('Content-Disposition', contentDisposition(f.filename)).send(f.body);
}

/** The export as a file (name and streamed bytes): what a file descriptor's handler returns (`fileAnswer('xlsx')`). */
export async function exportWorkbook(
  db: Db,
  def: ResourceDef,
  tz: string,
  fetch: (offset: number, limit: number) => Promise<Row[]>,
  tenantId = '',
  cap?: { maxRows: number; note: string },
): Promise<{ filename: string; body: PassThrough }> {
  const columns = def.columns as unknown as ColumnDef<Row>[];
  const labels = await Promise.all(columns.map((c) => optionLabels(db, c.options, tenantId)));
  const first = await fetch(0, EXPORT_BATCH); // fail before the headers are sent
  const stream = new PassThrough();
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  const ws = wb.addWorksheet(def.title);
  ws.columns = columns.map((c) => ({
    header: c.label,
    key: c.field,
    width: Math.max(10, Math.round((c.width ?? 120) / 7)),
  }));
  ws.getRow(1).font = { bold: true };
  const name = `${def.title}-${formatDate(new Date(), tz).replace(/-/g, '')}.xlsx`;
  const write = async () => {
    let batch = first;
    let offset = 0;
    let written = 0;
    while (batch.length) {
      for (const e of batch) {
        if (cap && written >= cap.maxRows) {
          ws.addRow([cap.note]).commit();
          batch = [];
          break;
        }
        ws.addRow(columns.map((c, i) => safeCell(cellText(c, e, labels[i])))).commit(); // OWASP: no formula runs
        written++;
      }
      if (batch.length < EXPORT_BATCH) break;
      offset += EXPORT_BATCH;
      batch = await fetch(offset, EXPORT_BATCH);
    }
    ws.commit();
    await wb.commit();
  };
  write().catch((e) => stream.destroy(e instanceof Error ? e : new Error(String(e))));
  return { filename: name, body: stream };
}

const importFields = (def: ResourceDef) =>
  (def.form as unknown as FormFieldDef<Row>[]).filter((f) => !['password', 'image', 'file'].includes(f.kind));

export async function importTemplate(reply: FastifyReply, def: ResourceDef): Promise<FastifyReply> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(def.title);
  const fields = importFields(def);
  ws.columns = fields.map((f) => ({ header: f.label, key: f.field, width: 16 }));
  ws.getRow(1).font = { bold: true };
  fields.forEach((f, i) => {
    const c = ws.getRow(1).getCell(i + 1);
    if (f.required) c.font = { bold: true, color: { argb: 'FFCC0000' } };
  });
  const buf = Buffer.from(await wb.xlsx.writeBuffer());
  return reply
    .header('Content-Type', XLSX)
    .header('Content-Disposition', contentDisposition(`${def.title}导入模板.xlsx`))
    .send(buf);
}

function plain(v: ExcelJS.CellValue): string | number | undefined {
  if (v === null || v === undefined) return undefined;
  if (typeof v === 'number') return v;
  if (typeof v === 'string') return v.trim() === '' ? undefined : v.trim();
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  const o = v as { richText?: { text: string }[]; result?: unknown; text?: unknown; error?: unknown };
  if (o.richText) return plain(o.richText.map((r) => r.text).join(''));
  if ('result' in o) return plain(o.result as ExcelJS.CellValue);
  if (o.text !== undefined) return plain(String(o.text));
  return undefined;
}

const NUMERIC_KINDS = new Set(['status', 'bool', 'number']);
const YES = new Set(['1', '是', '启用', '正常', 'Y', 'y', 'true']);
const NO = new Set(['0', '否', '停用', '禁用', 'N', 'n', 'false']);

export interface ImportOptions {
  importValue?: Record<string, (text: string, tx: Executor, user: AuthUser) => Promise<unknown>>;
  checkUnique: (ex: Executor, values: Row) => Promise<void>;
  prepare: (values: Row) => Promise<Row>;
  insert: (tx: Tx, rows: Row[]) => Promise<void>;
}

/**
 * Most data rows one import takes (documented in server/README.md): a bigger sheet is refused as soon as its
 * 10,001st data row is read, before any row is checked against the database.
 */
export const MAX_IMPORT_ROWS = 10_000;

type Cell = string | number;

/** Files up to this size are read whole (fast, no streaming); larger ones stream row by row. */
const SMALL_FILE_BYTES = 256 * 1024;

/**
 * The rows of the first worksheet, read with ExcelJS's streaming reader: the sheet XML is parsed chunk by chunk,
 * so a large file neither sits whole in memory as a workbook nor holds the event loop (other requests are answered
 * between chunks). Reading errors surface as 文件不是有效的Excel(.xlsx)文件.
 */
async function* sheetRows(buf: Buffer): AsyncGenerator<ExcelJS.Row> {
  // a small file (at most a few thousand rows) is read whole, as before streaming: loading it takes milliseconds, and
  // ExcelJS's streaming reader failed now and then on such files under load (one CI-like run in ~3)
  if (buf.length <= SMALL_FILE_BYTES) {
    const wb = new ExcelJS.Workbook();
    try {
      await wb.xlsx.load(buf as unknown as ArrayBuffer);
    } catch {
      throw badRequest('文件不是有效的Excel(.xlsx)文件');
    }
    const ws = wb.worksheets[0];
    if (!ws) throw badRequest('Excel文件没有工作表');
    const rows: ExcelJS.Row[] = [];
    ws.eachRow((row) => {
      rows.push(row);
    });
    yield* rows;
    return;
  }
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([buf]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  const sheets = reader[Symbol.asyncIterator]();
  const step = async <T>(it: AsyncIterator<T>): Promise<IteratorResult<T>> => {
    try {
      return await it.next();
    } catch {
      throw badRequest('文件不是有效的Excel(.xlsx)文件');
    }
  };
  const first = await step(sheets);
  if (first.done) throw badRequest('Excel文件没有工作表');
  const rows = first.value[Symbol.asyncIterator]();
  try {
    for (let r = await step(rows); !r.done; r = await step(rows)) yield r.value;
  } finally {
    await rows.return?.(undefined).catch(() => undefined);
    await sheets.return?.(undefined).catch(() => undefined);
  }
}

export async function importRows(
  req: FastifyRequest,
  db: Db,
  def: ResourceDef,
  user: AuthUser,
  opts: ImportOptions,
): Promise<ImportResult> {
  if (!req.isMultipart()) throw badRequest('请上传Excel文件(file)');
  const file = await req.file();
  if (!file) throw badRequest('请上传Excel文件(file)');
  const buf = await file.toBuffer();
  if (buf.length < 4 || buf.readUInt32LE(0) !== 0x04034b50) throw badRequest('文件不是有效的Excel(.xlsx)文件');
  const fields = importFields(def);
  const byLabel = new Map(fields.map((f) => [f.label, f]));
  const colField = new Map<number, FormFieldDef<Row>>();
  // 1. stream the sheet: the header first (refused at once when it does not match), then the cells of the mapped
  //    columns of at most MAX_IMPORT_ROWS data rows — no database work yet
  const sheet: { row: number; cells: Map<number, Cell> }[] = [];
  let header = false;
  for await (const xr of sheetRows(buf)) {
    if (!header) {
      header = true;
      if (xr.number === 1) {
        xr.eachCell((cell, col) => {
          const label = String(plain(cell.value) ?? '')
            .replace(/^\*|\*$/g, '')
            .trim();
          const f = byLabel.get(label);
          if (f) colField.set(col, f);
        });
      }
      if (!colField.size) throw badRequest('表头与导入模板不一致');
      const missing = fields.filter((f) => f.required && ![...colField.values()].includes(f));
      if (missing.length) throw badRequest(`缺少必填列: ${missing.map((f) => f.label).join('、')}`);
      if (xr.number === 1) continue;
    }
    const cells = new Map<number, Cell>();
    for (const col of colField.keys()) {
      const v = plain(xr.getCell(col).value);
      if (v !== undefined) cells.set(col, v);
    }
    if (!cells.size) continue;
    if (sheet.length >= MAX_IMPORT_ROWS) {
      throw badRequest(`导入数据超过${MAX_IMPORT_ROWS}行，请分批导入（每次最多${MAX_IMPORT_ROWS}行）`);
    }
    sheet.push({ row: xr.number, cells });
  }
  if (!header) throw badRequest('表头与导入模板不一致');

  const labelMaps = new Map<string, Map<string, string>>();
  for (const f of fields) {
    const m = await optionLabels(db, f.options, user.tenantId);
    if (m) labelMaps.set(f.field, new Map([...m].map(([k, v]) => [v, k])));
  }

  const errors: ImportResult['errors'] = [];
  const valid: { row: number; values: Row }[] = [];
  const seen = (def.unique ?? []).map(() => new Map<string, number>());
  let total = 0;
  for (const { row: r, cells } of sheet) {
    const raw: Row = {};
    let empty = true;
    let rowError = false;
    for (const [col, f] of colField) {
      const v = cells.get(col);
      if (v === undefined) continue;
      empty = false;
      const text = String(v);
      try {
        if (opts.importValue?.[f.field]) raw[f.field] = await opts.importValue[f.field](text, db, user);
        else if (f.kind === 'status' || f.kind === 'bool') {
          raw[f.field] = YES.has(text) ? 1 : NO.has(text) ? 0 : text;
        } else if (labelMaps.has(f.field)) raw[f.field] = labelMaps.get(f.field)?.get(text) ?? text;
        else raw[f.field] = NUMERIC_KINDS.has(f.kind) ? v : text;
      } catch (e) {
        errors.push({ row: r, field: f.label, msg: e instanceof ApiError ? e.message : String(e) });
        rowError = true;
      }
    }
    if (empty) continue;
    total++;
    if (rowError) continue;
    const p = def.schemas.form.safeParse(raw);
    if (!p.success) {
      const key = String(p.error.issues[0]?.path[0] ?? '');
      const label = fields.find((f) => f.field === key)?.label ?? key;
      errors.push({ row: r, field: label, msg: zodMessage(p.error) });
      continue;
    }
    const values = p.data as Row;
    let dup = false;
    (def.unique ?? []).forEach((u, i) => {
      if (dup) return;
      const k = JSON.stringify(u.fields.map((f) => values[f as string]));
      const prev = seen[i].get(k);
      if (prev !== undefined) {
        errors.push({ row: r, field: labelOf(fields, u.fields[0] as string), msg: `${u.message}(与第${prev}行重复)` });
        dup = true;
      } else seen[i].set(k, r);
    });
    if (dup) continue;
    try {
      await opts.checkUnique(db, values);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      const u = (def.unique ?? []).find((x) => x.message === e.message);
      errors.push({ row: r, field: labelOf(fields, (u?.fields[0] as string) ?? ''), msg: e.message });
      continue;
    }
    valid.push({ row: r, values });
  }
  if (total === 0) throw badRequest('Excel文件没有数据行');
  if (errors.length) return { total, imported: 0, errors };
  const rows = await Promise.all(valid.map((v) => opts.prepare(v.values)));
  await db.transaction(async (tx) => {
    for (const v of valid) await opts.checkUnique(tx, v.values);
    await opts.insert(tx, rows);
  });
  return { total, imported: rows.length, errors: [] };
}

const labelOf = (fields: FormFieldDef<Row>[], key: string) => fields.find((f) => f.field === key)?.label ?? key;
