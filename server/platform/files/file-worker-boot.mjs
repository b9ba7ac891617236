// The file worker's first module. The big plain-JS libraries are loaded before tsx's loader is registered (through
// the loader, PDF.js's 2 MB modules took seconds to load in a thread); then the TypeScript entry runs under tsx.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

if (workerData?.kind === 'pdf') {
  await import('pdfjs-dist/legacy/build/pdf.mjs');
  // handed to PDF.js as its "fake worker" (its parser on this thread), so it does not import it by URL itself
  globalThis.pdfjsWorker = await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
} else {
  await import('exceljs');
}
register();
await import('./file-worker.ts');
