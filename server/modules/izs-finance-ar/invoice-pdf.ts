/**
 * invoice/parse-pdf (invoice.contract.ts): the text layer of an uploaded 数电票 PDF, read on the server with PDF.js
 * (pdfjs-dist, legacy build for Node) and laid out for the existing parser (core/finance-ar pdf-layout.ts →
 * parseInvoiceText). On the server because the parser's answer is then one typed endpoint (tested through HTTP), the
 * file's sha256 is taken where it is stored, and PDF.js (≈ 1 MB) stays out of the browser bundle. No fonts are
 * rendered, no script runs (isEvalSupported false), and it runs in a worker thread with limits (platform/files); a
 * file that is not a PDF is a 400.
 */
import { createHash } from 'node:crypto';
import { ARAP_CODES } from '../../../core/contract/izs-finance-ar/fields.ts';
import { INVOICE_ENDPOINTS as E } from '../../../core/contract/izs-finance-ar/invoice.contract.ts';
import { type PdfRun, pageText, parseInvoiceText } from '../../../core/finance-ar/index.ts';
import type { CrudContext } from '../../platform/crud/index.ts';
import { endpoints } from '../../platform/endpoint.ts';
import { pdfPagesInWorker } from '../../platform/files/worker.ts';
import { ApiError, badRequest } from '../../platform/r.ts';
import { guard } from './entities.ts';

const MAX_PAGES = 5;

/**
 * The text of every page (at most 5), pages separated by a blank line. PDF.js runs in a file worker thread
 * (platform/files: time and heap limits, Flate streams inflated under a ceiling first), so a hostile PDF costs that
 * thread, not the server's event loop; a refusal is a Chinese 400.
 */
export async function pdfText(data: Uint8Array): Promise<string> {
  const pages = await pdfPagesInWorker(data, MAX_PAGES);
  return pages.map((p) => pageText(p.runs satisfies PdfRun[], p.width)).join('\n\n');
}

export function registerInvoicePdf(app: Parameters<typeof endpoints>[0], ctx: CrudContext): void {
  const r = endpoints(app, ctx.db);
  r.handle(E.parsePdf, async ({ body, user }) => {
    if (
      !(await Promise.any([
        guard(ctx.db, user, ARAP_CODES.purchaseInvoice, 'add'),
        guard(ctx.db, user, ARAP_CODES.salesInvoice, 'add'),
      ]).then(
        () => true,
        () => false,
      ))
    )
      throw badRequest('没有登记发票的权限');
    const bytes = Buffer.from(body.data.replace(/^data:[^,]*,/, ''), 'base64');
    if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-') throw badRequest('文件不是PDF');
    let text: string;
    try {
      text = await pdfText(new Uint8Array(bytes));
    } catch (e) {
      if (e instanceof ApiError) throw e; // a limit of the file worker (size, time, memory), already in Chinese
      throw badRequest('PDF文件无法读取（可能已损坏或加密）');
    }
    if (!text.trim()) throw badRequest('PDF没有文字层（可能是扫描件），请手工录入');
    return {
      ...parseInvoiceText(text),
      text,
      fileHash: createHash('sha256').update(bytes).digest('hex'),
    };
  });
}
