import { describe, expect, it } from 'vitest';
import {
  type ArDocTemplate,
  arDocKindOf,
  arDocTemplateLines,
  type BizDoc,
  type BizTemplate,
  defaultArDocTemplates,
  defaultProductionTemplates,
  defaultTemplates,
  docFigures,
  materialSubAccount,
  shareByWeights,
  templateLines,
} from './business-voucher.ts';
import { buildChart, presetChart } from './chart.ts';

const doc: BizDoc = {
  orderNo: 'RK202603100001',
  docType: 'in_stock',
  date: '2026-03-10',
  partyName: '张三回收站',
  lines: [
    { materialId: '1', materialName: '废钢', qty: '1000', amount: '100.00', cost: '100.00' },
    { materialId: '2', materialName: '废铜', qty: '10', amount: '200.00', cost: '200.00' },
    { materialId: '1', materialName: '废钢', qty: '500', amount: '0.01', cost: '0.01' },
  ],
};

describe('shareByWeights', () => {
  it.each([
    // [total, weights, shares] — largest remainder, exact sum
    ['10.00', ['1', '1', '1'], ['3.34', '3.33', '3.33']],
    ['0.01', ['1', '2'], ['0.00', '0.01']],
    ['5.00', ['0', '0'], ['5.00', '0.00']],
    ['-3.00', ['1', '2'], ['-1.00', '-2.00']],
  ])('%s by %j → %j', (total, weights, shares) => {
    expect(shareByWeights(total, weights).map((d) => d.toFixed(2))).toEqual(shares);
  });
});

describe('docFigures', () => {
  it('tax on top of the 不含税 amount (default): 300.01 × 13 % = 39.00', () => {
    const f = docFigures(doc, '0.13');
    expect([f.net, f.tax, f.gross, f.cost].map((d) => d.toFixed(2))).toEqual(['300.01', '39.00', '339.01', '300.01']);
    expect(f.materials.map((m) => [m.net.toFixed(2), m.tax.toFixed(2), m.gross.toFixed(2)])).toEqual([
      ['100.01', '13.00', '113.01'],
      ['200.00', '26.00', '226.00'],
    ]);
  });
  it('价税合计 split: 300.01 / 1.13 = 265.50, tax 34.51; per-material parts add up', () => {
    const f = docFigures(doc, '0.13', true);
    expect([f.net, f.tax, f.gross].map((d) => d.toFixed(2))).toEqual(['265.50', '34.51', '300.01']);
    const net = f.materials.reduce((s, m) => s.plus(m.net), f.net.minus(f.net));
    expect(net.toFixed(2)).toBe('265.50');
  });
  it('issue 21: lines with stored figures post exactly those, whatever the rate and the 含税 switch', () => {
    const stored = {
      ...doc,
      lines: doc.lines.map((l, i) => ({
        ...l,
        net: ['88.50', '200.00', '0.01'][i],
        tax: ['11.50', '0.00', '0.00'][i],
      })),
    };
    for (const [rate, incl] of [
      ['0.13', false],
      ['0.03', true],
    ] as const) {
      const f = docFigures(stored, rate, incl);
      const got = [f.net, f.tax, f.gross].map((d) => d.toFixed(2));
      expect(got).toEqual(['288.51', '11.50', '300.01']);
      expect(f.materials.map((m) => m.gross.toFixed(2))).toEqual(['100.01', '200.00']);
    }
  });
});

describe('templateLines', () => {
  const tpl: BizTemplate = {
    name: '采购入库',
    docType: 'in_stock',
    summary: '采购入库 {单号} {往来单位}',
    taxRate: 'auto',
    amountIncludesTax: 0,
    lines: [
      { accountCode: '1405', side: 'debit', amountSource: 'net', auxSource: 'none', perMaterial: 1 },
      { accountCode: '22210101', side: 'debit', amountSource: 'tax', auxSource: 'none', perMaterial: 0 },
      { accountCode: '2202', side: 'credit', amountSource: 'gross', auxSource: 'party', perMaterial: 0 },
    ],
  };
  const subs: Record<string, string> = { 废钢: '140501', 废铜: '140502' };
  it('per-material lines on the sub-accounts, balanced, zero lines left out', () => {
    const r = templateLines(tpl, doc, '0.13', (_code, name) => subs[name] ?? null);
    expect(r.problems).toEqual([]);
    expect(r.lines.map((l) => [l.code, l.debit.toFixed(2), l.credit.toFixed(2), l.summary])).toEqual([
      ['140501', '100.01', '0.00', '采购入库 RK202603100001 张三回收站'],
      ['140502', '200.00', '0.00', '采购入库 RK202603100001 张三回收站'],
      ['22210101', '39.00', '0.00', '采购入库 RK202603100001 张三回收站'],
      ['2202', '0.00', '339.01', '采购入库 RK202603100001 张三回收站'],
    ]);
    const zero = templateLines(tpl, doc, '0', (_c, name) => subs[name] ?? null);
    expect(zero.lines.map((l) => l.code)).toEqual(['140501', '140502', '2202']);
  });
  it('a missing sub-account and an unbalanced template are problems', () => {
    expect(templateLines(tpl, doc, '0.13', () => null).problems[0]).toContain('没有名为「废钢」');
    const bad = { ...tpl, lines: tpl.lines.slice(0, 1).concat(tpl.lines.slice(2)) };
    expect(templateLines(bad, doc, '0.13', (_c, n) => subs[n]).problems[0]).toContain('借方 300.01 ≠ 贷方 339.01');
  });
});

