// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { Decimal } from './amount.ts';
import { presetChart } from './chart.ts';
import { Ledger } from './ledger.ts';
import { SMALL_JANUARY, SMALL_OPENINGS } from './test-books.ts';
import {
  immediateRefund,
  methodSwitchProblem,
  reverseInvoiceProblem,
  reverseInvoicePurchaseLines,
  reverseInvoiceTaxes,
  smallScaleVat,
  splitInclusive,
  surchargeLines,
  surcharges,
  taxOf,
  vatBalanceBeforeTransfer,
  vatMonthEndTransfer,
  vatRate,
} from './vat.ts';
import { validateVoucher } from './voucher.ts';

const small = presetChart('small', 'general');
const enterprise = presetChart('enterprise', 'general');
const f = (d: Decimal) => d.toFixed(2);
const lines = (ls: { code: string; debit: Decimal; credit: Decimal }[]) =>
  ls.map((l) => [l.code, f(l.debit), f(l.credit)]);

describe('rates (vat_scrap.md §1)', () => {
  it.each([
    [{ taxNature: 'general', date: '2024-06-01' }, '0.13'],
    [{ taxNature: 'general', date: '2019-04-01' }, '0.13'],
    [{ taxNature: 'general', date: '2019-03-31' }, '0.16'],
    [{ taxNature: 'general', date: '2018-04-30' }, '0.17'],
    [{ taxNature: 'general', method: 'simplified', date: '2022-03-01' }, '0.03'],
    [{ taxNature: 'smallScale', date: '2024-06-01' }, '0.01'],
    [{ taxNature: 'smallScale', date: '2027-12-31' }, '0.01'],
    [{ taxNature: 'smallScale', date: '2028-01-01' }, '0.03'],
    [{ taxNature: 'smallScale', date: '2024-06-01', giveUpReduction: true }, '0.03'],
  ] as const)('%j → %s', (q, rate) => {
    expect(vatRate(q).toString()).toBe(String(Number(rate)));
  });

  it('the recycler election does not exist before 2022-03-01', () => {
    expect(() => vatRate({ taxNature: 'general', method: 'simplified', date: '2022-02-28' })).toThrow(
      '再生资源简易计税自 2022-03-01 起适用',
    );
  });

  it.each([
    ['113.00', '0.13', '100.00', '13.00'],
    ['1000.00', '0.13', '884.96', '115.04'],
    ['101.00', '0.01', '100.00', '1.00'],
    ['10300.00', '0.03', '10000.00', '300.00'],
  ])('价税合计 %s at %s → 金额 %s + 税额 %s', (total, rate, amount, tax) => {
    const r = splitInclusive(total, rate);
    expect([f(r.amount), f(r.tax)]).toEqual([amount, tax]);
  });

  it('tax on an exclusive amount rounds half-up', () => {
    expect(f(taxOf('12345.65', '0.13'))).toBe('1604.93'); // 1604.9345
    expect(f(taxOf('0.50', '0.01'))).toBe('0.01'); // 0.005 → 0.01
  });
});

describe('small-scale exemption (月 ≤ 10万 / 季 ≤ 30万)', () => {
  it.each([
    ['100000', undefined, 'month', true, '1000.00', '0.00'],
    ['100000.01', undefined, 'month', false, '1000.00', '1000.00'],
    ['90000', '20000', 'month', true, '900.00', '200.00'],
    ['300000', undefined, 'quarter', true, '3000.00', '0.00'],
    ['300001', undefined, 'quarter', false, '3000.01', '3000.01'],
  ] as const)('sales %s (专票 %s) per %s', (sales, specialInvoiceSales, period, exempt, tax, payable) => {
    const r = smallScaleVat({ sales, specialInvoiceSales, period, date: '2024-06-30' });
    expect([r.exempt, f(r.tax), f(r.payable)]).toEqual([exempt, tax, payable]);
  });
});

