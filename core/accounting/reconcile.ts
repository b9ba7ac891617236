/**
 * 业财对账 (issue 21): the comparison of a book's general ledger with the business records it should mirror —
 * 应收账款 / 应付账款 per party with the 应收单 / 应付单 and 收付款, the inventory accounts with the stock valuation,
 * 销项 / 进项税额 with the invoices. Pure: the server gathers the figures in SQL; this file decides what differs and why.
 *
 * Rules:
 * - a check compares, per key (a party, a material, or one total key), the ledger figure `gl` with the business
 *   figure `sub`; the difference is gl − sub, to the fen;
 * - every known cause is an `Explanation` with its effect on gl − sub (a reviewed 应收单 without a voucher: −amount; a
 *   hand-written voucher on 1122: +its debit − credit; an opening balance: +balance). A row lists the causes of its
 *   key, and what they do not account for is `unexplained` (said in words, so a difference never goes without a why);
 * - a key present on one side only is a row too (the other side is zero); rows with no difference and no cause are
 *   left out, so a clean check has no rows;
 * - the result is clean when every check has no difference and no record stands without its counterpart.
 */
import { type Decimal, dec, money, round2, ZERO } from './amount.ts';

export type ReconCheckKey = 'ar' | 'ap' | 'stock' | 'vatOut' | 'vatIn';

/** What a cause is: a business record without voucher, a voucher without record, an opening balance, a note. */
export type ReconCauseKind = 'document' | 'voucher' | 'opening' | 'unexplained';

export interface ReconFigure {
  key: string;
  name: string;
  amount: Decimal | string;
}

export interface Explanation {
  key: string;
  kind: ReconCauseKind;
  /** the record's id (document / voucher), '' for an opening */
  id: string;
  /** 单号 or 凭证号 (记-3) */
  no: string;
  /** the record's kind label (采购入库, 应收单, 凭证 …) */
  label: string;
  date: string;
  /** its effect on gl − sub */
  effect: Decimal | string;
  text: string;
}

export interface ReconCause {
  kind: ReconCauseKind;
  id: string;
  no: string;
  label: string;
  date: string;
  effect: string;
  text: string;
}

export interface ReconRow {
  key: string;
  name: string;
  gl: string;
  sub: string;
  difference: string;
  causes: ReconCause[];
  /** the part of the difference no cause accounts for */
  unexplained: string;
}

export interface ReconCheck {
  key: ReconCheckKey;
  title: string;
  /** what the ledger side reads (e.g. 1122 应收账款) */
  ledger: string;
  /** what the business side reads */
  business: string;
  gl: string;
  sub: string;
  difference: string;
  rows: ReconRow[];
}

const m = (d: Decimal) => money(round2(d));

/** Sums figures per key (first name wins). */
function byKey(list: ReconFigure[]): Map<string, { name: string; amount: Decimal }> {
  const out = new Map<string, { name: string; amount: Decimal }>();
  for (const f of list) {
    const cur = out.get(f.key);
    if (cur) cur.amount = cur.amount.plus(dec(f.amount));
    else out.set(f.key, { name: f.name, amount: dec(f.amount) });
  }
  return out;
}

/** Compares one account group with its business figures, key by key, and attaches the causes. */
export function reconcileCheck(input: {
  key: ReconCheckKey;
  title: string;
  ledger: string;
  business: string;
  gl: ReconFigure[];
  sub: ReconFigure[];
  explanations: Explanation[];
  /** the words for a difference no cause accounts for */
  unexplainedText?: string;
}): ReconCheck {
  const gl = byKey(input.gl);
  const sub = byKey(input.sub);
  const causes = new Map<string, Explanation[]>();
  for (const e of input.explanations) causes.set(e.key, [...(causes.get(e.key) ?? []), e]);
  const keys = [...new Set([...gl.keys(), ...sub.keys(), ...causes.keys()])];
  const rows: ReconRow[] = [];
  let glTotal = ZERO;
  let subTotal = ZERO;
  for (const key of keys) {
    const g = gl.get(key)?.amount ?? ZERO;
    const s = sub.get(key)?.amount ?? ZERO;
    glTotal = glTotal.plus(g);
    subTotal = subTotal.plus(s);
    const diff = g.minus(s);
    const list = causes.get(key) ?? [];
    if (diff.isZero() && list.length === 0) continue;
    const explained = list.reduce((a, e) => a.plus(dec(e.effect)), ZERO);
    const rest = diff.minus(explained);
    const rowCauses: ReconCause[] = list.map((e) => ({
      kind: e.kind,
      id: e.id,
      no: e.no,
      label: e.label,
      date: e.date,
      effect: m(dec(e.effect)),
      text: e.text,
    }));
    if (!rest.isZero())
      rowCauses.push({
        kind: 'unexplained',
        id: '',
        no: '',
        label: '',
        date: '',
        effect: m(rest),
        text: input.unexplainedText ?? '账面与业务金额不一致，未找到对应单据或凭证（可能是凭证金额或税率与单据不同）',
      });
    rows.push({
      key,
      name: gl.get(key)?.name ?? sub.get(key)?.name ?? list[0]?.label ?? key,
      gl: m(g),
      sub: m(s),
      difference: m(diff),
      causes: rowCauses,
      unexplained: m(rest),
    });
  }
  rows.sort(
    (a, b) =>
      dec(b.difference).abs().comparedTo(dec(a.difference).abs()) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0),
  );
  return {
    key: input.key,
    title: input.title,
    ledger: input.ledger,
    business: input.business,
    gl: m(glTotal),
    sub: m(subTotal),
    difference: m(glTotal.minus(subTotal)),
    rows,
  };
}

/** A record on one side only: a business record without voucher, or a voucher without business record. */
export interface ReconOrphan {
  kind: 'document' | 'voucher';
  id: string;
  no: string;
  label: string;
  date: string;
  amount: string;
  text: string;
}

/** 采购入库 RK… 未生成凭证 */
export const documentWithoutVoucherText = (label: string, no: string) => `${label} ${no} 未生成凭证`;
/** 凭证 记-3 无来源单据 */
export const voucherWithoutDocumentText = (voucherNo: string) => `凭证 ${voucherNo} 无来源单据`;

/** The verdict: no difference on any check, no orphan. Also the count the badge shows. */
export function reconVerdict(checks: ReconCheck[], orphans: ReconOrphan[]): { clean: boolean; differences: number } {
  const differences = checks.reduce((n, c) => n + c.rows.filter((r) => !dec(r.difference).isZero()).length, 0);
  return { clean: differences === 0 && orphans.length === 0, differences: differences + orphans.length };
}
