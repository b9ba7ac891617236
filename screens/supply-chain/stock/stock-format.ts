/** Dates of the stock query screens (local calendar day, yyyy-MM-dd). */
const pad = (n: number) => String(n).padStart(2, '0');

export function todayStr(d = new Date()): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

export function monthStartStr(d = new Date()): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-01`;
}