describe('general taxpayer month end: 转出未交 / 转出多交 (period_rules §7 row 5)', () => {
  it('the test book: 销项 13,000 − 进项 7,800 = 5,200 to 未交增值税, equal to the ledger balance', () => {
    const ledger = new Ledger({
      chart: small,
      startPeriod: '2024-01',
      openings: SMALL_OPENINGS,
      postings: SMALL_JANUARY,
    });
    const columns = {
      outputTax: ledger.value('22210107', 'credit', '2024-01'),
      inputTax: ledger.value('22210101', 'debit', '2024-01'),
    };
    expect(f(vatBalanceBeforeTransfer(columns))).toBe(f(ledger.value('222101', 'closing', '2024-01').neg()));
    const t = vatMonthEndTransfer(small, columns);
    expect(lines(t.lines)).toEqual([
      ['22210104', '5200.00', '0.00'],
      ['222102', '0.00', '5200.00'],
    ]);
    expect(f(t.carriedCredit)).toBe('0.00');
  });

  it.each([
    // columns, X, unpaid, overpaid, carried
    [{ outputTax: '1000', inputTax: '3000' }, '-2000.00', '0.00', '0.00', '2000.00'],
    [{ outputTax: '5000', inputTax: '3000', prepaid: '2500' }, '-500.00', '0.00', '500.00', '0.00'],
    [{ outputTax: '5000', inputTax: '5200', prepaid: '300' }, '-500.00', '0.00', '300.00', '200.00'],
    [{ outputTax: '5000', inputTax: '1000', carriedCredit: '1500' }, '2500.00', '2500.00', '0.00', '0.00'],
    [
      { outputTax: '5000', inputTax: '1000', inputTaxTransferOut: '200', reduction: '100' },
      '4100.00',
      '4100.00',
      '0.00',
      '0.00',
    ],
  ])('%j', (columns, x, unpaid, overpaid, carried) => {
    const t = vatMonthEndTransfer(enterprise, columns);
    expect([f(t.balance), f(t.unpaidTransfer), f(t.overpaidTransfer), f(t.carriedCredit)]).toEqual([
      x,
      unpaid,
      overpaid,
      carried,
    ]);
  });

  it('转出多交 lines: 借 未交增值税 / 贷 应交增值税-转出多交增值税', () => {
    const t = vatMonthEndTransfer(small, { outputTax: '5000', inputTax: '3000', prepaid: '2500' });
    expect(lines(t.lines)).toEqual([
      ['222102', '500.00', '0.00'],
      ['22210110', '0.00', '500.00'],
    ]);
  });

  it('a small-scale book has no transfer', () => {
    expect(() => vatMonthEndTransfer(presetChart('small', 'smallScale'), {})).toThrow(
      '小规模纳税人账套不结转未交增值税',
    );
  });
});

describe('surcharges (vat_scrap.md §5)', () => {
  it.each([
    [{ base: '5200', city: 'urban' }, ['364.00', '156.00', '104.00', '624.00']],
    [{ base: '5200', city: 'county' }, ['260.00', '156.00', '104.00', '520.00']],
    [{ base: '5200', city: 'other' }, ['52.00', '156.00', '104.00', '312.00']],
    [{ base: '5200', city: 'urban', halfReduction: true }, ['182.00', '78.00', '52.00', '312.00']],
    [
      { base: '5200', city: 'urban', halfReduction: true, date: '2028-01-01' },
      ['364.00', '156.00', '104.00', '624.00'],
    ],
    [{ base: '800', city: 'urban', sales: '80000' }, ['56.00', '0.00', '0.00', '56.00']],
    [{ base: '800', city: 'urban', sales: '300000', period: 'quarter' }, ['56.00', '0.00', '0.00', '56.00']],
    [{ base: '800', city: 'urban', sales: '100000.01' }, ['56.00', '24.00', '16.00', '96.00']],
  ] as const)('%j', (input, expected) => {
    const s = surcharges(input);
    expect([s.urbanMaintenance, s.education, s.localEducation, s.total].map(f)).toEqual(expected);
  });

  it('voucher lines by name in both charts', () => {
    const s = surcharges({ base: '5200', city: 'urban' });
    expect(lines(surchargeLines(small, s))).toEqual([
      ['540303', '364.00', '0.00'],
      ['222113', '0.00', '364.00'],
      ['540310', '156.00', '0.00'],
      ['222114', '0.00', '156.00'],
      ['540311', '104.00', '0.00'],
      ['222115', '0.00', '104.00'],
    ]);
    expect(surchargeLines(enterprise, s).map((l) => l.code)).toEqual([
      '640301',
      '222113',
      '640302',
      '222114',
      '640303',
      '222115',
    ]);
  });
});

