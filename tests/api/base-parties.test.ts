// @vitest-environment node
/** /base/bank/list, related/party, financial/expenses, salesman, orgManage through the real HTTP app. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankResource } from '../../core/contract/izs-base/bank.contract.ts';
import { financialExpensesResource } from '../../core/contract/izs-base/financial-expenses.contract.ts';
import { orgManageResource } from '../../core/contract/izs-base/org-manage.contract.ts';
import { relatedPartyResource } from '../../core/contract/izs-base/related-party.contract.ts';
import { salesmanResource } from '../../core/contract/izs-base/salesman.contract.ts';
import { bank, financialExpenses, orgManage, relatedParty, salesman } from '../../server/db/schema/index.ts';
import { type BaseCtx, bootBase, resourceSuite } from './base-suite.ts';
import { call } from './helpers.ts';

let c: BaseCtx;
beforeAll(async () => {
  c = await bootBase();
});
afterAll(async () => {
  await c?.t.close();
});
const get = () => c;
let n = 0;
/** 18-digit numbers and credit codes that differ per call. */
const digits = (len: number) => `${Date.now()}${++n}`.padStart(len, '7').slice(-len);
/** A unified social credit code shape: 2 chars, 6-digit region, 10 chars. */
const creditCode = () => `9133${digits(4)}MA${digits(8)}`;

resourceSuite(get, {
  def: bankResource,
  table: bank,
  make: () => ({
    bankName: '中国工商银行宁波北仑支行',
    accountName: '绿循再生资源有限公司',
    bankAccount: `39011400${digits(11)}`,
    bankCode: '102332014000',
    isDefault: 0,
    status: 1,
  }),
  edit: {
    body: { bankName: '中国银行宁波分行', isDefault: 1 },
    expect: { bankName: '中国银行宁波分行', isDefault: 1 },
  },
  bad: [
    { body: { bankName: '' }, msg: '请输入开户行' },
    { body: { bankAccount: '12ab' }, msg: '银行账号应为6到32位数字' },
    { body: { bankCode: '1023' }, msg: '联行号应为12位数字' },
    { body: { accountName: 'x'.repeat(101) }, msg: '户名不能超过100个字符' },
  ],
  uniqueMessage: '银行账号已存在',
  importRows: () => ({
    header: ['开户行', '户名', '银行账号', '联行号'],
    good: ['中国农业银行', '绿循', digits(16), '103332015508'],
    bad: ['中国农业银行', '绿循', '12-34', ''],
    badField: '银行账号',
  }),
});

resourceSuite(get, {
  def: relatedPartyResource,
  table: relatedParty,
  make: (s) => ({
    code: `GYST${s}`,
    name: `测试拆解厂${s}`,
    type: 'supplier',
    contact: '陈建国',
    phone: '13905740011',
    taxpayerId: creditCode(),
    regionCode: '330206',
    address: '宁波市北仑区',
    bankName: '中国工商银行',
    bankAccount: digits(19),
    status: 1,
  }),
  edit: { body: { type: 'both', contact: '孙经理' }, expect: { type: 'both', contact: '孙经理' } },
  bad: [
    { body: { code: '' }, msg: '请输入单位编码' },
    { body: { type: 'friend' }, msg: '请选择单位类型' },
    { body: { taxpayerId: '123' }, msg: '纳税人识别号应为18位统一社会信用代码' },
    { body: { phone: '电话' }, msg: '联系电话格式不正确' },
    { body: { bankAccount: '6222-abc' }, msg: '银行账号应为6到32位数字' },
  ],
  uniqueMessage: '单位编码已存在',
  importRows: (s) => ({
    header: ['单位编码', '单位名称', '单位类型', '联系电话'],
    good: [`IMP${s}`, `导入单位${s}`, '客户', '0574-86890000'],
    bad: [`IMPB${s}`, `坏单位${s}`, '朋友', '0574-86890000'],
    badField: '单位类型',
  }),
});

