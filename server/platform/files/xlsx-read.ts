/**
 * Reading an import workbook — run inside a file worker (worker.ts), never on the server's event loop.
 *
 * 1. The zip's declared sizes are checked before anything is expanded (`MAX_XLSX_EXPANDED`, a decompression bomb is
 *    refused by size, not by running out of memory).
 * 2. A small sheet (≤ `WHOLE_LOAD_BYTES` of XML) is loaded whole; a bigger one is streamed by ExcelJS's
 *    WorkbookReader and refused as soon as its (maxRows + 1)-th data row is read — so a 480,000-row sheet that
 *    packs into 249 KB is never held whole.
 * 3. Text is decoded as a stream: ExcelJS's own reader decodes every inflated chunk on its own (`TextDecoder.decode`
 *    without `{ stream: true }` in exceljs/lib/utils/parse-sax.js), which split a Chinese character (3 bytes in
 *    UTF-8) that straddled two chunks into two U+FFFD — `北仑��新碶街道`. Here the sheet and shared-string entries
 *    reach it already decoded by a `StringDecoder`, which carries a split character over to the next chunk.
 *
 * The header row is matched to the import template's labels (leading/trailing `*` ignored); the answer holds, per
 * data row that has a value in a mapped column, the row number and its mapped cells as plain strings / numbers.
 */

import { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import ExcelJS from 'exceljs';
import { FileRefusal } from './refusal.ts';
import { zipEntries } from './zip-sizes.ts';

/**
 * All the entries of a workbook together may expand to at most this many bytes (a sheet is streamed and stops at
 * the row limit, so this bounds the disk/CPU a file may cost, not the memory).
 */
export const MAX_XLSX_EXPANDED = 256 * 1024 * 1024;
/** Any entry but a sheet (shared strings, styles… are held whole) may expand to at most this many bytes. */
export const MAX_XLSX_PART = 32 * 1024 * 1024;
/** Sheets whose XML is at most this big are loaded whole (fast); bigger ones are streamed row by row. */
export const WHOLE_LOAD_BYTES = 1024 * 1024;

export type Cell = string | number;

export interface SheetRequest {
  /** the template's column labels, in order */
  labels: string[];
  /** the labels that must be present */
  required: string[];
  maxRows: number;
}

export interface SheetAnswer {
  /** per data row: its number and [label index, value] of its non-empty mapped cells */
  rows: { row: number; cells: [number, Cell][] }[];
}

const INVALID = '文件不是有效的Excel(.xlsx)文件';

function plain(v: ExcelJS.CellValue): Cell | undefined {
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

/** Chunks (Buffers or strings) → strings, a character split between two chunks kept whole. */
export async function* utf8Chunks(chunks: AsyncIterable<Buffer | string>): AsyncGenerator<string> {
  const d = new StringDecoder('utf8');
  for await (const c of chunks) {
    const s = typeof c === 'string' ? c : d.write(c);
    if (s) yield s;
  }
  const tail = d.end();
  if (tail) yield tail;
}

const colName = (n: number) => {
  let s = '';
  for (let x = n; x > 0; x = Math.floor((x - 1) / 26)) s = String.fromCharCode(65 + ((x - 1) % 26)) + s;
  return s;
};
const colNumber = (ref: string) => {
  let n = 0;
  for (const ch of ref.replace(/\d+$/, '')) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n;
};

/**
 * Sheet XML text → the same with every `<row>` and `<c>` carrying its `r` reference. The references are optional
 * in SpreadsheetML (files written by many tools leave them out, and Excel reads them in order); ExcelJS's whole-file
 * reader numbers such rows and cells itself, its streaming reader does not — it would fail on them.
 */
export async function* withRefs(chunks: AsyncIterable<string>): AsyncGenerator<string> {
  let carry = '';
  let row = 0;
  let col = 0;
  const fill = (text: string) =>
    text.replace(/<(row|c)(?=[\s>/])([^>]*)>/g, (tag, name: string, attrs: string) => {
      const r = /\sr="([^"]*)"/.exec(attrs)?.[1];
      if (name === 'row') {
        col = 0;
        row = r ? Number.parseInt(r, 10) : row + 1;
        return r ? tag : `<row r="${row}"${attrs}>`;
      }
      col = r ? colNumber(r) : col + 1;
      return r ? tag : `<c r="${colName(col)}${row}"${attrs}>`;
    });
  for await (const c of chunks) {
    const text = carry + c;
    // a tag may straddle two chunks: the text after the last '<' waits for the next chunk
    const cut = text.lastIndexOf('<');
    carry = cut < 0 ? '' : text.slice(cut);
    const ready = cut < 0 ? text : text.slice(0, cut);
    if (ready) yield fill(ready);
  }
  if (carry) yield fill(carry);
}

