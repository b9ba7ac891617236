import { describe, expect, it } from 'vitest';
import type { WeighingOrder } from '../../../core/contract/izs-weighing/orders.contract.ts';
import type { WeightReading } from '../../../core/contract/izs-weighing/socket.contract.ts';
import { formatKg, formatTonnes } from '../../../core/format/amounts.ts';
import {
  captureOf,
  editableBody,
  emptyForm,
  firstPassBody,
  formFromRecord,
  normalizePlate,
  partyOf,
  previewOf,
  readingKg,
  secondPassBody,
  stageOf,
  underSlip,
} from './station-model.ts';

const reading = (value: string, stable: boolean, unit: WeightReading['unit'] = 'kg'): WeightReading => ({
  value,
  unit,
  stable,
  scale: 'DB01',
  time: 1,
});

const record = (over: Partial<WeighingOrder> = {}): WeighingOrder =>
  ({
    id: '900',
    orderNo: 'GB202611220001',
    orderType: 'purchase',
    weighState: 'first',
    carNumber: '苏E12345',
    driverName: '',
    partyId: '66',
    materialId: '38',
    warehouseId: '54',
    weighbridgeId: '57',
    sourceOrderId: null,
    priceUnit: 'yuan_per_tonne',
    firstWeight: '35260.000',
    firstTime: '2026-11-22 10:16:08',
    firstPhotos: '',
    firstManual: 0,
    firstOperator: '18',
    secondWeight: null,
    secondTime: null,
    secondPhotos: '',
    secondManual: 0,
    secondOperator: null,
    grossWeight: null,
    tareWeight: null,
    deductWeight: '0.000',
    impurityRate: '1.50',
    deductionWeight: null,
    netWeight: null,
    unitPrice: '2650.00',
    amount: null,
    completeTime: null,
    stockOrderId: null,
    stockOrderNo: '',
    printCount: 0,
    lastPrintTime: null,
    voidReason: '',
    voidTime: null,
    remark: '',
    ...over,
  }) as WeighingOrder;

describe('capture: only a stable reading above zero, or a manual one with the permission (DESIGN §5)', () => {
  const off = { on: false, value: '' };
  it.each([
    ['link down', { enabled: false, weight: reading('35260', true) }, off, false, false, '地磅未连接'],
    ['no reading yet', { enabled: true }, off, false, false, '地磅未连接'],
    ['moving', { enabled: true, weight: reading('35180', false) }, off, false, false, '重量未稳定'],
    ['empty deck', { enabled: true, weight: reading('0', true) }, off, false, false, '地磅无重量'],
    ['stable load', { enabled: true, weight: reading('35260', true) }, off, false, true, ''],
    [
      'manual without permission ignored',
      { enabled: true, weight: reading('35180', false) },
      { on: true, value: '30000' },
      false,
      false,
      '重量未稳定',
    ],
    [
      'manual with permission and a reason',
      { enabled: false },
      { on: true, value: '30000', reason: '仪表故障' },
      true,
      true,
      '',
    ],
    // issue 24: the reason is required (the weighing is held as 异常过磅 until a supervisor releases it)
    ['manual without a reason', { enabled: false }, { on: true, value: '30000' }, true, false, '请填写手工录入原因'],
    ['manual not a number', { enabled: false }, { on: true, value: '30,000' }, true, false, '请输入手工重量(kg)'],
    ['manual zero', { enabled: false }, { on: true, value: '0' }, true, false, '请输入手工重量(kg)'],
  ] as const)('%s', (_name, live, manual, canManual, ok, reason) => {
    const c = captureOf(live, manual, canManual);
    expect(c.ok).toBe(ok);
    expect(c.reason).toBe(reason);
  });

  it('issue 24: 20 kg on the empty deck is under the scale minimum (the hint before F2)', () => {
    const c = captureOf({ enabled: true, weight: reading('20', true) }, off, false, '400');
    expect(c).toMatchObject({ ok: false, reason: '秤台上无车或重量过低（最小称量 400 kg）' });
    expect(captureOf({ enabled: true, weight: reading('400', true) }, off, false, '400').ok).toBe(true);
  });

  it('a tonne display is sent in kg; a manual capture is marked manual = 1 and not stable', () => {
    expect(captureOf({ enabled: true, weight: reading('35.26', true, 't') }, { on: false, value: '' }, false)).toEqual({
      ok: true,
      reason: '',
      weight: '35260',
      stable: true,
      manual: 0,
    });
    expect(captureOf({ enabled: true }, { on: true, value: '30000.5' }, true)).toMatchObject({
      weight: '30000.5',
      stable: false,
      manual: 1,
    });
  });
});

