// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  accountLabel,
  ancestorsOf,
  findSubAccount,
  isLeaf,
  keyAccounts,
  levelOf,
  loadChart,
  nextChildCode,
  parentOf,
  parseChart,
  presetChart,
  profitAndLossAccounts,
  standardOf,
  taxNatureOf,
  taxSubtree,
} from './chart.ts';

describe('4-2-2 code rule', () => {
  it.each([
    ['1001', 1, null],
    ['222101', 2, '2221'],
    ['22210101', 3, '222101'],
    ['2221010101', 4, '22210101'],
  ])('%s → level %i, parent %s', (code, level, parent) => {
    expect(levelOf(code)).toBe(level);
    expect(parentOf(code)).toBe(parent);
  });

  it.each(['100', '10011', 'abcd', '', '1001a1'])('refuses %j', (code) => {
    expect(() => levelOf(code)).toThrow(/4-2-2/);
  });

  it('lists ancestors nearest first', () => {
    expect(ancestorsOf('22210101')).toEqual(['222101', '2221']);
    expect(ancestorsOf('1001')).toEqual([]);
  });
});

describe('research charts load', () => {
  const small = loadChart('small');
  const enterprise = loadChart('enterprise');

  it('small chart: 66 level-1 accounts, all official (README: all 66 level-1 accounts)', () => {
    const l1 = small.accounts.filter((a) => a.level === 1);
    expect(l1).toHaveLength(66);
    expect(l1.every((a) => a.official)).toBe(true);
  });

  it('enterprise chart: 156 official level-1 + 6 post-2006 accounts', () => {
    const l1 = enterprise.accounts.filter((a) => a.level === 1);
    expect(l1).toHaveLength(162);
    expect(l1.filter((a) => a.official)).toHaveLength(156);
    expect(l1.filter((a) => !a.official).map((a) => a.code)).toEqual(['1481', '2204', '4003', '6115', '6117', '6702']);
  });

  it.each([
    ['small', '3103', '本年利润', '所有者权益', 'credit'],
    ['small', '4001', '生产成本', '成本', 'debit'],
    ['small', '5601', '销售费用', '损益', 'debit'],
    ['small', '1602', '累计折旧', '资产', 'credit'],
    ['enterprise', '4103', '本年利润', '所有者权益', 'credit'],
    ['enterprise', '4001', '实收资本', '所有者权益', 'credit'],
    ['enterprise', '6601', '销售费用', '损益', 'debit'],
    ['enterprise', '4201', '库存股', '所有者权益', 'debit'],
    ['enterprise', '3101', '衍生工具', '共同', 'debit'],
  ] as const)('%s %s = %s (%s, %s)', (standard, code, name, category, direction) => {
    const a = loadChart(standard).byCode.get(code)!;
    expect(a).toMatchObject({ name, category, direction, level: 1, parentCode: null });
  });

  it('flags contra, two-sided, industry-only, auxiliary and quantity hints from the notes', () => {
    expect(small.byCode.get('1602')!.contra).toBe(true);
    expect(small.byCode.get('1404')!.twoSided).toBe(true);
    expect(small.byCode.get('1001')!.twoSided).toBe(false);
    expect(enterprise.byCode.get('1003')!.industry).toBe('银行');
    expect(enterprise.byCode.get('1001')!.industry).toBeNull();
    expect(small.byCode.get('1122')!.auxiliaryHint).toEqual(['客户']);
    expect(small.byCode.get('1221')!.auxiliaryHint).toEqual(['职员', '往来单位']);
    expect(small.byCode.get('1405')!.quantityHint).toBe(true);
    expect(small.byCode.get('1403')!.quantityHint).toBe(false);
  });

  it('isLeaf: parents are headings, leaves take postings', () => {
    expect(isLeaf(small, '2221')).toBe(false);
    expect(isLeaf(small, '222101')).toBe(false);
    expect(isLeaf(small, '22210101')).toBe(true);
    expect(isLeaf(small, '1001')).toBe(true);
    expect(isLeaf(small, '9999')).toBe(false);
  });

  it('labels accounts with their ancestors', () => {
    expect(accountLabel(small, '22210101')).toBe('22210101 应交税费-应交增值税-进项税额');
  });
});

describe('data checks at load', () => {
  const header = 'code,name,parent_code,level,category,direction,notes\n';
  it.each([
    ['level disagrees with code length', '1001,现金,,2,资产,借,x\n', /level 2/],
    ['wrong parent', '1001,现金,,1,资产,借,x\n100201,x,1001,2,资产,借,x\n', /parent_code 1001/],
    ['unknown category', '1001,现金,,1,其他,借,x\n', /category/],
    ['unknown direction', '1001,现金,,1,资产,平,x\n', /direction/],
    ['duplicate', '1001,现金,,1,资产,借,x\n1001,现金,,1,资产,借,x\n', /duplicate/],
    ['orphan', '100101,x,1001,2,资产,借,x\n', /no parent/],
  ])('throws when %s', (_what, body, error) => {
    expect(() => parseChart('small', header + body)).toThrow(error);
  });
});

