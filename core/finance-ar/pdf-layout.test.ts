import { describe, expect, it } from 'vitest';
import { type PdfRun, pageText } from './pdf-layout.ts';

const run = (str: string, x: number, y: number): PdfRun => ({ str, x, y, width: str.length * 10 });

describe('pageText', () => {
  it.each<[string, PdfRun[], string]>([
    ['one line, runs joined, sorted by x', [run('号码', 60, 700), run('发票', 40, 700)], '发票号码'],
    ['lines top to bottom', [run('下', 10, 100), run('上', 10, 500)], '上\n下'],
    ['a wide gap splits segments', [run('名称:A', 10, 500), run('备用', 100, 500)], '名称:A  备用'],
    [
      'side by side blocks: the left column, then the right one',
      [
        run('购买方 名称:甲公司', 20, 600),
        run('销售方 名称:乙公司', 320, 600),
        run('税号:111', 20, 580),
        run('税号:222', 320, 580),
        run('合 计', 20, 400),
        run('¥100.00', 320, 400),
      ],
      '购买方 名称:甲公司\n税号:111\n销售方 名称:乙公司\n税号:222\n合 计  ¥100.00',
    ],
  ])('%s', (_, runs, want) => expect(pageText(runs, 600)).toBe(want));
});