/** ExcelJS's streaming reader with the sheet and shared-string text decoded as a stream (see above). */
class DecodingWorkbookReader extends ExcelJS.stream.xlsx.WorkbookReader {
  // biome-ignore lint/suspicious/noExplicitAny: ExcelJS's internal hooks are untyped
  async *_parseWorksheet(iterable: any, sheetNo: any): AsyncGenerator<any> {
    // biome-ignore lint/suspicious/noExplicitAny: see above
    yield* (ExcelJS.stream.xlsx.WorkbookReader.prototype as any)._parseWorksheet.call(
      this,
      withRefs(utf8Chunks(iterable)),
      sheetNo,
    );
  }

  // biome-ignore lint/suspicious/noExplicitAny: see above
  async *_parseSharedStrings(entry: any): AsyncGenerator<any> {
    entry.setEncoding('utf8');
    // biome-ignore lint/suspicious/noExplicitAny: see above
    yield* (ExcelJS.stream.xlsx.WorkbookReader.prototype as any)._parseSharedStrings.call(this, entry);
  }
}

/** Refuses a zip whose declared expansion is too big; answers the sheets' total XML size. */
export function checkXlsxSizes(buf: Buffer): number {
  const entries = zipEntries(buf);
  if (!entries) throw new FileRefusal(INVALID);
  let total = 0;
  let sheets = 0;
  for (const e of entries) {
    total += e.uncompressed;
    if (/^xl\/worksheets\/sheet\d+\.xml$/.test(e.name)) sheets += e.uncompressed;
    else if (e.uncompressed > MAX_XLSX_PART)
      throw new FileRefusal(`Excel文件解压后过大（${e.name}超过${MAX_XLSX_PART / 1024 / 1024}MB），已拒绝`);
  }
  if (total > MAX_XLSX_EXPANDED)
    throw new FileRefusal(`Excel文件解压后超过${MAX_XLSX_EXPANDED / 1024 / 1024}MB，已拒绝，请分批导入`);
  return sheets;
}

async function* sheetRows(buf: Buffer, sheetBytes: number): AsyncGenerator<ExcelJS.Row> {
  if (sheetBytes <= WHOLE_LOAD_BYTES) {
    const wb = new ExcelJS.Workbook();
    try {
      await wb.xlsx.load(buf as unknown as ArrayBuffer);
    } catch {
      throw new FileRefusal(INVALID);
    }
    const ws = wb.worksheets[0];
    if (!ws) throw new FileRefusal('Excel文件没有工作表');
    const rows: ExcelJS.Row[] = [];
    ws.eachRow((row) => {
      rows.push(row);
    });
    yield* rows;
    return;
  }
  const reader = new DecodingWorkbookReader(Readable.from([buf]), {
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
      throw new FileRefusal(INVALID);
    }
  };
  const first = await step(sheets);
  if (first.done) throw new FileRefusal('Excel文件没有工作表');
  const rows = first.value[Symbol.asyncIterator]();
  try {
    for (let r = await step(rows); !r.done; r = await step(rows)) yield r.value;
  } finally {
    await rows.return?.(undefined).catch(() => undefined);
    await sheets.return?.(undefined).catch(() => undefined);
  }
}

/** The header matched, then at most `maxRows` data rows (more → refused with the row-limit message). */
export async function readSheet(buf: Buffer, req: SheetRequest): Promise<SheetAnswer> {
  if (buf.length < 4 || buf.readUInt32LE(0) !== 0x04034b50) throw new FileRefusal(INVALID);
  const sheetBytes = checkXlsxSizes(buf);
  const byLabel = new Map(req.labels.map((l, i) => [l, i]));
  const colField = new Map<number, number>();
  const rows: SheetAnswer['rows'] = [];
  let header = false;
  for await (const xr of sheetRows(buf, sheetBytes)) {
    if (!header) {
      header = true;
      if (xr.number === 1) {
        xr.eachCell((cell, col) => {
          const label = String(plain(cell.value) ?? '')
            .replace(/^\*|\*$/g, '')
            .trim();
          const f = byLabel.get(label);
          if (f !== undefined) colField.set(col, f);
        });
      }
      if (!colField.size) throw new FileRefusal('表头与导入模板不一致');
      const present = new Set([...colField.values()].map((i) => req.labels[i]));
      const missing = req.required.filter((l) => !present.has(l));
      if (missing.length) throw new FileRefusal(`缺少必填列: ${missing.join('、')}`);
      if (xr.number === 1) continue;
    }
    const cells: [number, Cell][] = [];
    for (const [col, f] of colField) {
      const v = plain(xr.getCell(col).value);
      if (v !== undefined) cells.push([f, v]);
    }
    if (!cells.length) continue;
    if (rows.length >= req.maxRows) {
      throw new FileRefusal(`导入数据超过${req.maxRows}行，请分批导入（每次最多${req.maxRows}行）`);
    }
    rows.push({ row: xr.number, cells });
  }
  if (!header) throw new FileRefusal('表头与导入模板不一致');
  return { rows };
}