describe('defaultTemplates', () => {
  it.each([
    ['small', 'general', ['1405', '22210101', '2202'], ['1122', '5001', '22210107']],
    ['enterprise', 'general', ['1405', '22210101', '2202'], ['1122', '6001', '22210107']],
    ['small', 'smallScale', ['1405', '2202'], ['1122', '5001', '222101']],
  ] as const)('%s %s', (standard, nature, inCodes, outCodes) => {
    const { templates, skipped } = defaultTemplates(presetChart(standard, nature), nature);
    expect(skipped).toEqual([]);
    expect(templates.map((t) => t.lines.map((l) => l.accountCode))).toEqual([inCodes, outCodes, inCodes, outCodes]);
    expect(templates.map((t) => t.docType)).toEqual(['in_stock', 'out_stock', 'purchase_return', 'sale_return']);
    expect(templates[2].lines.map((l) => l.side)).toEqual(
      templates[0].lines.map((l) => (l.side === 'debit' ? 'credit' : 'debit')),
    );
  });
});

describe('materialSubAccount', () => {
  const base = presetChart('small', 'general');
  const goods = base.byCode.get('1405')!;
  const sub = (code: string, name: string) => ({ ...goods, code, name, parentCode: '1405', level: 2 });
  const chart = buildChart('small', [
    ...base.accounts,
    sub('140501', '废钢'),
    sub('140502', '废铜'),
    sub('140503', '废铝'),
  ]);
  it.each([
    // [names: material, then its categories] → sub-account (demo seed materials)
    [['重废钢', '重废', '黑色金属'], '140501'],
    [['光亮铜', '废铜', '有色金属'], '140502'],
    [['生铝', '废铝', '有色金属'], '140503'],
    [['黄板纸', '黄板纸', '废纸'], null],
  ])('%j → %s', (names, code) => {
    expect(materialSubAccount(chart, '1405', names)).toBe(code);
  });
  it('a leaf account answers itself; an unknown code null', () => {
    expect(materialSubAccount(base, '1405', ['重废钢'])).toBe('1405');
    expect(materialSubAccount(base, '9999', ['x'])).toBe(null);
  });
});

describe('应收单 / 应付单 kinds (issue 21)', () => {
  it('arDocKindOf maps the receivables sources; stock-written documents have none', () => {
    expect(arDocKindOf('ar', 'drop_sale')).toBe('drop_sale');
    expect(arDocKindOf('ap', 'drop_purchase')).toBe('drop_purchase');
    expect(arDocKindOf('ar', 'manual')).toBe('ar_manual');
    expect(arDocKindOf('ap', 'manual')).toBe('ap_manual');
    expect(arDocKindOf('ap', 'lg_freight')).toBe('freight');
    expect(arDocKindOf('ar', 'out_stock')).toBeNull();
  });

  it('arDocTemplateLines posts the stored figures: 应收账款 = 价税合计, revenue = 不含税, tax = 税额', () => {
    const t: ArDocTemplate = {
      name: '直发销售',
      docType: 'drop_sale',
      summary: '{单据类型} {单号} {往来单位}',
      taxRate: 'auto',
      amountIncludesTax: 1,
      lines: [
        { accountCode: '1122', side: 'debit', amountSource: 'gross', auxSource: 'party', perMaterial: 0 },
        { accountCode: '6001', side: 'credit', amountSource: 'net', auxSource: 'none', perMaterial: 0 },
        { accountCode: '22210102', side: 'credit', amountSource: 'tax', auxSource: 'none', perMaterial: 0 },
      ],
    };
    const r = arDocTemplateLines(t, {
      orderNo: 'YS1',
      kind: 'drop_sale',
      date: '2026-11-28',
      partyName: '甲',
      gross: '80865.01',
      net: '71562.00',
      tax: '9303.01',
    });
    expect(r.problems).toEqual([]);
    expect(r.lines.map((l) => [l.code, l.debit.toFixed(2), l.credit.toFixed(2), l.party])).toEqual([
      ['1122', '80865.01', '0.00', true],
      ['6001', '0.00', '71562.00', false],
      ['22210102', '0.00', '9303.01', false],
    ]);
    expect(r.lines[0].summary).toBe('直发销售 YS1 甲');
    const bad = arDocTemplateLines(
      { ...t, lines: [{ ...t.lines[0], perMaterial: 1 }, t.lines[1]] },
      { orderNo: 'YS1', kind: 'drop_sale', date: '2026-11-28', partyName: '甲', gross: '1', net: '1', tax: '0' },
    );
    expect(bad.problems[0]).toBe('模板第 1 行：「直发销售」没有物料明细和成本金额');
  });

  it('default templates of the five kinds exist in both standards', () => {
    for (const chart of [presetChart('small', 'general'), presetChart('enterprise', 'general')]) {
      const { templates, skipped } = defaultArDocTemplates(chart, 'general');
      expect(skipped).toEqual([]);
      expect(templates.map((x) => x.docType)).toEqual([
        'drop_sale',
        'ar_manual',
        'drop_purchase',
        'ap_manual',
        'freight',
      ]);
    }
  });
});

