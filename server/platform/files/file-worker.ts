/**
 * The entry of a file worker thread (started by worker.ts, one thread per job): reads `workerData`, does the one
 * job, posts `{ ok: true, value }` or `{ ok: false, refusal }` (a message for the user) / `{ ok: false, error }`.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { FileRefusal } from './refusal.ts';
import type { FileJob } from './worker.ts';

/** Only the job's own reader is loaded (ExcelJS or PDF.js, not both). */
async function run(job: FileJob): Promise<unknown> {
  if (job.kind === 'xlsx') return (await import('./xlsx-read.ts')).readSheet(Buffer.from(job.data), job.sheet);
  return (await import('./pdf-read.ts')).pdfPages(job.data, job.maxPages);
}

run(workerData as FileJob).then(
  (value) => parentPort?.postMessage({ ok: true, value }),
  (e: unknown) =>
    parentPort?.postMessage(
      e instanceof FileRefusal ? { ok: false, refusal: e.message } : { ok: false, error: String(e) },
    ),
);