resourceSuite(get, {
  def: financialExpensesResource,
  table: financialExpenses,
  make: (s) => ({ code: `FYT${s}`, name: `测试费用${s}`, category: 'transport', status: 1, remark: '' }),
  edit: { body: { name: '短驳运费', category: 'sale' }, expect: { name: '短驳运费', category: 'sale' } },
  bad: [
    { body: { name: '' }, msg: '请输入费用名称' },
    { body: { category: 'other' }, msg: '请选择费用类别' },
    { body: { code: 'x'.repeat(33) }, msg: '费用编码不能超过32个字符' },
  ],
  uniqueMessage: '费用编码已存在',
  importRows: (s) => ({
    header: ['费用编码', '费用名称', '费用类别', '状态'],
    good: [`IMF${s}`, `导入费用${s}`, '运输费用', '启用'],
    bad: [`IMFB${s}`, '', '运输费用', '启用'],
    badField: '费用名称',
  }),
});

resourceSuite(get, {
  def: salesmanResource,
  table: salesman,
  make: (s) => ({ code: `YWT${s}`, name: `测试业务员${s.slice(-4)}`, phone: '13800000199', status: 1 }),
  edit: { body: { phone: '13800000200', status: 0 }, expect: { phone: '13800000200', status: 0 } },
  bad: [
    { body: { code: '' }, msg: '请输入工号' },
    { body: { name: 'x'.repeat(33) }, msg: '姓名不能超过32个字符' },
    { body: { phone: 'abc' }, msg: '联系电话格式不正确' },
  ],
  uniqueMessage: '业务员工号已存在',
  importRows: (s) => ({
    header: ['工号', '姓名', '联系电话'],
    good: [`IMY${s}`, '导入业务员', '13800000300'],
    bad: [`IMYB${s}`, '坏业务员', '电话号码'],
    badField: '联系电话',
  }),
});

resourceSuite(get, {
  def: orgManageResource,
  table: orgManage,
  make: (s) => ({
    name: `测试组织${s}`,
    creditCode: creditCode(),
    legalPerson: '林绿循',
    phone: '0574-86880000',
    regionCode: '330206',
    address: '宁波市北仑区',
    licenseImage: 'upload/license.png',
    status: 1,
  }),
  edit: { body: { legalPerson: '王法人', address: '杭州市' }, expect: { legalPerson: '王法人', address: '杭州市' } },
  bad: [
    { body: { name: '' }, msg: '请输入组织名称' },
    { body: { creditCode: '91330206' }, msg: '统一社会信用代码应为18位' },
    { body: { creditCode: undefined }, msg: '请输入统一社会信用代码' },
  ],
  uniqueMessage: '统一社会信用代码已存在',
});

describe('party specifics', () => {
  it('bank accounts stay text (leading zeros, 19 digits, spaces removed) — never numbers', async () => {
    const r = await call(c.t, '/api/izs-base/bank/submit', {
      token: c.admin,
      body: { bankName: '测试银行', accountName: '户名', bankAccount: '0001 2345 6789 0123 456' },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const d = await call(c.t, '/api/izs-base/bank/detail', { token: c.admin, query: { id: r.body.data.id } });
    expect(d.body.data.bankAccount).toBe('0001234567890123456');
  });

  it('related party type filter: supplier lists suppliers only; the taxpayer id is upper-cased', async () => {
    const r = await call(c.t, '/api/izs-base/related-party/submit', {
      token: c.admin,
      body: { code: 'LOWER1', name: '小写税号', type: 'customer', taxpayerId: '91330200717208962l' },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.taxpayerId).toBe('91330200717208962L');
    const s = await call(c.t, '/api/izs-base/related-party/page', {
      token: c.admin,
      query: { type: 'supplier', size: 100 },
    });
    const codes = (s.body.data.records as { code: string; type: string }[]).map((x) => x.code);
    expect(codes).toEqual(expect.arrayContaining(['GYS001', 'GYS002']));
    expect(codes).not.toContain('KH001');
  });
});
