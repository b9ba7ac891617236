/** Number helpers of bladex-contract §9.6, spec §9. */

const SI = [
  { value: 1e18, symbol: 'E' },
  { value: 1e15, symbol: 'P' },
  { value: 1e12, symbol: 'T' },
  { value: 1e9, symbol: 'G' },
  { value: 1e6, symbol: 'M' },
  { value: 1e3, symbol: 'k' },
];

/** 10000 → "10k", 1234567 (2 digits) → "1.23M"; below 1000 the plain number. */
export function numberFormatter(num: number, digits = 0): string {
  for (const { value, symbol } of SI) {
    if (num >= value) {
      return (num / value).toFixed(digits).replace(/\.0+$|(\.[0-9]*[1-9])0+$/, '$1') + symbol;
    }
  }
  return num.toString();
}

/** 10000 → "10,000"; commas in the integer part only; NaN → "0". */
export function toThousand(num: number | string): string {
  const n = Number(num);
  const s = (Number.isNaN(n) ? 0 : n).toString();
  return s.replace(/^(-?\d+)/, (int) => int.replace(/\B(?=(\d{3})+(?!\d))/g, ','));
}
