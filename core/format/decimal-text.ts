/**
 * Display of decimal strings the server computed, without decimal.js (13 kB gzip) and without binary floats: the
 * digits are moved and rounded as text. For screens of the first load after sign-in (the home dashboard), which
 * show figures and do no money arithmetic; everything else uses amounts.ts. Each function gives exactly what its
 * amounts.ts namesake gives for decimal notation (`'35260.5'`, `'-1,234'`, `'1.5e3'`, '' / null / junk → zero)
 * of up to 20 significant digits (decimal.js's precision; past it the text is exact and decimal.js rounds);
 * decimal-text.test.ts compares them.
 */

/** '1234567.891' → '1,234,567.891' (the integer part grouped by three; the sign and decimals kept). */
export function groupThousands(fixed: string): string {
  const [int, frac] = fixed.split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return frac === undefined ? grouped : `${grouped}.${frac}`;
}

const DECIMAL = /^([-+]?)(\d*)(?:\.(\d*))?(?:e([-+]?\d{1,4}))?$/i;

/** sign, digits and scale of a decimal (value = ±digits × 10^-scale); junk, '' and null read as zero. */
function readDecimal(value: string | number | null | undefined): { negative: boolean; digits: string; scale: number } {
  const text = value === null || value === undefined ? '' : String(value).replace(/[,\s]/g, '');
  const m = DECIMAL.exec(text);
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) return { negative: false, digits: '0', scale: 0 };
  const frac = m[3] ?? '';
  return { negative: m[1] === '-', digits: `${m[2]}${frac}`, scale: frac.length - Number(m[4] ?? 0) };
}

/**
 * value × 10^-shift with `places` decimals, half-up (away from zero), as amounts.ts's
 * `decimalOrZero(value).div(10 ** shift).toFixed(places, ROUND_HALF_UP)` writes it (a negative that rounds to zero
 * keeps its sign: '-0.000').
 */
export function shiftFixed(value: string | number | null | undefined, shift: number, places: number): string {
  const { negative, digits: raw, scale: s } = readDecimal(value);
  const scale = s + shift;
  let digits = raw;
  if (scale > places) {
    const cut = scale - places;
    const kept = cut >= digits.length ? '0' : digits.slice(0, digits.length - cut);
    const first = cut > digits.length ? 0 : Number(digits[digits.length - cut]);
    digits = first >= 5 ? increment(kept) : kept;
  } else {
    digits = `${digits}${'0'.repeat(places - scale)}`;
  }
  digits = digits.padStart(places + 1, '0');
  const int = digits.slice(0, digits.length - places).replace(/^0+(?=\d)/, '');
  const text = places > 0 ? `${int}.${digits.slice(digits.length - places)}` : int;
  return negative && /[1-9]/.test(raw) ? `-${text}` : text;
}

/** '199' → '200' (a digit string plus one). */
function increment(digits: string): string {
  const d = digits.split('');
  let i = d.length - 1;
  while (i >= 0 && d[i] === '9') d[i--] = '0';
  if (i < 0) return `1${d.join('')}`;
  d[i] = String(Number(d[i]) + 1);
  return d.join('');
}

/** Kilograms → tonnes with `places` (3) decimals, half-up, no grouping: '35260' → '35.260'; '' / junk → '0.000'. */
export function kgToTonnesText(kg: string | number | null | undefined, places = 3): string {
  return shiftFixed(kg, 3, places);
}
