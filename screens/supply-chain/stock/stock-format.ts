import { businessDate, businessToday } from '../../../core/format/business-day.ts';
/** Dates of the stock query screens: the server's business day (yyyy-MM-dd in its TZ), never the browser's. */
export function todayStr(d?: Date): string {
  return d ? businessDate(d.getTime()) : businessToday();
}

export function monthStartStr(d?: Date): string {
  return `${todayStr(d).slice(0, 7)}-01`;
}
