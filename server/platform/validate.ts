/** zod parsing that turns the first issue into a 400 with a Chinese message naming the field. */
import { type ZodType, z } from 'zod';
import { ApiError } from './r.ts';

/** Locale (default) messages get a marker so that zodMessage can prefix the field name; custom ones name it already. */
const MARK = '\u0001';
const zh = z.locales.zhCN();
z.config({
  ...zh,
  customError: (iss) => {
    const m = zh.localeError?.(iss as never);
    const text = typeof m === 'string' ? m : m?.message;
    return text ? MARK + text : undefined;
  },
});

/** Chinese labels for field names that appear in default (locale) messages. */
const FIELD_LABELS: Record<string, string> = {
  current: '页码',
  size: '每页条数',
  id: '编号',
  ids: '编号',
  parentId: '上级编号',
  parentCode: '上级区划编号',
};

export function zodMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return '参数校验失败';
  const field = issue.path.map(String).join('.');
  if (!issue.message.startsWith(MARK)) return issue.message;
  const text = issue.message.slice(1);
  return field ? `${FIELD_LABELS[field] ?? field}: ${text}` : text;
}

export function parse<S extends ZodType>(schema: S, input: unknown): z.output<S> {
  const r = schema.safeParse(input);
  if (!r.success) throw new ApiError(400, zodMessage(r.error));
  return r.data;
}
