// @vitest-environment node
/**
 * Files off the request path (issue 22): Excel imports and PDF parsing run in a worker thread with limits
 * (server/platform/files). Each test below fails on the code before it:
 * - a > 256 KB import of Chinese names round-trips exactly (ExcelJS's streaming reader decoded every inflated chunk
 *   on its own: a character split between two chunks became two U+FFFD, `北仑��新碶街道`);
 * - a workbook that expands to hundreds of MB (a decompression bomb of a few hundred KB) is refused by size;
 * - a 480,000-row sheet packed into < 256 KB is refused by the row limit without the process's memory jumping
 *   (it was loaded whole: +470 MB);
 * - a PDF whose content stream inflates to 50 MB is refused by size, quickly (it held the server 23.6 s);
 * - other requests are answered while a 5,000-row import is read (it was read on the event loop, and its unique
 *   keys checked with one query per row).
 */
import { deflateSync, inflateRawSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVOICE_ENDPOINTS as INV } from '../../core/contract/izs-finance-ar/invoice.contract.ts';
import { material } from '../../server/db/schema/index.ts';
import { MAX_IMPORT_ROWS } from '../../server/platform/crud/excel.ts';
import { type BaseCtx, bootBase, upload } from './base-suite.ts';
import { call } from './helpers.ts';
import { sampleEInvoicePdf } from './pdf-fixture.ts';
import { bigXlsx, zip } from './xlsx-fixture.ts';

let c: BaseCtx;
const HEADER = ['物料编码', '物料名称', '计量单位', '计价单位'];

beforeAll(async () => {
  c = await bootBase();
}, 300_000);
afterAll(async () => {
  await c?.t.close();
});

const PLACES = ['北仑区新碶街道', '镇海区蛟川街道', '鄞州区首南街道', '江北区庄桥街道', '奉化区锦屏街道'];
/** Pseudo-random CJK text of row r (so the file does not pack below 256 KB and chunks end inside characters). */
const cjk = (r: number, n: number, salt: number) => {
  let x = (r * 2654435761 + salt) >>> 0;
  let s = '';
  for (let i = 0; i < n; i++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    s += String.fromCharCode(0x4e00 + ((x >>> 8) % 3000));
  }
  return s;
};
/** 物料名称 of row r: a place, then 12–45 CJK characters */
const nameOf = (r: number) => `${PLACES[r % PLACES.length]}${cjk(r, 12 + (r % 34), 1)}`;
/** 备注 of row r: 100–180 CJK characters */
const remarkOf = (r: number) => cjk(r, 100 + (r % 81), 2);

/** A workbook whose first sheet is `sheet` (the other parts as xlsx-fixture writes them). */
const withSheet = (sheet: Buffer) =>
  zip(
    unzipNames(bigXlsx(['物料编码'], 1, () => 'x')).map((p) =>
      p.name === 'xl/worksheets/sheet1.xml' ? { ...p, data: sheet } : p,
    ),
  );
const SHEET_HEAD =
  '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';

/** Samples the process's RSS every 10 ms while `work` runs; answers the result and the peak increase (MB). */
async function rssPeakDuring<T>(work: () => Promise<T>): Promise<{ result: T; peakMb: number }> {
  const base = process.memoryUsage().rss;
  let peak = base;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { result, peakMb: (peak - base) / 2 ** 20 };
  } finally {
    clearInterval(timer);
  }
}

