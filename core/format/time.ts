/** Date helpers of bladex-contract §9.6 (vue-element-admin utils), spec §9. */

const WEEKDAYS = ['日', '一', '二', '三', '四', '五', '六'];

function toDate(time: Date | number | string): Date {
  if (time instanceof Date) return time;
  let t: number | string = time;
  if (typeof t === 'string') {
    if (/^[0-9]+$/.test(t)) t = Number.parseInt(t, 10);
    else t = t.replace(/-/g, '/'); // Safari cannot parse yyyy-MM-dd
  }
  // 10-digit timestamps are seconds (spec §9)
  if (typeof t === 'number' && t.toString().length === 10) t *= 1000;
  return new Date(t);
}

/** `{y}-{m}-{d} {h}:{i}:{s}`; `{a}` is the Chinese weekday. Null for an empty time. */
export function parseTime(
  time: Date | number | string | null | undefined,
  format = '{y}-{m}-{d} {h}:{i}:{s}',
): string | null {
  if (time === null || time === undefined || time === '' || time === 0) return null;
  const date = toDate(time);
  const obj: Record<string, number> = {
    y: date.getFullYear(),
    m: date.getMonth() + 1,
    d: date.getDate(),
    h: date.getHours(),
    i: date.getMinutes(),
    s: date.getSeconds(),
    a: date.getDay(),
  };
  return format.replace(/{([ymdhisa])+}/g, (_m, key: string) => {
    const value = obj[key];
    if (key === 'a') return WEEKDAYS[value];
    return value.toString().padStart(2, '0');
  });
}

/**
 * Relative time (spec §9): < 30 s 刚刚, < 1 h N分钟前, < 1 d N小时前, < 2 d 1天前, else a date.
 * `now` is injectable for tests.
 */
export function formatTime(time: number | string, option?: string, now: number = Date.now()): string {
  let t = typeof time === 'string' ? Number.parseInt(time, 10) : time;
  if (String(time).length === 10) t *= 1000;
  const d = new Date(t);
  const diff = (now - d.getTime()) / 1000;
  if (diff < 30) return '刚刚';
  if (diff < 3600) return `${Math.ceil(diff / 60)}分钟前`;
  if (diff < 3600 * 24) return `${Math.ceil(diff / 3600)}小时前`;
  if (diff < 3600 * 24 * 2) return '1天前';
  if (option) return parseTime(t, option) ?? '';
  return `${d.getMonth() + 1}月${d.getDate()}日${d.getHours()}时${d.getMinutes()}分`;
}
