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

function slowParts(d: Date, tz: string): Record<string, string> {
  return Object.fromEntries(
    formatter(tz)
      .formatToParts(d)
      .map((p) => [p.type, p.value]),
  );
}

/** `yyyy-MM-dd HH:mm:ss` straight from Intl (the slow path, and the reference the tests hold the fast path to). */
export function intlDateTime(d: Date, tz: string): string {
  const p = slowParts(d, tz);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

/** The zone's offset (ms) at an instant: its wall-clock fields read back as if they were UTC, minus the instant. */
function offsetAt(ms: number, tz: string): number {
  const p = slowParts(new Date(ms), tz);
  const wall = Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second);
  return wall - (ms - (((ms % 1000) + 1000) % 1000));
}

/**
 * Offsets by (zone, 15-minute slice of UTC time). A slice is cached only when its first and last millisecond have
 * the same offset, so a slice holding a change of offset (summer time, a historic zone change) always takes the
 * slow path. formatToParts was the costliest step in answering a page of rows (a tenth of the server's own work).
 */
const SLICE_MS = 15 * 60 * 1000;
/** Per zone: slice → offset (null: the slice holds a change). A map per zone, keyed by the number (issue 25: the
 * `${tz}|${slice}` key string was built for every value formatted). */
const offsets = new Map<string, Map<number, number | null>>();
let cachedSlices = 0;
/** "00" … "99" (a page of rows formats five fields of every timestamp). */
const TWO = Array.from({ length: 100 }, (_, i) => (i < 10 ? `0${i}` : String(i)));

export function formatDateTime(d: Date | null | undefined, tz: string): string {
  if (!d) return '';
  const ms = d.getTime();
  if (Number.isNaN(ms)) return '';
  const slice = Math.floor(ms / SLICE_MS);
  let zone = offsets.get(tz);
  if (!zone) {
    zone = new Map();
    offsets.set(tz, zone);
  }
  let off = zone.get(slice);
  if (off === undefined) {
    const a = offsetAt(slice * SLICE_MS, tz);
    off = a === offsetAt((slice + 1) * SLICE_MS - 1, tz) ? a : null;
    if (++cachedSlices > 20_000) {
      for (const m of offsets.values()) m.clear();
      cachedSlices = 1;
    }
    zone.set(slice, off);
  }
  if (off === null) return intlDateTime(d, tz);
  const w = new Date(ms + off);
  const y = w.getUTCFullYear();
  if (y < 1000 || y > 9999) return intlDateTime(d, tz);
  return `${y}-${TWO[w.getUTCMonth() + 1]}-${TWO[w.getUTCDate()]} ${TWO[w.getUTCHours()]}:${TWO[w.getUTCMinutes()]}:${TWO[w.getUTCSeconds()]}`;
}

export function formatDate(d: Date, tz: string): string {
  return formatDateTime(d, tz).slice(0, 10);
}

/** Today (yyyy-MM-dd) in the server's time zone. */
export const today = (tz: string, now = new Date()): string => formatDate(now, tz);
