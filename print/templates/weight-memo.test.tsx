import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_PRINT_CONFIG } from '../../core/contract/izs-toolbox/print-config.contract.ts';
import type { WeightMemo } from '../../core/contract/izs-weighing/orders.contract.ts';
import { WeightMemoSheet } from './weight-memo.tsx';
import {
  amountWords,
  deductionBasis,
  kgText,
  memoMarks,
  partyLabel,
  weigherText,
  weightCells,
} from './weight-memo-model.ts';

afterEach(cleanup);

/** A completed purchase: 35260 − 12300 = 22960 kg, 扣杂 1.5 % = 344.4, net 22615.6 kg × 2650 元/吨 = 59931.34. */
const memo = (over: Partial<WeightMemo> = {}): WeightMemo => ({
  id: '1',
  orderNo: 'GB202611220001',
  orderType: 'purchase',
  orderTypeName: '采购',
  weighState: 'completed',
  companyName: 'Loopyard 示范回收有限公司',
  deptName: '过磅中心',
  carNumber: '苏E12345',
  driverName: '王师傅',
  partyName: '宁波北仑鑫达拆解有限公司',
  materialName: '重废钢',
  warehouseName: '一号露天料场',
  weighbridgeName: '1号地磅(进场)',
  grossWeight: '35260.000',
  grossTime: '2026-11-22 10:16:08',
  grossManual: false,
  tareWeight: '12300.000',
  tareTime: '2026-11-22 10:46:13',
  tareManual: true,
  deductWeight: '0.000',
  impurityRate: '1.50',
  deductionWeight: '344.400',
  netWeight: '22615.600',
  unitPrice: '2650.00',
  priceUnit: 'yuan_per_tonne',
  priceUnitName: '元/吨',
  amount: '59931.34',
  amountInWords: '伍万玖仟玖佰叁拾壹元叁角肆分',
  manual: true,
  firstOperatorName: '李过磅',
  secondOperatorName: '李过磅',
  printCount: 0,
  printTime: '2026-11-22 10:50:00',
  remark: '',
  ...over,
});

describe('weight memo content per template (print-config templates)', () => {
  const values = (cells: { key: string; value: string }[]) => Object.fromEntries(cells.map((c) => [c.key, c.value]));
  it('standard, a sale: gross, tare, deduction, net in kg and t — no money', () => {
    expect(values(weightCells(memo({ orderType: 'sale' }), 'standard'))).toEqual({
      gross: '35,260',
      tare: '12,300',
      deduction: '344.4',
      net: '22,615.6',
      netT: '22.616',
    });
  });
  it('standard, a purchase with a price: the seller’s receipt shows 单价 and 金额 too (issue 26)', () => {
    expect(values(weightCells(memo(), 'standard'))).toMatchObject({
      net: '22,615.6',
      price: '2,650.00',
      amount: '59,931.34',
    });
    expect(weightCells(memo({ unitPrice: '0.00' }), 'standard').map((c) => c.key)).not.toContain('price');
    expect(weightCells(memo(), 'simple').map((c) => c.key)).not.toContain('amount');
  });
  it('amount: adds the unit price with its unit and the amount', () => {
    const cells = weightCells(memo(), 'amount');
    expect(values(cells)).toMatchObject({ price: '2,650.00', amount: '59,931.34' });
    expect(cells.find((c) => c.key === 'price')?.label).toBe('单价(元/吨)');
  });
  it('simple: net only', () => {
    expect(weightCells(memo(), 'simple').map((c) => c.key)).toEqual(['net', 'netT']);
  });
  it('a manual pass is marked on its own cell', () => {
    const cells = weightCells(memo(), 'standard');
    expect(cells.find((c) => c.key === 'tare')?.manual).toBe(true);
    expect(cells.find((c) => c.key === 'gross')?.manual).toBe(false);
  });
});