describe('即征即退 (2021年第40号)', () => {
  it.each([
    [{ sales: '1000000', costWithoutInvoice: '100000', rate: '0.13', inputTax: '50000', ratio: '0.3' }, '20100.00'],
    [{ sales: '1000000', rate: '0.13', inputTax: '50000', ratio: '0.7' }, '56000.00'],
    [{ sales: '100000', rate: '0.13', inputTax: '50000', ratio: '1' }, '0.00'],
  ] as const)('%j → %s', (input, refund) => {
    expect(f(immediateRefund(input))).toBe(refund);
  });
  it('refuses a ratio outside the catalogue', () => {
    expect(() => immediateRefund({ sales: '1', rate: '0.13', inputTax: '0', ratio: '0.4' as '0.3' })).toThrow(
      '退税比例只能是',
    );
  });
});

describe('反向开票 (国家税务总局公告2024年第5号)', () => {
  const ok = {
    price: '50000',
    date: '2024-06-01',
    companyMethod: 'general' as const,
    invoiceType: 'special' as const,
    naturalPerson: true,
    rolling12Sales: '1000000',
  };
  it.each([
    [{}, null],
    [{ date: '2024-04-28' }, '反向开票自 2024-04-29 起施行'],
    [{ naturalPerson: false }, '出售者不是自然人：个体工商户和企业应自行开具发票'],
    [{ companyMethod: 'simplified' }, '简易计税的资源回收企业只能反向开具普通发票'],
    [{ companyMethod: 'simplified', invoiceType: 'ordinary' }, null],
    [{ rolling12Sales: '4950000' }, null],
    [
      { rolling12Sales: '4950000.01' },
      '该出售者连续 12 个月反向开票销售额将达 5000000.01 元，超过 500 万元，不能再反向开票',
    ],
  ] as const)('%j', (change, problem) => {
    expect(reverseInvoiceProblem({ ...ok, ...change })).toBe(problem);
  });

  it('专票: 1 % VAT always due, halved surcharges, 0.5 % IIT, VAT deductible under 一般计税', () => {
    const t = reverseInvoiceTaxes({
      price: '50000',
      date: '2024-06-01',
      invoiceType: 'special',
      companyMethod: 'general',
      monthSalesBefore: '80000',
      city: 'urban',
    });
    expect([
      f(t.vat),
      f(t.surcharges.urbanMaintenance),
      f(t.surcharges.education),
      f(t.surcharges.localEducation),
    ]).toEqual(['500.00', '17.50', '7.50', '5.00']);
    expect([f(t.incomeTax), f(t.withheld), f(t.deductible), t.exempt]).toEqual(['250.00', '780.00', '500.00', false]);
  });

  it('普票 within the seller month ≤ 10万: VAT exempt, IIT still 0.5 %', () => {
    const t = reverseInvoiceTaxes({
      price: '50000',
      date: '2024-06-01',
      invoiceType: 'ordinary',
      companyMethod: 'simplified',
      monthSalesBefore: '0',
      city: 'urban',
    });
    expect([t.exempt, f(t.vat), f(t.surcharges.total), f(t.incomeTax), f(t.withheld), f(t.deductible)]).toEqual([
      true,
      '0.00',
      '0.00',
      '250.00',
      '250.00',
      '0.00',
    ]);
  });

  it('purchase entry: the seller bears the 代办 taxes (withheld) or the company pays them on top; both balance', () => {
    const t = reverseInvoiceTaxes({
      price: '50000',
      date: '2024-06-01',
      invoiceType: 'special',
      companyMethod: 'general',
      monthSalesBefore: '80000',
      city: 'urban',
    });
    const seller = reverseInvoicePurchaseLines(small, '50000', t);
    expect(lines(seller)).toEqual([
      ['1405', '50000.00', '0.00'],
      ['22210101', '500.00', '0.00'],
      ['1002', '0.00', '49720.00'],
      ['2241', '0.00', '780.00'],
    ]);
    const company = reverseInvoicePurchaseLines(small, '50000', t, { taxesBorneBy: 'company' });
    expect(lines(company)).toEqual([
      ['1405', '50280.00', '0.00'],
      ['22210101', '500.00', '0.00'],
      ['1002', '0.00', '50000.00'],
      ['2241', '0.00', '780.00'],
    ]);
    for (const ls of [seller, company]) {
      const problems = validateVoucher(
        { word: '记', date: '2024-06-01', lines: ls.map((l) => ({ ...l })) },
        { chart: small },
      );
      expect(problems).toEqual([]);
    }
  });

  it('the 36-month method lock', () => {
    expect(methodSwitchProblem('2024-05-01', '2027-04-30')).toBe(
      '计税方法选定后 36 个月内不得变更（2027-05-01 起可变更）',
    );
    expect(methodSwitchProblem('2024-05-01', '2027-05-01')).toBeNull();
  });
});