describe('stages of the truck on the deck', () => {
  it.each([
    [null, 'new'],
    [record(), 'second'],
    [record({ secondWeight: '12300.000' }), 'weighed'],
    [record({ weighState: 'completed', secondWeight: '12300.000' }), 'completed'],
    [record({ weighState: 'voided' }), 'voided'],
  ] as const)('%#: %s', (r, stage) => expect(stageOf(r)).toBe(stage));
});

describe('live preview uses the server arithmetic (core/stock/weighing.ts)', () => {
  const form = formFromRecord(record());
  it('waiting for the second pass: first reading vs the live one, rate in percent', () => {
    // 35260 − 12300 = 22960; 扣杂 1.5 % = 344.4; net 22615.6 kg; 22.6156 t × 2650 = 59931.34
    expect(previewOf(record(), form, '12300', 'yuan_per_tonne', 3)).toMatchObject({
      gross: '35260.000',
      tare: '12300.000',
      deduction: '344.400',
      net: '22615.600',
      amount: '59931.34',
      note: '',
    });
  });
  it('a sale weighs the empty truck first: the heavier reading is still gross; price per kg', () => {
    const sale = record({ orderType: 'sale', firstWeight: '14000', impurityRate: '0', priceUnit: 'yuan_per_kg' });
    const f = { ...formFromRecord(sale), unitPrice: '2.35', deductWeight: '20' };
    expect(previewOf(sale, f, '39000', undefined, 0)).toMatchObject({
      gross: '39000',
      tare: '14000',
      deduction: '20',
      net: '24980',
      amount: '58703.00',
    });
  });
  it('a new truck shows only the live reading; an impossible deduction shows the arithmetic message', () => {
    expect(previewOf(null, emptyForm(), '35260', undefined)).toEqual({
      current: '35260',
      note: '一次过磅后显示净重',
    });
    const p = previewOf(record(), { ...form, deductWeight: '30000' }, '12300', undefined);
    expect(p.net).toBeUndefined();
    expect(p.note).toBe('扣重不能大于毛重减皮重');
  });
  it('after the second pass the stored second reading is used, not the live one', () => {
    const weighed = record({ secondWeight: '12300.000' });
    expect(previewOf(weighed, formFromRecord(weighed), '0', undefined, 0).net).toBe('22616');
  });
});

