/**
 * Small, hand-checked books for the tests (not imported by the app): one per standard, opening balances as of
 * 2024-01-01 and January/February vouchers. Every expected figure in the tests is worked out in the comments here.
 *
 * Small-enterprise book (general taxpayer), openings (balanced: 资产 383,000 net = 负债 38,000 + 权益 345,000):
 *   1001 5,000 | 1002 200,000 | 1122 c1 30,000, c2 −2,000 (a customer's prepayment) | 1405 50,000
 *   160102 120,000 | 1602 20,000 | 2202 s1 40,000, s2 −5,000 (prepaid supplier) | 222102 3,000
 *   3001 300,000 | 310405 45,000
 * January: 记-1 sale 113,000 (5001 100,000 + 销项 13,000) to c1; 记-2 purchase 60,000 + 进项 7,800 from s1;
 *   记-3 cost 70,000; 记-4 办公费 2,000 + 利息费用 500 paid; 记-5 利息收入 200 received; 记-6 depreciation 1,000.
 *   January profit = 100,000 − 70,000 − 3,000 − (500 − 200) = 26,700.
 * February: 记-1 sale 56,500 (50,000 + 6,500) to c1; 记-2 cost 30,000; 记-3 办公费 1,000 paid → profit 19,000.
 */

import { carryForwardProfitAndLoss } from './carry-forward.ts';
import type { Standard } from './chart.ts';
import { presetChart } from './chart.ts';
import { Ledger, type OpeningBalance, type Posting } from './ledger.ts';
import { lastDay, type Period } from './period.ts';

type Line = [code: string, debit: string, credit: string, auxKey?: string];

export function voucher(id: string, no: number, date: string, summary: string, lines: Line[]): Posting[] {
  return lines.map(([code, debit, credit, auxKey], i) => ({
    voucherId: id,
    word: '记',
    no,
    lineNo: i + 1,
    date,
    summary,
    code,
    debit,
    credit,
    ...(auxKey ? { auxKey } : {}),
  }));
}

export const SMALL_OPENINGS: OpeningBalance[] = [
  { code: '1001', balance: '5000' },
  { code: '1002', balance: '200000' },
  { code: '1122', auxKey: 'c1', balance: '30000' },
  { code: '1122', auxKey: 'c2', balance: '-2000' },
  { code: '1405', balance: '50000' },
  { code: '160102', balance: '120000' },
  { code: '1602', balance: '20000' },
  { code: '2202', auxKey: 's1', balance: '40000' },
  { code: '2202', auxKey: 's2', balance: '-5000' },
  { code: '222102', balance: '3000' },
  { code: '3001', balance: '300000' },
  { code: '310405', balance: '45000' },
];

export const SMALL_JANUARY: Posting[] = [
  ...voucher('j1', 1, '2024-01-05', '销售废钢', [
    ['1122', '113000', '0', 'c1'],
    ['5001', '0', '100000'],
    ['22210107', '0', '13000'],
  ]),
  ...voucher('j2', 2, '2024-01-08', '采购废钢', [
    ['1405', '60000', '0'],
    ['22210101', '7800', '0'],
    ['2202', '0', '67800', 's1'],
  ]),
  ...voucher('j3', 3, '2024-01-31', '结转销售成本', [
    ['5401', '70000', '0'],
    ['1405', '0', '70000'],
  ]),
  ...voucher('j4', 4, '2024-01-20', '支付办公费和利息', [
    ['560205', '2000', '0'],
    ['560301', '500', '0'],
    ['1002', '0', '2500'],
  ]),
  ...voucher('j5', 5, '2024-01-21', '收到存款利息', [
    ['1002', '200', '0'],
    ['560302', '0', '200'],
  ]),
  ...voucher('j6', 6, '2024-01-31', '计提折旧', [
    ['560208', '1000', '0'],
    ['1602', '0', '1000'],
  ]),
];

