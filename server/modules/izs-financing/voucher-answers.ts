/** Vouchers as the API answers them (split from vouchers.ts): rows with lines, names and labels; one live voucher. */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { dec, formatVoucherNo, toCapital } from '../../../core/accounting/index.ts';
import type { Voucher, VoucherLine } from '../../../core/contract/izs-financing/voucher.contract.ts';
import { moneyFixed } from '../../../core/format/amounts.ts';
import type { Db, Executor } from '../../db/client.ts';
import { user as userTable, voucher, voucherLine } from '../../db/schema/index.ts';
import { badRequest } from '../../platform/r.ts';
import { formatDateTime } from '../../platform/time.ts';
import {
  type Book,
  type BookChart,
  byId,
  type DimensionInfo,
  fullNameOf,
  type ItemInfo,
  loadBookChart,
  loadDimensions,
  loadItems,
} from './book.ts';
import type { VoucherRow } from './voucher-save.ts';

/** What the answer of vouchers is built from (voucherEntities loads it; a save has it at hand — issue 25). */
export interface VoucherParts {
  lines: LineRow[];
  bc: BookChart;
  dims: Map<string, DimensionInfo>;
  items: Map<string, ItemInfo>;
  names: Map<string, string>;
}
type LineRow = typeof voucherLine.$inferSelect;

/** The user ids a voucher names (author, reviewer, poster). */
export const namedUsers = (list: VoucherRow[]) => [
  ...new Set(list.flatMap((v) => [v.createUser, v.reviewer, v.poster]).filter((x): x is string => !!x)),
];

/** Real names of users, by id. */
export async function userNames(ex: Executor, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const found = await ex
    .select({ id: userTable.id, n: userTable.realName })
    .from(userTable)
    .where(inArray(userTable.id, ids));
  return new Map(found.map((u) => [u.id, u.n]));
}

/** Voucher rows with their lines, user names and labels, as the API answers them. */
export async function voucherEntities(ex: Executor, book: Book, list: VoucherRow[], tz: string): Promise<Voucher[]> {
  if (list.length === 0) return [];
  const ids = list.map((v) => v.id);
  const lines = await ex
    .select()
    .from(voucherLine)
    .where(and(inArray(voucherLine.voucherId, ids), eq(voucherLine.isDeleted, 0)))
    .orderBy(asc(voucherLine.voucherId), asc(voucherLine.lineNo));
  const bc = await loadBookChart(ex, book);
  const dims = await loadDimensions(ex, book.id);
  const names = await userNames(ex, namedUsers(list));
  const itemIds = lines.flatMap((l) => Object.values(l.aux ?? {}));
  const items = await loadItems(ex, book.id, itemIds);
  return buildVoucherEntities(list, { lines, bc, dims, items, names }, tz);
}

/** The answer of vouchers from their rows and parts (no database). */
export function buildVoucherEntities(list: VoucherRow[], parts: VoucherParts, tz: string): Voucher[] {
  const { lines, bc, dims, items, names } = parts;
  const auxNames = (aux: Record<string, string> | null) =>
    Object.entries(aux ?? {})
      .sort(([a], [b]) => byId(a, b))
      .map(([d, i]) => `${dims.get(d)?.name ?? d}：${items.get(i)?.name ?? i}`);
  const name = (id: string | null) => (id ? (names.get(id) ?? '') : '');
  return list.map((v) => {
    const mine: VoucherLine[] = lines
      .filter((l) => l.voucherId === v.id)
      .map((l) => ({
        id: l.id,
        lineNo: l.lineNo,
        summary: l.summary,
        accountCode: l.accountCode,
        accountName: fullNameOf(bc.chart, l.accountCode),
        aux: l.aux ?? {},
        auxNames: auxNames(l.aux),
        debit: moneyFixed(dec(l.debit)),
        credit: moneyFixed(dec(l.credit)),
        quantity: l.quantity === null ? null : dec(l.quantity).toFixed(4),
        unitPrice: l.unitPrice === null ? null : dec(l.unitPrice).toFixed(6),
        unit: bc.rows.get(l.accountCode)?.unit ?? '',
        carryForward: l.carryForward,
      }));
    return {
      id: v.id,
      accountSetId: v.accountSetId,
      period: v.period,
      word: v.word,
      no: v.no,
      voucherNo: formatVoucherNo(v.word, v.no),
      voucherDate: v.voucherDate,
      attachments: v.attachments,
      state: v.state as Voucher['state'],
      kind: v.kind,
      debitTotal: moneyFixed(dec(v.debitTotal)),
      creditTotal: moneyFixed(dec(v.creditTotal)),
      totalCapital: toCapital(v.debitTotal),
      summary: v.summary,
      remark: v.remark,
      createUser: v.createUser,
      createUserName: name(v.createUser),
      createTime: formatDateTime(v.createTime, tz),
      reviewer: v.reviewer,
      reviewerName: name(v.reviewer),
      reviewTime: formatDateTime(v.reviewTime, tz),
      poster: v.poster,
      posterName: name(v.poster),
      postTime: formatDateTime(v.postTime, tz),
      sourceVoucherId: v.sourceVoucherId,
      reversedById: v.reversedById,
      updateTime: formatDateTime(v.updateTime, tz),
      lines: mine,
    };
  });
}

/** One live voucher of the book (400 凭证不存在 for another book's or a deleted one). */
export async function loadVoucher(ex: Executor, book: Book, id: string): Promise<VoucherRow> {
  if (!/^[1-9]\d{0,18}$/.test(id)) throw badRequest('凭证不存在');
  const [v] = await ex
    .select()
    .from(voucher)
    .where(and(eq(voucher.id, id), eq(voucher.accountSetId, book.id), eq(voucher.isDeleted, 0)));
  if (!v) throw badRequest('凭证不存在');
  return v;
}

/** The answer of a voucher command: the voucher as the list shows it. */
export async function voucherAnswer(db: Db, book: Book, id: string, tz: string): Promise<Voucher> {
  return (await voucherEntities(db, book, [await loadVoucher(db, book, id)], tz))[0];
}
