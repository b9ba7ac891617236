/**
 * Data helpers of spec §5 and §3 (what the generic forms do to a row before and after the wire).
 */

/** Spec §3: audit fields the server owns; they are stripped from entities before submission. */
export const AUDIT_FIELDS = [
  'createDept',
  'createTime',
  'createUser',
  'isDeleted',
  'reviewTime',
  'reviewer',
  'reviewRemark',
  'updateTime',
  'updateUser',
  'status',
] as const;

/** Spec §5: these fields keep their text even when it looks numeric. */
const KEEP_AS_TEXT = new Set(['bankAccount', 'id', 'idNumber', 'code', 'phone', 'mobile', 'account']);

/**
 * Whether a field keeps numeric text as text. Besides the spec's three (bankAccount, id, idNumber), ids are
 * 64-bit (they do not fit a JS number: 1234567890123456789 would round), and codes and numbers such as
 * `deptId`, `orderNo`, `gbCode`, `taxpayerNo`, `code` and phone numbers often carry leading zeros — so any field
 * ending in Id/No/Code (and code, phone, mobile, account) stays text.
 */
export function keepsText(field: string): boolean {
  return KEEP_AS_TEXT.has(field) || /(Id|No|Code|Ids)$/.test(field);
}

/** Spec §5: the value -1 (number or text) is treated as empty. */
export function isEmptyValue(v: unknown): v is null | undefined | -1 | '-1' {
  return v === null || v === undefined || v === -1 || v === '-1';
}

const NUMERIC = /^-?\d+(\.\d+)?$/;

/**
 * Spec §5 data helper: -1 → undefined; numeric strings → numbers, except the fields that keep text (see
 * `keepsText`) and the `decimalFields` given by the caller (money/weight/rate travel as decimal strings and
 * must never become binary floats, DESIGN §4).
 */
export function normalizeRow<T extends Record<string, unknown>>(
  row: T,
  decimalFields: Iterable<string> = [],
): Record<string, unknown> {
  const decimals = new Set(decimalFields);
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) {
    if (isEmptyValue(v)) {
      out[k] = undefined;
      continue;
    }
    if (
      typeof v === 'string' &&
      NUMERIC.test(v) &&
      !keepsText(k) &&
      !decimals.has(k) &&
      Number.isSafeInteger(Number(v.split('.')[0]))
    ) {
      out[k] = Number(v);
      continue;
    }
    out[k] = v;
  }
  return out;
}

/**
 * Removes the audit fields of spec §3 from a row before it is submitted. `status` is on that list, but it is also
 * an editable switch on many forms (物料 状态 enabled/disabled): it is stripped only when the form does not
 * declare a `status` field itself (`formFields`), otherwise the user's choice would be lost.
 */
export function stripAuditFields<T extends Record<string, unknown>>(
  row: T,
  formFields: Iterable<string> = [],
): Record<string, unknown> {
  const declared = new Set(formFields);
  const out: Record<string, unknown> = { ...row };
  for (const f of AUDIT_FIELDS) {
    if (f === 'status' && declared.has('status')) continue;
    delete out[f];
  }
  return out;
}

/** Spec §9: file lists are stored as a JSON array or as comma-separated text; both read as a list of paths. */
export function parseFileList(value: unknown): string[] {
  if (value === null || value === undefined || value === '') return [];
  if (Array.isArray(value)) return value.map(String).filter(Boolean);
  const text = String(value).trim();
  if (text.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (Array.isArray(parsed)) {
        return parsed
          .map((x) => (x && typeof x === 'object' && 'url' in x ? String((x as { url: unknown }).url) : String(x)))
          .filter(Boolean);
      }
    } catch {
      // not JSON after all: fall through to comma text
    }
  }
  return text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** A file list back to the comma text form (what the generic forms submit). */
export function joinFileList(list: string[]): string {
  return list.filter(Boolean).join(',');
}