describe('weight memo helpers', () => {
  it.each([
    ['35260.000', '35,260'],
    ['22615.600', '22,615.6'],
    ['0.125', '0.125'],
    [null, ''],
  ])('kg %s → %s', (v, text) => expect(kgText(v)).toBe(text));
  it('amount in capitals: the server text, else computed by core/accounting/capital.ts, never before completion', () => {
    expect(amountWords(memo())).toBe('伍万玖仟玖佰叁拾壹元叁角肆分');
    expect(amountWords(memo({ amountInWords: '', amount: '1680.32' }))).toBe('壹仟陆佰捌拾元零叁角贰分');
    expect(amountWords(memo({ amountInWords: '', weighState: 'first', amount: null }))).toBe('');
  });
  it('deduction basis names the fixed weight and the rate', () => {
    expect(deductionBasis(memo())).toBe('扣重依据：扣杂率 1.50%');
    expect(deductionBasis(memo({ deductWeight: '50.000' }))).toBe('扣重依据：固定扣重 50 kg + 扣杂率 1.50%');
    expect(deductionBasis(memo({ impurityRate: '0.00' }))).toBe('');
  });
  it('marks: voided, not completed, reprint; weigher names; counterparty wording', () => {
    expect(memoMarks(memo({ weighState: 'voided' })).stamp).toBe('作废');
    expect(memoMarks(memo({ weighState: 'first' })).stamp).toBe('未完成');
    expect(memoMarks(memo({ printCount: 2 })).reprint).toBe(true);
    expect(weigherText(memo())).toBe('李过磅');
    expect(weigherText(memo({ secondOperatorName: '张三' }))).toBe('李过磅（一次） 张三（二次）');
    expect(partyLabel('sale')).toBe('收货单位');
  });
});

describe('WeightMemoSheet', () => {
  it('renders the amount template on 241 mm paper with the three-part copy line, heading and manual mark', () => {
    render(
      <WeightMemoSheet
        memo={memo({ printCount: 1 })}
        layout={{ ...DEFAULT_PRINT_CONFIG, template: 'amount', title: '宁波绿循再生资源有限公司', footer: '' }}
        margin={{ top: 4, right: 4, bottom: 3, left: 6 }}
      />,
    );
    const sheet = screen.getByTestId('weight-memo');
    expect(sheet.style.getPropertyValue('--wm-w')).toBe('241mm');
    expect(sheet.style.getPropertyValue('--wm-print-h')).toBe('133mm');
    expect(screen.getByTestId('wm-company').textContent).toBe('宁波绿循再生资源有限公司');
    expect(screen.getByTestId('wm-net').textContent).toBe('22,615.6');
    expect(screen.getByTestId('wm-amount').textContent).toBe('59,931.34');
    expect(screen.getByTestId('wm-words').textContent).toBe('金额大写：伍万玖仟玖佰叁拾壹元叁角肆分');
    expect(screen.getByTestId('wm-tare').textContent).toBe('12,300手工');
    expect(screen.getByTestId('wm-manual').textContent).toBe('含手工录入重量');
    expect(screen.getByTestId('wm-print-count').textContent).toContain('第2次（补打）');
    expect(sheet.textContent).toContain('第一联 存根');
    expect(screen.queryByTestId('wm-stamp')).toBeNull();
  });
  it('an A5 standard memo of a sale has no money, no copy line; a first-pass memo is stamped 未完成', () => {
    render(
      <WeightMemoSheet
        memo={memo({
          orderType: 'sale',
          weighState: 'first',
          netWeight: null,
          amount: null,
          amountInWords: '',
          manual: false,
        })}
        layout={{ ...DEFAULT_PRINT_CONFIG, paper: 'a5' }}
        margin={{ top: 0, right: 0, bottom: 0, left: 0 }}
      />,
    );
    expect(screen.queryByTestId('wm-amount')).toBeNull();
    expect(screen.queryByTestId('wm-words')).toBeNull();
    expect(screen.getByTestId('wm-net').textContent).toBe('—');
    expect(screen.getByTestId('wm-stamp').textContent).toBe('未完成');
    expect(screen.getByTestId('weight-memo').textContent).not.toContain('第一联');
    expect(screen.queryByTestId('wm-manual')).toBeNull();
  });
  it('carries the QR code of the tokened trace link it is given, and none without one', () => {
    const link = 'http://yard.example/blockchain-info/weighing/GB1?t=abcdefghijklmnopqrstuv';
    render(
      <WeightMemoSheet
        memo={memo({})}
        layout={DEFAULT_PRINT_CONFIG}
        margin={{ top: 0, right: 0, bottom: 0, left: 0 }}
        traceLink={link}
      />,
    );
    expect(screen.getByTestId('qr-code').getAttribute('data-value')).toBe(link);
    cleanup();
    render(
      <WeightMemoSheet
        memo={memo({})}
        layout={DEFAULT_PRINT_CONFIG}
        margin={{ top: 0, right: 0, bottom: 0, left: 0 }}
      />,
    );
    expect(screen.queryByTestId('wm-trace')).toBeNull();
  });
});