describe('production documents: 组装 / 拆解分拣 / 转换 (issue 21)', () => {
  const base = presetChart('small', 'general');
  const goods = base.byCode.get('1405')!;
  const sub = (code: string, name: string) => ({ ...goods, code, name, parentCode: '1405', level: 2 });
  const chart = buildChart('small', [
    ...base.accounts,
    sub('140501', '统料'),
    sub('140502', '重废钢'),
    sub('140503', '钢屑'),
  ]);
  const resolve = (code: string, name: string) => materialSubAccount(chart, code, [name]);
  // a disassembly: 统料 27,600.00 out, allocated fen-exact to three outputs (core/stock/allocation.ts)
  const sorting: BizDoc = {
    orderNo: 'CF202611280001',
    docType: 'disassembly',
    date: '2026-11-28',
    partyName: '',
    lines: [
      {
        direction: 'out',
        materialId: '3',
        materialName: '统料',
        qty: '12000',
        amount: '0',
        cost: '27600.00',
        net: '0',
        tax: '0',
      },
      {
        direction: 'in',
        materialId: '1',
        materialName: '重废钢',
        qty: '7200',
        amount: '0',
        cost: '16560.01',
        net: '0',
        tax: '0',
      },
      {
        direction: 'in',
        materialId: '2',
        materialName: '钢屑',
        qty: '3600',
        amount: '0',
        cost: '8280.00',
        net: '0',
        tax: '0',
      },
      {
        direction: 'in',
        materialId: '1',
        materialName: '重废钢',
        qty: '1200',
        amount: '0',
        cost: '2759.99',
        net: '0',
        tax: '0',
      },
    ],
  };

  it('the default: 借 库存商品 产出成本 per material, 贷 库存商品 投入成本 per material — balanced, to the fen', () => {
    const { templates, skipped } = defaultProductionTemplates(chart);
    expect(skipped).toEqual([]);
    expect(templates.map((t) => [t.docType, t.name])).toEqual([
      ['assembly', '组装'],
      ['disassembly', '拆解分拣'],
      ['conversion', '转换'],
    ]);
    const tpl = templates[1];
    expect(tpl.lines.map((l) => [l.accountCode, l.side, l.amountSource, l.perMaterial])).toEqual([
      ['1405', 'debit', 'cost_in', 1],
      ['1405', 'credit', 'cost_out', 1],
    ]);
    const r = templateLines(tpl, sorting, '0', resolve);
    expect(r.problems).toEqual([]);
    expect(
      r.lines.map((l) => [l.code, l.debit.toFixed(2), l.credit.toFixed(2), l.qtyKg.toFixed(0), l.summary]),
    ).toEqual([
      ['140502', '19320.00', '0.00', '8400', '拆解分拣 CF202611280001 重废钢'],
      ['140503', '8280.00', '0.00', '3600', '拆解分拣 CF202611280001 钢屑'],
      ['140501', '0.00', '27600.00', '12000', '拆解分拣 CF202611280001 统料'],
    ]);
  });

  it('a leaf 库存商品 gets the two lines on itself; a chart without it gets no template', () => {
    const leaf = defaultProductionTemplates(base).templates[0];
    expect(leaf.lines.map((l) => [l.accountCode, l.perMaterial])).toEqual([
      ['1405', 0],
      ['1405', 0],
    ]);
    const r = templateLines({ ...leaf, docType: 'disassembly' }, sorting, '0', resolve);
    expect(r.lines.map((l) => [l.code, l.debit.toFixed(2), l.credit.toFixed(2)])).toEqual([
      ['1405', '27600.00', '0.00'],
      ['1405', '0.00', '27600.00'],
    ]);
    const none = buildChart(
      'small',
      base.accounts.filter((a) => !a.code.startsWith('1405')),
    );
    expect(defaultProductionTemplates(none).skipped).toHaveLength(3);
  });

  it('outputs whose cost differs from the inputs: refused with both figures, never an unbalanced voucher', () => {
    const tpl = defaultProductionTemplates(chart).templates[1];
    const off = { ...sorting, lines: sorting.lines.map((l, i) => (i === 3 ? { ...l, cost: '2759.98' } : l)) };
    const r = templateLines(tpl, off, '0', resolve);
    expect(r.problems[0]).toBe(
      '拆解分拣单 CF202611280001 的产出成本 27599.99 与投入成本 27600.00 不相等，不能生成平衡的凭证',
    );
  });
});