describe('command bodies send every editable field', () => {
  it('first pass: plate normalised; price and rate left to the server only while unset and untouched', () => {
    const f = { ...emptyForm('purchase', '54'), carNumber: ' 苏e·12345 ', materialId: '38' };
    const c = captureOf({ enabled: true, weight: reading('35260', true) }, { on: false, value: '' }, false);
    const b = firstPassBody(f, '57', c, ['http://cam/1.jpg'], { unitPrice: true, impurityRate: true });
    expect(b).toEqual({
      orderType: 'purchase',
      weighbridgeId: '57',
      carNumber: '苏E12345',
      weight: '35260',
      stable: true,
      manual: 0,
      photos: ['http://cam/1.jpg'],
      partyId: null,
      materialId: '38',
      warehouseId: '54',
      driverName: '',
      deductWeight: '0',
      remark: '',
    });
    expect(firstPassBody({ ...f, unitPrice: '2650' }, '57', c, [], { unitPrice: true }).unitPrice).toBe('2650');
  });
  it('first pass under the 派车单 read: while the plate is the slip’s; a plate typed over it weighs without it', () => {
    const f = { ...emptyForm('purchase', '54'), carNumber: '苏E12345' };
    const c = captureOf({ enabled: true, weight: reading('35260', true) }, { on: false, value: '' }, false);
    const b = firstPassBody(f, '57', c, [], {});
    expect(underSlip(b, { slipNo: 'PC202611280001', carNumber: '苏E·12345' }).dispatchSlipNo).toBe('PC202611280001');
    expect(underSlip(b, { slipNo: 'PC202611280001', carNumber: '苏E54321' }).dispatchSlipNo).toBeUndefined();
    expect(underSlip(b, null)).toBe(b);
  });
  it('second pass and complete always carry price, rate and deduction (a default never resets them)', () => {
    const r = record();
    const c = captureOf({ enabled: true }, { on: true, value: '12300' }, true);
    const b = secondPassBody(formFromRecord(r), r.id, c, [], false);
    expect(b).toMatchObject({ id: '900', weight: '12300', manual: 1, complete: 0, unitPrice: '2650.00' });
    expect(b.impurityRate).toBe('1.50');
    expect(editableBody({ ...formFromRecord(r), unitPrice: '', partyId: '' })).toMatchObject({
      unitPrice: '0',
      partyId: null,
    });
  });
});

describe('helpers', () => {
  it.each([
    ['苏e12345', '苏E12345'],
    ['浙B·12345', '浙B12345'],
    [' 沪A 9F8G7 ', '沪A9F8G7'],
  ])('plate %s → %s', (a, b) => expect(normalizePlate(a)).toBe(b));
  it.each([
    ['35260.000', '35,260'],
    ['22615.600', '22,615.6'],
    ['1234567.891', '1,234,567.891'],
    ['0', '0'],
  ])('kg %s → %s', (a, b) => expect(formatKg(a)).toBe(b));
  it('tonnes and counterparties', () => {
    expect(formatTonnes('22615.6')).toBe('22.616');
    expect(partyOf('purchase').label).toBe('供应商');
    expect(partyOf('sale').priceType).toBe('sale');
    expect(partyOf('transfer').priceType).toBeUndefined();
  });
});

describe('readings in every unit of the plugin link are captured in kilograms (decimal)', () => {
  it.each([
    ['35260', 'kg', '35260'],
    ['35.26', 't', '35260'],
    ['35.2605', 't', '35260.5'],
    ['35260000', 'g', '35260'],
    ['35260500', 'g', '35260.5'],
    ['1234', 'g', '1.234'],
    ['1', 'lb', '0.454'],
    ['77160', 'lb', '34999.187'],
    ['0.1', 't', '100'],
    ['0', 'lb', '0'],
  ])('%s %s = %s kg', (value, unit, kg) => {
    expect(readingKg(value, unit)).toBe(kg);
  });

  it('unknown units and non-numbers give null', () => {
    expect(readingKg('100', 'oz')).toBeNull();
    expect(readingKg('100', 'toString')).toBeNull();
    expect(readingKg('abc', 'kg')).toBeNull();
  });

  it.each([
    ['g', '35260000', '35260'],
    ['lb', '77160', '34999.187'],
    ['t', '35.26', '35260'],
  ] as const)('a stable %s reading is captured as kg', (unit, value, kg) => {
    expect(captureOf({ enabled: true, weight: reading(value, true, unit) }, { on: false, value: '' }, false)).toEqual({
      ok: true,
      reason: '',
      weight: kg,
      stable: true,
      manual: 0,
    });
  });

  it('a moving lb reading shows kg; an unknown unit is refused, not stored as kg', () => {
    expect(
      captureOf({ enabled: true, weight: reading('2204.62', false, 'lb') }, { on: false, value: '' }, false),
    ).toMatchObject({
      ok: false,
      reason: '重量未稳定',
      weight: '999.999',
    });
    const odd = { ...reading('100', true), unit: 'oz' } as unknown as WeightReading;
    expect(captureOf({ enabled: true, weight: odd }, { on: false, value: '' }, false)).toMatchObject({
      ok: false,
      reason: '重量单位不支持：oz',
    });
  });
});
