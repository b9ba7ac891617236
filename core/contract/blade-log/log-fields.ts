/** Pieces shared by the log contracts (接口日志, 操作日志, 修改日志): query fields and the per-field change rows. */
import { z } from 'zod';
import { dayRangeMessage, isCalendarDay } from '../input.ts';

export const optionalText = (label: string, max = 200) =>
  z.string().trim().max(max, `${label}不能超过${max}个字符`).optional();

/** yyyy-MM-dd or yyyy-MM-dd HH:mm[:ss] (the engine reads it in the server's time zone). */
export const optionalDateTime = (label: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/, `${label}格式不正确`)
    .refine((v) => isCalendarDay(v.slice(0, 10)), { message: dayRangeMessage(label) })
    .optional();

/** Query keys of a create-time range search: `createTime` names the search, the two ends filter. */
export const createTimeRange = {
  createTime: z.string().optional(),
  createTimeBegin: optionalDateTime('开始时间'),
  createTimeEnd: optionalDateTime('结束时间'),
};

/** One changed field: old → new (spec §3 operation log `modifyParams`), with its Chinese label when known. */
export interface FieldChange {
  field: string;
  label: string;
  oldValue: unknown;
  newValue: unknown;
}

/** Stored `modifyParams` (`{field: [old, new]}`) as change rows, labelled from `labels` (field → 中文名). */
export function changesOf(modifyParams: unknown, labels: Record<string, string> = {}): FieldChange[] {
  if (Array.isArray(modifyParams)) {
    return modifyParams
      .filter((c): c is Record<string, unknown> => !!c && typeof c === 'object' && typeof c.field === 'string')
      .map((c) => ({
        field: String(c.field),
        label: typeof c.label === 'string' && c.label ? c.label : (labels[String(c.field)] ?? String(c.field)),
        oldValue: c.oldValue ?? null,
        newValue: c.newValue ?? null,
      }));
  }
  if (!modifyParams || typeof modifyParams !== 'object') return [];
  return Object.entries(modifyParams as Record<string, unknown>).map(([field, pair]) => {
    const [oldValue, newValue] = Array.isArray(pair) ? pair : [null, pair];
    return { field, label: labels[field] ?? field, oldValue: oldValue ?? null, newValue: newValue ?? null };
  });
}

/** A change value as text: '' for empty, JSON for objects, the value itself otherwise. */
export function changeText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}