describe('presets by tax nature', () => {
  it('small-scale taxpayer: 222101 应交增值税 is a leaf, no 专栏, no 222102–222108', () => {
    const chart = presetChart('small', 'smallScale');
    expect(isLeaf(chart, '222101')).toBe(true);
    for (const code of ['22210101', '22210107', '222102', '222103', '222104', '222105', '222106', '222107', '222108']) {
      expect(chart.byCode.has(code), code).toBe(false);
    }
    expect(chart.byCode.has('222111')).toBe(true);
  });

  it('general taxpayer: the ten 专栏 under 222101', () => {
    const chart = presetChart('enterprise', 'general');
    expect(chart.children.get('222101')!.map((a) => a.name)).toEqual([
      '进项税额',
      '销项税额抵减',
      '已交税金',
      '转出未交增值税',
      '减免税款',
      '出口抵减内销产品应纳税额',
      '销项税额',
      '出口退税',
      '进项税额转出',
      '转出多交增值税',
    ]);
    expect(taxSubtree(chart).length).toBe(1 + 23 + 10);
  });

  it('drops industry-only accounts unless asked', () => {
    expect(presetChart('enterprise', 'general').byCode.has('1003')).toBe(false);
    expect(presetChart('enterprise', 'general', { includeIndustry: true }).byCode.has('1003')).toBe(true);
  });

  it('maps the account set fields', () => {
    expect(standardOf(1)).toBe('small');
    expect(standardOf('2')).toBe('enterprise');
    expect(taxNatureOf('1')).toBe('general');
    expect(taxNatureOf('2')).toBe('smallScale');
  });
});

describe('next sub-account code (4-2-2)', () => {
  const codes = ['1002', '100201', '100202', '100205', '10020101'];
  it.each([
    ['1002', '100206'],
    ['100201', '10020102'],
    ['100202', '10020201'],
  ])('under %s → %s', (parent, next) => {
    expect(nextChildCode(codes, parent)).toBe(next);
  });
  it('refuses when 99 is taken', () => {
    expect(() => nextChildCode(['1002', '100299'], '1002')).toThrow('科目「1002」下的明细科目编码已用完（最多 99 个）');
  });
  it('refuses an unknown parent', () => {
    expect(() => nextChildCode(codes, '1003')).toThrow('上级科目「1003」不存在');
  });
});

describe('P&L and key accounts per standard (codes differ, found by name)', () => {
  it('small: P&L accounts and 3103 / 310405', () => {
    const chart = loadChart('small');
    const pl = profitAndLossAccounts(chart);
    expect(pl.income.map((a) => a.code)).toEqual(['5001', '5051', '5111', '5301']);
    expect(pl.expense.map((a) => a.code)).toEqual(['5401', '5402', '5403', '5601', '5602', '5603', '5711', '5801']);
    expect(keyAccounts(chart)).toEqual({
      currentYearProfit: '3103',
      profitDistribution: '3104',
      undistributedProfit: '310405',
      statutoryReserveAppropriation: '310401',
      statutoryReserve: '310101',
      priorYearAdjustment: null,
      vatPayable: '222101',
      vatUnpaid: '222102',
      vatSimplified: '222108',
      accumulatedDepreciation: '1602',
    });
  });

  it('enterprise (trading preset): P&L accounts without 6901, and 4103 / 410406', () => {
    const chart = presetChart('enterprise', 'general');
    const pl = profitAndLossAccounts(chart);
    expect(pl.income.map((a) => a.code)).toEqual(['6001', '6051', '6101', '6111', '6115', '6117', '6301']);
    expect(pl.expense.map((a) => a.code)).toEqual([
      '6401',
      '6402',
      '6403',
      '6601',
      '6602',
      '6603',
      '6701',
      '6702',
      '6711',
      '6801',
    ]);
    const key = keyAccounts(chart);
    expect(key.currentYearProfit).toBe('4103');
    expect(key.undistributedProfit).toBe('410406');
    expect(key.priorYearAdjustment).toBe('6901');
  });

  it('small-scale preset has no 未交增值税 / 简易计税', () => {
    const key = keyAccounts(presetChart('small', 'smallScale'));
    expect(key.vatUnpaid).toBeNull();
    expect(key.vatSimplified).toBeNull();
  });

  it('finds named sub-accounts: exact first, then a unique partial match', () => {
    const small = loadChart('small');
    expect(findSubAccount(small, '5601', '广告费')?.code).toBe('560103');
    expect(findSubAccount(small, '5403', '教育费附加')?.code).toBe('540310');
    expect(findSubAccount(small, '5403', '排污费')?.code).toBe('540313');
    expect(findSubAccount(small, '5403', '附加')).toBeUndefined();
    expect(findSubAccount(loadChart('enterprise'), '1231', '应收账款')).toBeUndefined();
  });
});
