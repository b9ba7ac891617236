/**
 * 分拣过磅 rules (DESIGN §5 Stock: disassembly / sorting, one input → several graded outputs): the graded outputs
 * are weighed in turn on the scale in a container whose tare is taken off; the loss (water, dirt, waste) is what
 * the outputs do not account for. The result feeds a 拆解分拣单 (izs-stock disassembly-order, productionForm of
 * core/contract/izs-stock/stock-order.contract.ts): the input as a line with direction out, each output as a line
 * with direction in; the server issues the input at average cost and allocates it to the outputs by weight or by
 * the entered ratios.
 *
 * Constraints: weights in kg, > 0, up to 3 decimals; Σ outputs ≤ input; ratio > 0 for each output when
 * allocating by ratio.
 */
import Decimal from 'decimal.js';
import { formatKg, formatPercent } from '../../../core/format/amounts.ts';

export interface SortLine {
  key: string;
  materialId: string;
  materialName: string;
  /** kg, net of the container. */
  qty: string;
  /** Allocation ratio when allocMethod is ratio ('' otherwise). */
  ratio: string;
  /** Typed in by hand (needs the manual permission), not read from the scale. */
  manual: boolean;
}

const KG = /^\d{1,8}(\.\d{1,3})?$/;

export class SortingError extends Error {}

/** A scale reading less the container's tare: the output's own weight (refused when nothing is left). */
export function netOfContainer(readingKg: string, containerTareKg: string): string {
  const tare = containerTareKg.trim() === '' ? new Decimal(0) : new Decimal(containerTareKg);
  if (!KG.test(readingKg)) throw new SortingError('地磅读数不正确');
  if (tare.isNegative()) throw new SortingError('容器皮重不能为负数');
  const net = new Decimal(readingKg).minus(tare);
  if (net.lte(0)) throw new SortingError('扣除容器皮重后重量必须大于0');
  return formatKg(net, { thousands: false });
}

export interface SortingSummary {
  inputKg: string;
  outputKg: string;
  lossKg: string;
  /** Loss as a percent of the input, 2 decimals ('' without an input). */
  lossRate: string;
  /** Why a document cannot be made yet ('' when it can). */
  problem: string;
}

const rateOf = (loss: Decimal | null, input: Decimal | null) =>
  loss && input?.gt(0) ? formatPercent(loss.div(input), 2, { sign: false }) : '';

export function sortingSummary(
  inputQty: string,
  lines: SortLine[],
  allocMethod: 'weight' | 'ratio',
  inputMaterialId: string,
): SortingSummary {
  const input = KG.test(inputQty.trim()) ? new Decimal(inputQty.trim()) : null;
  const output = lines.reduce((s, l) => s.plus(l.qty), new Decimal(0));
  const loss = input ? input.minus(output) : null;
  const problem = !inputMaterialId
    ? '请选择投入物料'
    : !input || input.lte(0)
      ? '请输入投入重量'
      : lines.length === 0
        ? '请至少称一种产出物料'
        : loss?.isNegative()
          ? '产出合计不能大于投入重量'
          : allocMethod === 'ratio' && lines.some((l) => !/^\d+(\.\d{1,4})?$/.test(l.ratio) || Number(l.ratio) <= 0)
            ? '按比例分摊时每种产出都要填写大于0的比例'
            : '';
  return {
    inputKg: input ? formatKg(input, { thousands: false }) : '',
    outputKg: formatKg(output, { thousands: false }),
    lossKg: loss ? formatKg(loss, { thousands: false }) : '',
    lossRate: rateOf(loss, input),
    problem,
  };
}

/** The disassembly-order body (productionForm): input out, outputs in. */
export function disassemblyBody(p: {
  warehouseId: string;
  inputMaterialId: string;
  inputQty: string;
  lines: SortLine[];
  allocMethod: 'weight' | 'ratio';
  remark: string;
}) {
  return {
    warehouseId: p.warehouseId,
    allocMethod: p.allocMethod,
    remark: p.remark,
    lines: [
      { direction: 'out' as const, materialId: p.inputMaterialId, qty: p.inputQty.trim() },
      ...p.lines.map((l) => ({
        direction: 'in' as const,
        materialId: l.materialId,
        qty: l.qty,
        ...(p.allocMethod === 'ratio' ? { ratio: l.ratio } : {}),
        remark: l.manual ? '手工录入' : '地磅称重',
      })),
    ],
  };
}