describe('Excel import in a worker', () => {
  it('a > 256 KB import of Chinese names round-trips exactly, whatever the chunk boundaries', async () => {
    const ROWS = 2500;
    const file = bigXlsx([...HEADER, '备注'], ROWS, (r, col) =>
      col === 0 ? `ZH${r}` : col === 1 ? nameOf(r) : col === 4 ? remarkOf(r) : '',
    );
    expect(file.length).toBeGreaterThan(256 * 1024);
    const r = await upload(c, '/api/izs-base/material/import', file);
    expect(r.status, JSON.stringify(r.body).slice(0, 500)).toBe(200);
    expect(r.body.data).toEqual({ total: ROWS, imported: ROWS, errors: [] });
    const stored = await c.t.database.db
      .select({ code: material.code, name: material.name, remark: material.remark })
      .from(material)
      .where(eq(material.tenantId, '000000'));
    const byCode = new Map(stored.map((m) => [m.code, m]));
    const wrong: string[] = [];
    for (let i = 0; i < ROWS; i++) {
      const m = byCode.get(`ZH${i}`);
      if (m?.name !== nameOf(i) || m?.remark !== remarkOf(i)) wrong.push(`${i}: ${m?.name} ${m?.remark}`);
    }
    expect(wrong.slice(0, 3)).toEqual([]);
    expect(stored.some((m) => `${m.name}${m.remark}`.includes('\ufffd'))).toBe(false);
  }, 120_000);

  it('a decompression bomb is refused by its size before it is expanded', async () => {
    // a valid sheet with 300 MB of whitespace between its rows: ~300 KB zipped
    const pad = Buffer.alloc(300 * 1024 * 1024, 0x20);
    const bomb = withSheet(
      Buffer.concat([
        Buffer.from(
          `${SHEET_HEAD}<row r="1"><c r="A1" t="inlineStr"><is><t>物料编码</t></is></c><c r="B1" t="inlineStr"><is><t>物料名称</t></is></c></row>`,
        ),
        pad,
        Buffer.from(
          '<row r="2"><c r="A2" t="inlineStr"><is><t>BOMB1</t></is></c><c r="B2" t="inlineStr"><is><t>炸弹</t></is></c></row></sheetData></worksheet>',
        ),
      ]),
    );
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const t0 = performance.now();
    const { result: r, peakMb } = await rssPeakDuring(() => upload(c, '/api/izs-base/material/import', bomb));
    expect(r.status).toBe(400);
    expect(r.body.msg).toMatch(/Excel文件解压后(过大|超过)/);
    expect(performance.now() - t0).toBeLessThan(10_000);
    expect(peakMb).toBeLessThan(200);
  }, 60_000);

  it('a 480,000-row sheet in < 256 KB is refused by the row limit without a big memory jump', async () => {
    // identical rows of numbers, rows and cells without their optional `r` references (as many tools write them):
    // 480k rows pack into ~100 KB
    const ROWS = 480_000;
    const head = (v: string) => `<c t="inlineStr"><is><t>${v}</t></is></c>`;
    const parts = [SHEET_HEAD, `<row>${HEADER.map(head).join('')}</row>`];
    for (let r = 0; r < ROWS; r++)
      parts.push('<row><c><v>1</v></c><c><v>1</v></c><c><v>1</v></c><c><v>1</v></c></row>');
    parts.push('</sheetData></worksheet>');
    const file = withSheet(Buffer.from(parts.join('')));
    expect(file.length).toBeLessThan(256 * 1024);
    const { result: r, peakMb } = await rssPeakDuring(() => upload(c, '/api/izs-base/material/import', file));
    expect(r.status).toBe(400);
    expect(r.body.msg).toBe(`导入数据超过${MAX_IMPORT_ROWS}行，请分批导入（每次最多${MAX_IMPORT_ROWS}行）`);
    console.log(`480k-row sheet (${file.length} B) refused; RSS peak +${Math.round(peakMb)} MB`);
    expect(peakMb).toBeLessThan(200);
  }, 120_000);

  it('other requests are answered while a 5,000-row import is read', async () => {
    const ROWS = 5000;
    const file = bigXlsx(HEADER, ROWS, (r, col) => (col === 0 ? `LOAD${r}` : col === 1 ? nameOf(r) : ''));
    let done = false;
    let answeredDuring = 0;
    let slowest = 0;
    const began = performance.now();
    const importing = upload(c, '/api/izs-base/material/import', file).finally(() => {
      done = true;
    });
    while (!done) {
      const t0 = performance.now();
      const g = await call(c.t, '/api/blade-system/user/info', { token: c.admin });
      expect(g.status).toBe(200);
      if (!done) {
        answeredDuring++;
        slowest = Math.max(slowest, performance.now() - t0);
      }
      await new Promise((res) => setTimeout(res, 25));
    }
    const r = await importing;
    const took = performance.now() - began;
    expect(r.body.data).toMatchObject({ total: ROWS, imported: ROWS });
    console.log(
      `5,000-row import in ${Math.round(took)} ms: ${answeredDuring} GETs answered meanwhile, slowest ${Math.round(slowest)} ms`,
    );
    expect(answeredDuring).toBeGreaterThan(3);
    // Before the worker one GET waited for the whole read, most of the import. Held against the import's own time,
    // not a fixed figure: on CI's 2 cores beside the other worker a quiet 61 ms wait became 3.1–3.3 s (imports of
    // 7.9–15 s) and fixed bounds failed the run; the publish copy (one short transaction, import-stage.ts) is the
    // one wait left by design, and it grows with the machine's load like the import does.
    expect(slowest).toBeLessThan(Math.max(1500, took / 2));
  }, 180_000);
});

