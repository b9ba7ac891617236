import { describe, expect, it } from 'vitest';
import { disassemblyBody, netOfContainer, type SortLine, sortingSummary } from './sorting-model.ts';

const line = (materialId: string, qty: string, ratio = '', manual = false): SortLine => ({
  key: `${materialId}-${qty}`,
  materialId,
  materialName: materialId,
  qty,
  ratio,
  manual,
});

describe('an output weighed in its container', () => {
  it.each([
    ['1860', '240', '1620'],
    ['1860', '', '1860'],
    ['1860.5', '240.25', '1620.25'],
  ])('%s kg − container %s kg = %s kg', (r, t, net) => expect(netOfContainer(r, t)).toBe(net));
  it.each([
    ['240', '240', '扣除容器皮重后重量必须大于0'],
    ['-5', '0', '地磅读数不正确'],
    ['100', '-1', '容器皮重不能为负数'],
  ])('%s − %s refused: %s', (r, t, msg) => expect(() => netOfContainer(r, t)).toThrow(msg));
});

describe('sorting summary: outputs, loss and what still blocks the document', () => {
  it('10 t of mixed scrap → 6.2 t + 3.45 t; loss 350 kg = 3.50 %', () => {
    expect(sortingSummary('10000', [line('A', '6200'), line('B', '3450')], 'weight', 'X')).toEqual({
      inputKg: '10000',
      outputKg: '9650',
      lossKg: '350',
      lossRate: '3.50',
      problem: '',
    });
  });
  it.each([
    ['', [line('A', '1')], 'weight', 'X', '请输入投入重量'],
    ['100', [line('A', '1')], 'weight', '', '请选择投入物料'],
    ['100', [], 'weight', 'X', '请至少称一种产出物料'],
    ['100', [line('A', '60'), line('B', '40.001')], 'weight', 'X', '产出合计不能大于投入重量'],
    ['100', [line('A', '60', '0.6'), line('B', '30')], 'ratio', 'X', '按比例分摊时每种产出都要填写大于0的比例'],
    ['100', [line('A', '60', '0.6'), line('B', '30', '0.4')], 'ratio', 'X', ''],
  ] as const)('input %s, %#: %s', (input, lines, method, mat, problem) => {
    expect(sortingSummary(input, [...lines], method, mat).problem).toBe(problem);
  });
});

describe('the disassembly-order body', () => {
  it('input out, outputs in, ratios only when allocating by ratio, the source of each weight noted', () => {
    const lines = [line('A', '6200', '0.7'), line('B', '3450', '0.3', true)];
    expect(
      disassemblyBody({
        warehouseId: '54',
        inputMaterialId: 'X',
        inputQty: ' 10000 ',
        lines,
        allocMethod: 'weight',
        remark: '',
      }),
    ).toEqual({
      warehouseId: '54',
      allocMethod: 'weight',
      remark: '',
      lines: [
        { direction: 'out', materialId: 'X', qty: '10000' },
        { direction: 'in', materialId: 'A', qty: '6200', remark: '地磅称重' },
        { direction: 'in', materialId: 'B', qty: '3450', remark: '手工录入' },
      ],
    });
    const byRatio = disassemblyBody({
      warehouseId: '54',
      inputMaterialId: 'X',
      inputQty: '10000',
      lines,
      allocMethod: 'ratio',
      remark: '',
    });
    expect(byRatio.lines.slice(1).map((l) => ('ratio' in l ? l.ratio : undefined))).toEqual(['0.7', '0.3']);
  });
});
