import { formatMoney, groupThousands } from '../../core/format/amounts.ts';

/**
 * Chart axes and tooltips in the one number format (issue 26): a value axis groups its ticks by thousands
 * (283,575 rather than 283575); a money tooltip shows the fen, grouped.
 */
export const axisThousands = (v: number | string) => groupThousands(String(v));
export const tooltipMoney = (v: unknown) =>
  v === null || v === undefined || v === '' ? '' : formatMoney(String(Array.isArray(v) ? v[0] : v));
