/**
 * Files off the request path: an Excel import's reading and a PDF's parsing run in a worker thread of their own
 * (node:worker_threads), so the event loop keeps answering other requests while a 10,000-row sheet or a hostile
 * PDF is read. Each job gets limits — time (the thread is terminated), heap (`resourceLimits`: V8 stops the thread
 * when it is exceeded) and, for sheets, rows — and every limit ends in a Chinese 400, never a stalled server.
 * At most `FILE_WORKERS` jobs run at once (default: the cores minus one, at least one); others wait their turn.
 *
 * One thread per job rather than a pool: a thread that hit its heap limit or was terminated mid-parse is never
 * reused, and imports are rare enough that the ~0.3 s start (tsx loader, ExcelJS / PDF.js) does not matter.
 * The thread runs the TypeScript sources through tsx (registered by file-worker-boot.mjs), in dev, tests and
 * `npm start` alike.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { badRequest } from '../r.ts';
import type { PdfPage } from './pdf-read.ts';
import { checkPdfStreams } from './pdf-read.ts';
import { FileRefusal } from './refusal.ts';
import type { SheetAnswer, SheetRequest } from './xlsx-read.ts';

export type FileJob =
  | { kind: 'xlsx'; data: Uint8Array; sheet: SheetRequest }
  | { kind: 'pdf'; data: Uint8Array; maxPages: number };

export interface FileLimits {
  /** ms before the thread is terminated */
  timeMs: number;
  /** V8 old-generation heap of the thread (MB) */
  heapMb: number;
}

const envInt = (name: string, def: number) => {
  const v = Number(process.env[name]);
  return Number.isInteger(v) && v > 0 ? v : def;
};

export const XLSX_LIMITS: FileLimits = {
  timeMs: envInt('IMPORT_TIMEOUT_MS', 120_000),
  heapMb: envInt('IMPORT_HEAP_MB', 256),
};
export const PDF_LIMITS: FileLimits = {
  timeMs: envInt('PDF_TIMEOUT_MS', 60_000),
  heapMb: envInt('PDF_HEAP_MB', 192),
};

const MAX_RUNNING = envInt('FILE_WORKERS', Math.max(1, availableParallelism() - 1));
let running = 0;
const waiting: (() => void)[] = [];

async function slot(): Promise<() => void> {
  if (running >= MAX_RUNNING) await new Promise<void>((r) => waiting.push(r));
  running++;
  return () => {
    running--;
    waiting.shift()?.();
  };
}

/** A plain-JS first module that registers tsx's loader in the thread, then imports file-worker.ts. */
const ENTRY = new URL('./file-worker-boot.mjs', import.meta.url);

function runJob<T>(job: FileJob, limits: FileLimits, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const w = new Worker(ENTRY, {
      workerData: job,
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: limits.heapMb, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
      stdout: false,
      stderr: false,
    });
    let settled = false;
    const done = (f: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      f();
      void w.terminate();
    };
    const timer = setTimeout(
      () => done(() => reject(badRequest(`${what}处理超时（超过${Math.round(limits.timeMs / 1000)}秒），已中止`))),
      limits.timeMs,
    );
    w.on('message', (m: { ok: true; value: T } | { ok: false; refusal?: string; error?: string }) =>
      done(() => {
        if (m.ok) resolve(m.value);
        else if (m.refusal) reject(badRequest(m.refusal));
        else reject(new FileWorkerError(m.error ?? 'unknown'));
      }),
    );
    w.on('error', (e: Error & { code?: string }) =>
      done(() =>
        e.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? reject(badRequest(`${what}过大（处理时超过${limits.heapMb}MB内存上限），已拒绝`))
          : reject(new FileWorkerError(String(e))),
      ),
    );
    w.on('exit', (code) => done(() => reject(new FileWorkerError(`file worker exited (${code})`))));
  });
}

/** A worker that failed for a reason that is not the file's (loader missing, crash): a 500, logged. */
export class FileWorkerError extends Error {}

async function limited<T>(job: FileJob, limits: FileLimits, what: string): Promise<T> {
  const release = await slot();
  try {
    return await runJob<T>(job, limits, what);
  } finally {
    release();
  }
}

/** Reads an import workbook in a worker: header matched to `sheet.labels`, at most `sheet.maxRows` data rows. */
export function readSheetInWorker(data: Buffer, sheet: SheetRequest, limits = XLSX_LIMITS): Promise<SheetAnswer> {
  return limited<SheetAnswer>({ kind: 'xlsx', data: new Uint8Array(data), sheet }, limits, 'Excel文件');
}

/**
 * The text runs of a PDF's first `maxPages` pages, parsed in a worker. Its Flate streams are measured first, here
 * (async zlib on libuv's pool, not this event loop): a decompression bomb is refused without starting a thread.
 */
export async function pdfPagesInWorker(data: Uint8Array, maxPages: number, limits = PDF_LIMITS): Promise<PdfPage[]> {
  try {
    await checkPdfStreams(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
  } catch (e) {
    if (e instanceof FileRefusal) throw badRequest(e.message);
    throw e;
  }
  return limited<PdfPage[]>({ kind: 'pdf', data, maxPages }, limits, 'PDF文件');
}