describe('PDF parsing in a worker', () => {
  it('a PDF whose content stream inflates to 50 MB is refused by size, and quickly', async () => {
    const content = Buffer.concat([
      Buffer.from('BT /F1 12 Tf 20 20 Td (bomb) Tj ET\n'),
      Buffer.alloc(50 * 1024 * 1024, 0x20),
    ]);
    const pdf = pdfWithContent(deflateSync(content, { level: 9 }));
    expect(pdf.length).toBeLessThan(200 * 1024);
    const t0 = performance.now();
    const r = await call(c.t, INV.parsePdf.path, {
      token: c.admin,
      body: { fileName: 'bomb.pdf', data: pdf.toString('base64') },
    });
    expect(r.status).toBe(400);
    expect(r.body.msg).toMatch(/PDF文件解压后过大/);
    expect(performance.now() - t0).toBeLessThan(10_000);
  }, 60_000);

  it('a real 数电票 PDF is still read (in the worker)', async () => {
    const r = await call(c.t, INV.parsePdf.path, {
      token: c.admin,
      body: { fileName: 'invoice.pdf', data: sampleEInvoicePdf().toString('base64') },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.text).toContain('华东钢铁贸易有限公司');
  }, 60_000);
});

/** The parts of a zip written by xlsx-fixture (stored local headers, deflated): name and inflated data. */
function unzipNames(buf: Buffer): { name: string; data: Buffer }[] {
  const out: { name: string; data: Buffer }[] = [];
  let o = 0;
  while (buf.readUInt32LE(o) === 0x04034b50) {
    const size = buf.readUInt32LE(o + 18);
    const nameLen = buf.readUInt16LE(o + 26);
    const extra = buf.readUInt16LE(o + 28);
    const name = buf.toString('utf8', o + 30, o + 30 + nameLen);
    const start = o + 30 + nameLen + extra;
    out.push({ name, data: inflateRawSync(buf.subarray(start, start + size)) });
    o = start + size;
  }
  return out;
}

/** A one-page PDF whose content stream is `flate` (already compressed), Helvetica as F1. */
function pdfWithContent(flate: Buffer): Buffer {
  const objs: Buffer[] = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'),
    Buffer.from('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'),
    Buffer.from(
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    ),
    Buffer.concat([
      Buffer.from(`<< /Length ${flate.length} /Filter /FlateDecode >>\nstream\n`),
      flate,
      Buffer.from('\nendstream'),
    ]),
    Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'),
  ];
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n')];
  const offsets: number[] = [];
  let len = parts[0].length;
  objs.forEach((o, i) => {
    offsets.push(len);
    const b = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), o, Buffer.from('\nendobj\n')]);
    parts.push(b);
    len += b.length;
  });
  let tail = `xref\n0 ${objs.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) tail += `${String(off).padStart(10, '0')} 00000 n \n`;
  tail += `trailer\n<< /Size ${objs.length + 1} /Root 1 0 R >>\nstartxref\n${len}\n%%EOF\n`;
  parts.push(Buffer.from(tail));
  return Buffer.concat(parts);
}
