/** `yyyy-MM-dd HH:mm:ss` in the configured time zone (DESIGN §4). */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(tz: string): Intl.DateTimeFormat {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone: tz,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(tz, f);
  }
  return f;
}

export function formatDateTime(d: Date | null | undefined, tz: string): string {
  if (!d) return '';
  const parts = Object.fromEntries(
    formatter(tz)
      .formatToParts(d)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

export function formatDate(d: Date, tz: string): string {
  return formatDateTime(d, tz).slice(0, 10);
}
