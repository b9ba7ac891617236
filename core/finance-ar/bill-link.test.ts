import { describe, expect, it } from 'vitest';
import { type BillInput, billInputProblem, billModeOf, endorseProblem } from './bill-link.ts';

const full: BillInput = {
  billNo: '5310000020261100001',
  billKind: 'bank',
  drawer: '宁波钢铁有限公司',
  acceptor: '中国工商银行宁波分行',
  issueDate: '2026-11-01',
  dueDate: '2027-05-01',
};

describe('billInputProblem', () => {
  it.each<[string, 'collection' | 'payment', BillInput | undefined, string, string | null]>([
    ['a full received bill', 'collection', full, '2026-11-20', null],
    ['no fields', 'collection', undefined, '2026-11-20', '请填写票据号码'],
    ['no kind', 'collection', { ...full, billKind: undefined }, '2026-11-20', '请选择票据类型（银行承兑/商业承兑）'],
    ['no drawer on a collection', 'collection', { ...full, drawer: '' }, '2026-11-20', '请填写出票人'],
    ['no drawer on an issued bill is fine', 'payment', { ...full, drawer: '' }, '2026-11-20', null],
    ['no acceptor', 'payment', { ...full, acceptor: '' }, '2026-11-20', '请填写承兑人'],
    ['due before issue', 'collection', { ...full, dueDate: '2026-10-01' }, '2026-11-20', '到期日应晚于出票日'],
    ['received before issue', 'collection', full, '2026-10-20', '收款日期不能早于出票日 2026-11-01'],
    ['endorse without a bill', 'payment', { mode: 'endorse' }, '2026-11-20', '请选择要背书转让的应收票据'],
    ['endorse with a bill', 'payment', { mode: 'endorse', billId: '12' }, '2026-11-20', null],
    [
      'a collection cannot endorse',
      'collection',
      { mode: 'endorse', billId: '1' },
      '2026-11-20',
      '收款单的承兑汇票只能是收到票据',
    ],
  ])('%s', (_, kind, input, date, want) => {
    expect(billInputProblem(kind, input, date)).toBe(want);
  });
  it('modes', () => {
    expect([billModeOf('collection', undefined), billModeOf('payment', undefined)]).toEqual(['receive', 'issue']);
    expect(billModeOf('payment', { mode: 'endorse' })).toBe('endorse');
  });
});

describe('endorseProblem', () => {
  const bill = { billNo: 'B1', direction: 'receivable', state: 'held', stateName: '持有', amount: '30000.00' };
  it.each([
    ['held, same amount', bill, '30000', null],
    ['other amount', bill, '29999.99', '票据 B1 票面金额 30000.00 元与付款金额 29999.99 元不一致'],
    [
      'already endorsed',
      { ...bill, state: 'endorsed', stateName: '已背书' },
      '30000',
      '票据 B1 当前状态为「已背书」，不是持有中的票据，不能背书转让',
    ],
    ['a payable bill', { ...bill, direction: 'payable' }, '30000', '票据 B1 不是应收票据，不能背书转让'],
  ])('%s', (_, b, amount, want) => {
    expect(endorseProblem(b, amount)).toBe(want);
  });
});
