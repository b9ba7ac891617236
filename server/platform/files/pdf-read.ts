/**
 * The text runs of a PDF's pages — run inside a file worker (worker.ts), never on the server's event loop.
 * Before PDF.js sees the file, every Flate-compressed stream is inflated with a ceiling (`MAX_PDF_STREAM`, and
 * `MAX_PDF_EXPANDED` for all of them): a 122 KB file whose content stream expands to 50 MB is refused by size
 * instead of being laid out for half a minute. No fonts are rendered, no script runs (isEvalSupported false).
 */
import { promisify } from 'node:util';
import { inflate } from 'node:zlib';
import { FileRefusal } from './refusal.ts';

export const MAX_PDF_STREAM = 16 * 1024 * 1024;
export const MAX_PDF_EXPANDED = 64 * 1024 * 1024;

export interface PdfRunOut {
  str: string;
  x: number;
  y: number;
  width: number;
}

export interface PdfPage {
  width: number;
  runs: PdfRunOut[];
}

const inflateAsync = promisify(inflate);
const STREAM = Buffer.from('stream');
const END = Buffer.from('endstream');

/**
 * Refuses a PDF one of whose Flate streams (or all of them together) expands beyond the ceilings. The inflating
 * runs on libuv's thread pool (async zlib), so the server calls this before starting a worker for the file.
 */
export async function checkPdfStreams(buf: Buffer): Promise<void> {
  let total = 0;
  let at = 0;
  for (;;) {
    const s = buf.indexOf(STREAM, at);
    if (s < 0) return;
    at = s + STREAM.length;
    // "endstream" also contains "stream"; a stream keyword is followed by CRLF or LF
    if (s >= 3 && buf.toString('latin1', s - 3, s) === 'end') continue;
    let d = at;
    if (buf[d] === 0x0d) d++;
    if (buf[d] !== 0x0a) continue;
    d++;
    const dict = buf.toString('latin1', Math.max(0, s - 1024), s);
    const dictStart = dict.lastIndexOf('obj');
    if (!/FlateDecode|\/Fl\b/.test(dict.slice(dictStart < 0 ? 0 : dictStart))) continue;
    const e = buf.indexOf(END, d);
    if (e < 0) return;
    let out = 0;
    try {
      out = (await inflateAsync(buf.subarray(d, e), { maxOutputLength: MAX_PDF_STREAM, finishFlush: 2 })).length;
    } catch (err) {
      if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' || err instanceof RangeError)
        throw new FileRefusal(`PDF文件解压后过大（单个数据流超过${MAX_PDF_STREAM / 1024 / 1024}MB），已拒绝`);
      // a damaged stream is PDF.js's to judge
    }
    total += out;
    if (total > MAX_PDF_EXPANDED)
      throw new FileRefusal(`PDF文件解压后过大（超过${MAX_PDF_EXPANDED / 1024 / 1024}MB），已拒绝`);
    at = e + END.length;
  }
}

/** The text runs of the first `maxPages` pages. */
export async function pdfPages(data: Uint8Array, maxPages: number): Promise<PdfPage[]> {
  await checkPdfStreams(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  // PDF.js's "fake worker" (its parser, on this thread) was loaded by file-worker-boot.mjs as globalThis.pdfjsWorker
  const doc = await getDocument({
    data,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: false,
    verbosity: 0,
  }).promise;
  try {
    const pages: PdfPage[] = [];
    for (let i = 1; i <= Math.min(doc.numPages, maxPages); i++) {
      const page = await doc.getPage(i);
      const [, , width] = page.view;
      const content = await page.getTextContent();
      const runs: PdfRunOut[] = [];
      for (const item of content.items) {
        if (!('str' in item)) continue;
        runs.push({ str: item.str, x: item.transform[4], y: item.transform[5], width: item.width });
      }
      pages.push({ width, runs });
    }
    return pages;
  } finally {
    await doc.destroy();
  }
}
