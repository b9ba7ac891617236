// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  classifyInvoiceNumber,
  invoiceTotalsProblems,
  isValidTaxpayerId,
  normalizeTaxpayerId,
  parseInvoiceDate,
  parseInvoiceQr,
  splitAddressPhone,
  splitBankAccount,
  splitGoodsName,
} from './invoice.ts';

describe('invoice dates (spec §5: YYYY年MM月DD日)', () => {
  it.each([
    ['2024年03月05日', '2024-03-05'],
    ['2024年3月5日', '2024-03-05'],
    [' 2024 年 12 月 31 日 ', '2024-12-31'],
    ['20240305', '2024-03-05'],
    ['2024年02月30日', null],
    ['2024-03-05', null],
    ['', null],
  ])('%j → %s', (text, date) => {
    expect(parseInvoiceDate(text)).toBe(date);
  });
});

describe('taxpayer ids', () => {
  it.each([
    ['91310000MA1FL0000X', true],
    ['91310000ma1fl0000x', true],
    ['123456789012345', true],
    ['12345678901234567', true],
    ['12345678901234567890', true],
    ['1234567890123456', false],
    ['9131000-MA1FL0000X', false],
  ])('%s valid: %s', (id, valid) => {
    expect(isValidTaxpayerId(id)).toBe(valid);
  });
  it('normalises case and spaces', () => {
    expect(normalizeTaxpayerId(' 91310000 ma1fl0000x ')).toBe('91310000MA1FL0000X');
  });
});

describe('combined fields', () => {
  it.each([
    ['中国工商银行上海XX支行 0200 0012 3456 7890 123', '中国工商银行上海XX支行', '0200001234567890123'],
    ['招商银行深圳分行 7559-1234-5678', '招商银行深圳分行', '755912345678'],
    ['中国农业银行XX支行6228480012345678', '中国农业银行XX支行', '6228480012345678'],
    ['某银行 123', '某银行 123', ''],
  ])('开户行及账号 %j', (text, bankName, bankAccount) => {
    expect(splitBankAccount(text)).toMatchObject({ bankName, bankAccount, raw: text });
  });

  it.each([
    ['上海市浦东新区XX路1号 021-12345678', '上海市浦东新区XX路1号', '021-12345678'],
    ['江苏省苏州市XX镇 13800138000', '江苏省苏州市XX镇', '13800138000'],
    ['北京 400-800-1234', '北京', '400-800-1234'],
    ['仅有地址没有电话', '仅有地址没有电话', ''],
  ])('地址、电话 %j', (text, address, phone) => {
    expect(splitAddressPhone(text)).toMatchObject({ address, phone });
  });

  it.each([
    ['*废旧物资*废钢', '废旧物资', '废钢'],
    ['*再生资源*废铜 ', '再生资源', '废铜'],
    ['废铝', '', '废铝'],
  ])('货物名称 %j', (text, taxCategory, name) => {
    expect(splitGoodsName(text)).toEqual({ taxCategory, name });
  });
});

describe('invoice numbers: 数电票 vs 税控', () => {
  it.each([
    [{ number: '24312000000012345678' }, { kind: 'digital', code: '', number: '24312000000012345678' }],
    [
      { code: '3100231130', number: '12345678' },
      { kind: 'traditional', code: '3100231130', number: '12345678' },
    ],
    [
      { code: '044031900111', number: '00123456' },
      { kind: 'traditional', code: '044031900111', number: '00123456' },
    ],
    [
      { number: '04403190011100123456', title: '上海增值税电子普通发票' },
      { kind: 'traditional', code: '044031900111', number: '00123456' },
    ],
    [
      { number: '24312000000012345678', title: '电子发票（普通发票）' },
      { kind: 'digital', code: '', number: '24312000000012345678' },
    ],
  ])('%j', (input, expected) => {
    expect(classifyInvoiceNumber(input)).toMatchObject(expected);
  });

  it.each([
    [{ number: '12345678' }, '发票号码「12345678」无效：数电票为 20 位数字，税控发票需要发票代码'],
    [
      { code: '123', number: '12345678' },
      '发票代码「123」或发票号码「12345678」无效：发票代码 10 或 12 位，发票号码 8 位',
    ],
  ])('refuses %j', (input, message) => {
    expect(classifyInvoiceNumber(input)).toBe(message);
  });
});

describe('traditional QR payload', () => {
  it('reads the fields', () => {
    expect(parseInvoiceQr('01,04,044031900111,00123456,100.00,20240305,12345678901234567890,ABCD')).toEqual({
      typeCode: '04',
      typeName: '增值税普通发票',
      code: '044031900111',
      number: '00123456',
      amount: '100.00',
      date: '2024-03-05',
      checkCode: '12345678901234567890',
    });
    expect(parseInvoiceQr('02,04,x,y,1,20240305')).toBeNull();
    expect(parseInvoiceQr('01,04,x,y,1,2024')).toBeNull();
  });
});

describe('invoice totals (小写 = 合计金额 + 合计税额; 大写 follows capital_numerals)', () => {
  const good = {
    lines: [
      { amount: '884.96', tax: '115.04' },
      { amount: '100.00', tax: '13.00' },
    ],
    totalAmount: '984.96',
    totalTax: '128.04',
    grandTotal: '1113.00',
    capital: 'ⓧ壹仟壹佰壹拾叁元整',
  };
  it('accepts consistent totals', () => {
    expect(invoiceTotalsProblems(good)).toEqual([]);
  });
  it.each([
    [{ totalAmount: '984.95', grandTotal: '1112.99' }, '合计金额 984.95 与明细合计 984.96 不符'],
    [{ totalTax: '128.00', grandTotal: '1112.96' }, '合计税额 128.00 与明细合计 128.04 不符'],
    [{ grandTotal: '1113.01' }, '价税合计（小写）1113.01 应等于合计金额 + 合计税额 1113.00'],
    [{ capital: '壹仟壹佰壹拾叁元伍角' }, '价税合计（大写）与小写金额不符'],
  ])('%j', (change, message) => {
    expect(invoiceTotalsProblems({ ...good, ...change })).toContain(message);
  });
});
