import { kgToTonnes } from '../../core/format/decimal.ts';

/** kg decimal string → tonnes with 2 decimals (decimal arithmetic, core/format). */
export const t2 = (kg: string) => kgToTonnes(kg, 2);
/** yuan decimal string → 万元 with 2 decimals, by moving the point (no float arithmetic). */
export function wan(yuan: string): string {
  const neg = yuan.startsWith('-');
  const [i, f = '00'] = (neg ? yuan.slice(1) : yuan).split('.');
  const digits = i.padStart(5, '0') + f.padEnd(2, '0').slice(0, 2);
  const int = digits.slice(0, -6).replace(/^0+(?=\d)/, '') || '0';
  const frac = digits.slice(-6, -4);
  return `${neg ? '-' : ''}${int}.${frac}`;
}
/** Thousands separators on a decimal string. */
export function grouped(v: string): string {
  const [i, f] = v.split('.');
  return `${i.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${f !== undefined ? `.${f}` : ''}`;
}
