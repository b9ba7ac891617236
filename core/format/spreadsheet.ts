/**
 * Cells of every Excel export (issue 22), following OWASP's CSV-injection guidance: a text cell that a spreadsheet
 * would run as a formula — one beginning with `=`, `+`, `-`, `@`, a tab, a carriage return or a line feed — is
 * written with a single quote in front, so it stays text (`'=HYPERLINK(…)`). Numbers stay numbers: a number is
 * written as it is, and text that is a plain negative decimal (`-12.50`, an amount) becomes a number cell rather
 * than quoted text. Used by the server's shared export (server/platform/crud/excel.ts) and by every other workbook
 * the product writes (反向开票, 对账单, report tables).
 */

const RUNS_AS_FORMULA = /^[=+\-@\t\r\n]/;
const NEGATIVE_DECIMAL = /^-(0|[1-9]\d*)(\.\d+)?$/;

/** One cell value, safe to open in a spreadsheet. */
export function safeCell<T>(v: T): T | string | number {
  if (typeof v !== 'string' || !RUNS_AS_FORMULA.test(v)) return v;
  if (NEGATIVE_DECIMAL.test(v)) return Number(v);
  return `'${v}`;
}

/** A row of cell values, each through safeCell. */
export function safeRow<T>(values: readonly T[]): (T | string | number)[] {
  return values.map(safeCell);
}
