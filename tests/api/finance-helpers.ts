/**
 * Shared set-up of the accounting API tests (issue 5): the real app on PGlite with the demo seed, tokens, dept ids,
 * a helper that creates an account set and answers a caller bound to it (Current-Dept-Id + Current-Account-Set-Id
 * headers), and voucher helpers.
 */
import { expect } from 'vitest';
import { type BaseCtx, bootBase } from './base-suite.ts';
import { call, type Req, type Res } from './helpers.ts';

export const FIN = '/api/izs-financing';

export type Api = (path: string, r?: Req) => Promise<Res>;

/** A caller: token + department (+ book) headers. */
export function apiFor(c: BaseCtx, token: string, deptId?: string, bookId?: string): Api {
  return (path, r = {}) =>
    call(c.t, path, {
      token,
      ...r,
      headers: {
        ...(deptId ? { 'Current-Dept-Id': deptId } : {}),
        ...(bookId ? { 'Current-Account-Set-Id': bookId } : {}),
        ...(r.headers ?? {}),
      },
    });
}

/** POST that must succeed; answers `data`. */
export async function okPost(api: Api, path: string, body: unknown, query?: Req['query']) {
  const r = await api(path, { body, query, method: 'POST' });
  expect(r.body?.code, `${path}: ${JSON.stringify(r.body)}`).toBe(200);
  return r.body.data;
}

/** GET that must succeed; answers `data`. */
export async function okGet(api: Api, path: string, query?: Req['query']) {
  const r = await api(path, { query });
  expect(r.body?.code, `${path}: ${JSON.stringify(r.body)}`).toBe(200);
  return r.body.data;
}

/** A 400 (or other code) with the message containing `msg`. */
export async function refused(p: Promise<Res>, status: number, msg?: string | RegExp) {
  const r = await p;
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  if (msg instanceof RegExp) expect(r.body.msg).toMatch(msg);
  else if (msg) expect(r.body.msg).toContain(msg);
  return r.body;
}

export const BOOK_FORM = {
  accountingSystem: 1,
  taxNature: '1',
  enableInvoice: '0',
  industryInvolved: 3,
  dutyParagraph: '91310000MA1FL0XX3K',
  taxAddress: '310104',
  isDefault: '0',
};

export interface FinCtx extends BaseCtx {
  /** the 财务部 department */
  financeDept: string;
}

export async function bootFinance(): Promise<FinCtx> {
  const c = await bootBase();
  return { ...c, financeDept: c.depts['财务部'] };
}

/** Creates a book as admin in `deptId` and answers its id (and the admin api bound to it). */
export async function createBook(c: FinCtx, deptId: string, over: Record<string, unknown>) {
  const admin = apiFor(c, c.admin, deptId);
  const book = await okPost(admin, `${FIN}/account-set/save`, { ...BOOK_FORM, ...over });
  return { book, api: apiFor(c, c.admin, deptId, book.id) };
}

export interface LineIn {
  accountCode: string;
  summary?: string;
  debit?: string;
  credit?: string;
  aux?: Record<string, string>;
  quantity?: string;
  unitPrice?: string;
}

/** A voucher body: lines get the summary when they have none. */
export function voucherBody(date: string, summary: string, lines: LineIn[], word = '记') {
  return { word, voucherDate: date, attachments: 1, lines: lines.map((l) => ({ summary, ...l })) };
}
