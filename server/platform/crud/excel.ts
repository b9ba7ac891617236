/// <reference types="@fastify/multipart" />
/**
 * Excel export (streaming writer, batches of 1000 rows, Chinese headers, labels for options) and import
 * (read in a worker thread by platform/files: sizes checked, header row matched to the form's labels first, at most
 * MAX_IMPORT_ROWS data rows; then every row validated here, all-or-nothing).
 */
import { PassThrough } from 'node:stream';
import { and, eq, ne, type SQL } from 'drizzle-orm';
import type { AnyPgTable } from 'drizzle-orm/pg-core';
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
import { readSheetInWorker } from '../files/worker.ts';
import { ApiError, badRequest } from '../r.ts';
import { formatDate } from '../time.ts';
import { zodMessage } from '../validate.ts';
import { slicer, stageAndPublish } from './import-stage.ts';
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

const NUMERIC_KINDS = new Set(['status', 'bool', 'number']);
const YES = new Set(['1', '是', '启用', '正常', 'Y', 'y', 'true']);
const NO = new Set(['0', '否', '停用', '禁用', 'N', 'n', 'false']);

export interface ImportOptions {
  importValue?: Record<string, (text: string, tx: Executor, user: AuthUser) => Promise<unknown>>;
  checkUnique: (ex: Executor, values: Row) => Promise<void>;
  /** the same for many rows at once: row index → message (a few queries instead of one per row) */
  checkUniqueMany?: (ex: Executor, rows: Row[]) => Promise<Map<number, string>>;
  prepare: (values: Row) => Promise<Row>;
  /** the table the rows go to (staged first, see import-stage.ts) */
  table: AnyPgTable;
  /** inside the publishing transaction: the first unique key a staged row takes from a live row, if any */
  stagedUnique: (tx: Tx, stage: SQL) => Promise<string | undefined>;
  /** inside the publishing transaction, after the copy (the operation log) */
  afterPublish: (tx: Tx, imported: number) => Promise<void>;
}

/**
 * Most data rows one import takes (documented in server/README.md): a bigger sheet is refused as soon as its
 * 10,001st data row is read, before any row is checked against the database.
 */
export const MAX_IMPORT_ROWS = 10_000;

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
  // 1. read the sheet in a worker thread (platform/files): sizes checked before anything is expanded, the header
  //    first (refused at once when it does not match), then the mapped cells of at most MAX_IMPORT_ROWS data rows —
  //    the event loop keeps answering other requests meanwhile; no database work yet
  const { rows: sheet } = await readSheetInWorker(buf, {
    labels: fields.map((f) => f.label),
    required: fields.filter((f) => f.required).map((f) => f.label),
    maxRows: MAX_IMPORT_ROWS,
  });

  const labelMaps = new Map<string, Map<string, string>>();
  for (const f of fields) {
    const m = await optionLabels(db, f.options, user.tenantId);
    if (m) labelMaps.set(f.field, new Map([...m].map(([k, v]) => [v, k])));
  }

  const errors: ImportResult['errors'] = [];
  const valid: { row: number; values: Row }[] = [];
  const seen = (def.unique ?? []).map(() => new Map<string, number>());
  let total = 0;
  // a 10,000-row sheet is checked in time slices: other requests are answered in between
  const turn = slicer();
  for (const { row: r, cells } of sheet) {
    await turn();
    const raw: Row = {};
    let empty = true;
    let rowError = false;
    for (const [fi, v] of cells) {
      const f = fields[fi];
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
    valid.push({ row: r, values });
  }
  if (total === 0) throw badRequest('Excel文件没有数据行');
  // 2. the keys already taken in the database: a few `in (…)` queries (one query per row held the database — and so
  //    every other request — for seconds on a 10,000-row sheet)
  const uniqueError = (r: number, msg: string) => {
    const u = (def.unique ?? []).find((x) => x.message === msg);
    errors.push({ row: r, field: labelOf(fields, (u?.fields[0] as string) ?? ''), msg });
  };
  const fresh: typeof valid = [];
  if (opts.checkUniqueMany) {
    const clash = await opts.checkUniqueMany(
      db,
      valid.map((v) => v.values),
    );
    for (const [i, v] of valid.entries()) {
      const msg = clash.get(i);
      if (msg) uniqueError(v.row, msg);
      else fresh.push(v);
    }
  } else {
    for (const v of valid) {
      try {
        await opts.checkUnique(db, v.values);
        fresh.push(v);
      } catch (e) {
        if (!(e instanceof ApiError)) throw e;
        uniqueError(v.row, e.message);
      }
    }
  }
  if (errors.length) return { total, imported: 0, errors: errors.sort((a, b) => a.row - b.row) };
  const rows: Row[] = [];
  for (const v of fresh) {
    await turn();
    rows.push(await opts.prepare(v.values));
  }
  // 3. written in short statements into a staging table, then published in one short transaction (all or nothing:
  //    the unique keys checked again against what committed meanwhile, every constraint of the table applied)
  const took = await stageAndPublish(
    db,
    opts.table,
    rows,
    async ({ tx, stage }) => {
      const clash = await opts.stagedUnique(tx, stage);
      if (clash) throw badRequest(clash);
    },
    (tx) => opts.afterPublish(tx, rows.length),
  );
  // the publish holds PGlite's one connection: every other request waits for it (issue 22's bench:files)
  req.log.info(
    { rows: rows.length, stageMs: Math.round(took.stageMs), publishMs: Math.round(took.publishMs) },
    'import published',
  );
  return { total, imported: rows.length, errors: [] };
}

const labelOf = (fields: FormFieldDef<Row>[], key: string) => fields.find((f) => f.field === key)?.label ?? key;
