import { describe, expect, it } from 'vitest';
import { keyColumnsInView, keyKind } from './column-fit.ts';

const col = (title: string, width = 140, fixed?: 'right' | 'left') => ({ title, width, fixed });
const titles = (cols: { title?: unknown }[]) => cols.map((c) => c.title);

describe('key columns in view at 1440 px (issue 26)', () => {
  it('knows the key headers', () => {
    expect(
      ['单据编号', '供应商', '单据状态', '金额', '价税合计', '毛利', '逾期天数', '证件提醒', '净重(kg)'].map(keyKind),
    ).toEqual(['number', 'party', 'state', 'amount', 'amount', 'margin', 'overdue', 'licence', 'net']);
    expect(['单据日期', '仓库', '车牌号', '备注', '数量(kg)'].map(keyKind)).toEqual([null, null, null, null, null]);
  });

  it('an in-stock list of 2,000 px in 1,150: 金额 and 单据状态 come forward, 操作 stays fixed right', () => {
    const cols = [
      col('单据编号', 160),
      col('单据日期', 100),
      col('供应商', 170),
      col('仓库', 130),
      col('车牌号'),
      col('数量(kg)'),
      col('单价'),
      col('金额'),
      col('备注', 300),
      col('制单人'),
      col('审核人'),
      col('单据状态', 90),
      col('操作', 247, 'right'),
    ];
    const out = keyColumnsInView(cols, 1150);
    expect(titles(out)).toEqual([
      '单据编号',
      '单据日期',
      '供应商',
      '仓库',
      '金额',
      '单据状态',
      '车牌号',
      '数量(kg)',
      '单价',
      '备注',
      '制单人',
      '审核人',
      '操作',
    ]);
    // every key column ends within the table less the fixed 操作
    let x = 0;
    for (const c of out) {
      x += c.width;
      if (['单据编号', '供应商', '金额', '单据状态'].includes(c.title)) expect(x).toBeLessThanOrEqual(1150 - 247);
    }
  });

  it('leaves a list that fits, or an unmeasured table, as it is', () => {
    const cols = [col('备注'), col('状态'), col('编号')];
    expect(keyColumnsInView(cols, 1000)).toBe(cols);
    const wide = [col('备注', 900), col('说明', 900), col('状态')];
    expect(keyColumnsInView(wide, 0)).toBe(wide);
    // the first column stays first even when wide
    expect(titles(keyColumnsInView(wide, 1000))).toEqual(['备注', '状态', '说明']);
  });
});
