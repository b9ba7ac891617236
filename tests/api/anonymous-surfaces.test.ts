// @vitest-environment node
/**
 * Surfaces anyone signed in reaches (issue 22): `param/value` answers only the public allow-list without the
 * 页面配置 grant (a clerk no longer reads `account.initPassword`); an Excel export writes a cell a spreadsheet would
 * run (leading = + - @, tab, CR) as quoted text, per OWASP's CSV-injection guidance.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_PARAM_KEYS } from '../../core/contract/blade-system/system-extras.contract.ts';
import { BASIC, boot, call, login, type TestApp } from './helpers.ts';

let t: TestApp;
let admin = '';
let clerk = '';
beforeAll(async () => {
  t = await boot({ captchaMode: false });
  admin = (await login(t)).access_token;
  clerk = (await login(t, 'clerk')).access_token;
}, 180_000);
afterAll(async () => {
  await t?.close();
});

const value = (token: string, paramKey: string) =>
  call(t, '/api/blade-system/param/value', { token, query: { paramKey } });

describe('param/value', () => {
  it('a clerk without the 页面配置 grant cannot read account.initPassword', async () => {
    const r = await value(clerk, 'account.initPassword');
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ code: 403, msg: '没有权限' });
    expect(JSON.stringify(r.body)).not.toContain('123456');
  });

  it('nor any other key outside the public list, even one that does not exist', async () => {
    expect((await value(clerk, 'secret.apiKey')).status).toBe(403);
  });

  it('the public keys stay readable for everyone signed in; the administrator reads every key', async () => {
    for (const key of PUBLIC_PARAM_KEYS) expect((await value(clerk, key)).status, key).toBe(200);
    expect((await value(clerk, 'system.title')).body.data).toBe('Loopyard 再生资源管理平台');
    expect((await value(clerk, 'print.memoTitle')).status).toBe(200);
    expect((await value(admin, 'account.initPassword')).body.data).toBe('123456');
  });

  it('no token: 401', async () => {
    expect((await call(t, '/api/blade-system/param/value', { query: { paramKey: 'system.title' } })).status).toBe(401);
  });
});

describe('Excel export', () => {
  it('a cell beginning with = + - @ is written as quoted text; other text as it is', async () => {
    // (tab and CR first are trimmed away by the form; core/format/spreadsheet.test.ts covers them)
    const names = ['=HYPERLINK("http://evil.example","点我")', '+1+1', '-2+3+cmd', '@SUM(A1)', '普通户名'];
    for (const [i, accountName] of names.entries()) {
      const r = await call(t, '/api/izs-base/bank/submit', {
        token: admin,
        body: { bankName: `注入测试银行${i}`, accountName, bankAccount: `62220000${String(i).padStart(4, '0')}` },
      });
      expect(r.body.success, JSON.stringify(r.body)).toBe(true);
    }
    const url = new URL('/api/izs-base/bank/export', t.base);
    url.searchParams.set('bankName', '注入测试银行');
    const res = await fetch(url, { headers: { Authorization: BASIC, 'Blade-Auth': `bearer ${admin}` } });
    expect(res.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    const header = (ws.getRow(1).values as unknown[]).slice(1);
    const col = header.indexOf('户名') + 1;
    const cells: unknown[] = [];
    ws.eachRow((row, n) => {
      if (n > 1) cells.push(row.getCell(col).value);
    });
    expect(cells.sort()).toEqual(names.map((n) => (n === '普通户名' ? n : `'${n}`)).sort());
    for (const c of cells) expect(typeof c).toBe('string');
  });
});
