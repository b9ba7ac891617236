/**
 * The printed 派车单 (issue 24): what the driver carries to the gate — the QR code (the slip's number, which the
 * station and the unattended lane scan), the number, the plate, the plan (direction, party, material, planned
 * quantity) and the validity. A pure function of the slip row; `dispatch-slip.tsx` only draws it.
 *
 * Paper (`?paper=`): `a5` (A5 landscape, 210 × 148 mm, the default — the size the stock documents and slips print
 * on) or `80` (an 80 mm receipt roll, the length the content needs).
 */
import type { DispatchSlipRow } from '../../core/contract/izs-weighing/dispatch-slip.contract.ts';
import { DISPATCH_ORDER_TYPES, DISPATCH_STATES } from '../../core/contract/izs-weighing/dispatch-slip.contract.ts';
import { formatKg } from '../../core/format/amounts.ts';

export type SlipPaper = 'a5' | '80';

export const SLIP_PAPERS: Record<SlipPaper, { label: string; width: number; height: number }> = {
  a5: { label: 'A5 横向 (210×148)', width: 210, height: 148 },
  '80': { label: '80 mm 热敏纸', width: 80, height: 150 },
};

export const slipPaperOf = (v: string | null | undefined): SlipPaper => (v === '80' ? '80' : 'a5');

export interface SlipSheet {
  slipNo: string;
  carNumber: string;
  /** Label–value lines of the plan, in print order. */
  lines: [string, string][];
  validity: string;
  /** '' for an open slip; 已关闭 / 已过期 printed across the sheet otherwise. */
  mark: string;
}

const nameOf = (list: readonly { label: string; value: string }[], v: string) =>
  list.find((t) => t.value === v)?.label ?? v;

/** The sheet of a slip; `today` (yyyy-MM-dd, the yard's day) marks an expired slip. */
export function slipSheet(row: DispatchSlipRow, today: string): SlipSheet {
  const planned = row.plannedKg && row.plannedKg !== '0' ? `${formatKg(row.plannedKg)} kg` : '不限';
  const lines: [string, string][] = [
    ['方向', nameOf(DISPATCH_ORDER_TYPES, row.orderType)],
    [row.orderType === 'sale' ? '客户' : '供应商', row.partyName || '—'],
    ['物料', row.materialName || '—'],
    ['计划数量', planned],
  ];
  if (row.sourceNo) lines.push(['来源单号', row.sourceNo]);
  const driver = [row.driverName, row.driverPhone].filter(Boolean).join(' ');
  if (driver) lines.push(['司机', driver]);
  const mark = row.state !== 'open' ? nameOf(DISPATCH_STATES, row.state) : row.validTo < today ? '已过期' : '';
  return {
    slipNo: row.slipNo,
    carNumber: row.carNumber,
    lines,
    validity: `${row.validFrom} 至 ${row.validTo}`,
    mark,
  };
}