export const SMALL_FEBRUARY: Posting[] = [
  ...voucher('f1', 1, '2024-02-10', '销售废铜', [
    ['1122', '56500', '0', 'c1'],
    ['5001', '0', '50000'],
    ['22210107', '0', '6500'],
  ]),
  ...voucher('f2', 2, '2024-02-29', '结转销售成本', [
    ['5401', '30000', '0'],
    ['1405', '0', '30000'],
  ]),
  ...voucher('f3', 3, '2024-02-15', '支付办公费', [
    ['560205', '1000', '0'],
    ['1002', '0', '1000'],
  ]),
];

/**
 * Enterprise book: same story on enterprise codes, plus 1231 坏账准备 1,500 on receivables, 660215 研发费用 800 and an
 * investment loss 611101 300 (an income account with a debit balance). Openings balance: assets 381,500 net =
 * liabilities 38,000 + equity (4001 300,000 + 410406 43,500). January profit = 100,000 − 70,000 − 3,000 (管理) −
 * 800 (研发) − 300 (财务) − 300 (投资损失) = 25,600.
 */
export const ENTERPRISE_OPENINGS: OpeningBalance[] = [
  { code: '1001', balance: '5000' },
  { code: '1002', balance: '200000' },
  { code: '1122', auxKey: 'c1', balance: '30000' },
  { code: '1122', auxKey: 'c2', balance: '-2000' },
  { code: '1231', balance: '1500' },
  { code: '1405', balance: '50000' },
  { code: '1601', balance: '120000' },
  { code: '1602', balance: '20000' },
  { code: '2202', auxKey: 's1', balance: '40000' },
  { code: '2202', auxKey: 's2', balance: '-5000' },
  { code: '222102', balance: '3000' },
  { code: '4001', balance: '300000' },
  { code: '410406', balance: '43500' },
];

export const ENTERPRISE_JANUARY: Posting[] = [
  ...voucher('j1', 1, '2024-01-05', '销售废钢', [
    ['1122', '113000', '0', 'c1'],
    ['6001', '0', '100000'],
    ['22210107', '0', '13000'],
  ]),
  ...voucher('j2', 2, '2024-01-08', '采购废钢', [
    ['1405', '60000', '0'],
    ['22210101', '7800', '0'],
    ['2202', '0', '67800', 's1'],
  ]),
  ...voucher('j3', 3, '2024-01-31', '结转销售成本', [
    ['6401', '70000', '0'],
    ['1405', '0', '70000'],
  ]),
  ...voucher('j4', 4, '2024-01-20', '支付办公费和利息', [
    ['660202', '2000', '0'],
    ['660301', '500', '0'],
    ['1002', '0', '2500'],
  ]),
  ...voucher('j5', 5, '2024-01-21', '收到存款利息', [
    ['1002', '200', '0'],
    ['660302', '0', '200'],
  ]),
  ...voucher('j6', 6, '2024-01-31', '计提折旧', [
    ['660206', '1000', '0'],
    ['1602', '0', '1000'],
  ]),
  ...voucher('j7', 7, '2024-01-25', '研发材料', [
    ['660215', '800', '0'],
    ['1002', '0', '800'],
  ]),
  ...voucher('j8', 8, '2024-01-28', '投资损失', [
    ['611101', '300', '0'],
    ['1002', '0', '300'],
  ]),
];

/** A book with the given postings plus, for each listed period, the generated 结转损益 voucher posted on its last day. */
export function bookWithCarryForward(
  standard: Standard,
  openings: OpeningBalance[],
  postings: Posting[],
  closePeriods: Period[],
): Ledger {
  const chart = presetChart(standard, 'general');
  let all = [...postings];
  for (const period of closePeriods) {
    const ledger = new Ledger({ chart, startPeriod: '2024-01', openings, postings: all });
    const [cf] = carryForwardProfitAndLoss({ chart, balances: ledger.leafBalances(period) });
    if (!cf) continue;
    all = [
      ...all,
      ...cf.lines.map((l, i) => ({
        voucherId: `cf-${period}`,
        word: '记',
        no: 99,
        lineNo: i + 1,
        date: lastDay(period),
        summary: l.summary,
        code: l.code,
        debit: l.debit,
        credit: l.credit,
        carryForward: true,
      })),
    ];
  }
  return new Ledger({ chart, startPeriod: '2024-01', openings, postings: all });
}

/** mulberry32: a tiny seeded PRNG, so a failing random test can be replayed from the seed it prints. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
