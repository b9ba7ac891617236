// @vitest-environment node
/**
 * Input at the seams (issue 22): a NUL character anywhere in a request is a Chinese 400 on every route (one hook),
 * the anonymous device ingest included; dates are real calendar days in 1900–2099; integers are written as
 * integers (`"0x10"`, `"1e2"` refused); a negative ratio is refused, not clamped.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../server/db/client.ts';
import { NUL_MESSAGE } from '../../server/platform/nul-guard.ts';
import { boot, call, login, type TestApp } from './helpers.ts';

let t: TestApp;
let token = '';
beforeAll(async () => {
  t = await boot({ captchaMode: false });
  token = (await login(t)).access_token;
}, 180_000);
afterAll(async () => {
  await t?.close();
});

const NUL = '\u0000';
/** Keys the routes commonly read: each gets a NUL-carrying value. */
const KEYS = ['name', 'code', 'keyword', 'remark', 'orderNo', 'plateNo', 'account', 'deviceId', 'token', 'key', 'q'];
const nulObject = () => Object.fromEntries(KEYS.map((k) => [k, `a${NUL}b`]));

describe('a NUL character', () => {
  it('answers 400 with a Chinese message on every registered API route, never 500', { timeout: 300_000 }, async () => {
    // a session of its own: without the hook, the sweep's GET oauth/logout would end it
    const sweepToken = (await login(t)).access_token;
    const routes = [
      ...new Map(
        t.app.routeTable
          .filter((r) => (r.method === 'GET' || r.method === 'POST') && r.url.startsWith('/api/'))
          // sign-out would end the sweep's own session (its NUL refusal is the same hook as every other route's)
          .filter((r) => !/\/ws$|socket|\/logout$/.test(r.url))
          .map((r) => [`${r.method} ${r.url}`, r]),
      ).values(),
    ];
    expect(routes.length).toBeGreaterThan(400);
    const bad: string[] = [];
    for (const r of routes) {
      const path = r.url.replace(/:[A-Za-z]+/g, '1').replace(/\*$/, 'x');
      const res = await call(t, path, {
        method: r.method,
        token: sweepToken,
        query: r.method === 'GET' ? nulObject() : { name: `a${NUL}b` },
        body: r.method === 'POST' ? nulObject() : undefined,
      });
      const ok = res.status === 400 && res.body?.code === 400 && res.body?.msg === NUL_MESSAGE;
      if (!ok) bad.push(`${r.method} ${r.url} → ${res.status} ${JSON.stringify(res.body).slice(0, 80)}`);
    }
    const fiveHundreds = bad.filter((b) => / → 500 /.test(b)).length;
    expect(bad, `${fiveHundreds} routes answered 500 of ${routes.length}\n${bad.join('\n')}`).toEqual([]);
  });

  it('in a path parameter, a JSON key or a nested array value', async () => {
    const byParam = await call(t, `/api/izs-logistical/ingest/device`, {
      body: { deviceId: 'x', token: 'y', points: [{ lon: 1, lat: 1, time: 1, extra: [`z${NUL}`] }] },
    });
    expect(byParam).toMatchObject({ status: 400, body: { msg: NUL_MESSAGE } });
    const byKey = await call(t, '/api/blade-system/staff/submit', { token, body: { [`k${NUL}`]: 1 } });
    expect(byKey).toMatchObject({ status: 400, body: { msg: NUL_MESSAGE } });
  });

  it('the anonymous device ingest answers 400, not 500', async () => {
    const r = await call(t, '/api/izs-logistical/ingest/device', {
      body: { deviceId: `dev${NUL}`, token: 'x', points: [] },
    });
    expect(r).toMatchObject({ status: 400, body: { code: 400, msg: NUL_MESSAGE } });
  });
});

describe('dates', () => {
  beforeAll(async () => {
    token = (await login(t)).access_token;
  });
  const staff = (entryDate: string) =>
    call(t, '/api/blade-system/staff/submit', {
      token,
      body: { jobNumber: `D${Math.random().toString(36).slice(2, 8)}`, name: '日期测试', entryDate },
    });

  it.each(['2026-02-30', '2025-02-29', '2026-13-01', '0001-01-01', '9999-12-31', '1899-12-31', '2100-01-01'])(
    '%s is refused with a Chinese message naming the field',
    async (d) => {
      const r = await staff(d);
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect(r.body.msg).toContain('入职日期');
    },
  );

  it('a real day in range is saved', async () => {
    for (const d of ['2024-02-29', '1900-01-01', '2099-12-31', '']) {
      const r = await staff(d);
      expect(r.body.success, JSON.stringify(r.body)).toBe(true);
    }
  });

  it('a required finance day refuses 2026-02-30 (accepted by Date.parse)', async () => {
    const r = await call(t, '/api/izs-finance-ar/statement', {
      token,
      query: { side: 'ar', partyId: '1', beginDate: '2026-02-30', endDate: '2026-03-01' },
    });
    expect(r.status).toBe(400);
    expect(r.body.msg).toContain('开始日期');
  });
});

describe('integers and ratios', () => {
  let partyId = '';
  beforeAll(async () => {
    token = (await login(t)).access_token;
    const [p] = await rows<{ id: string }>(
      t.database.db,
      sql`select id from izs_related_party where tenant_id = '000000' and is_deleted = 0 and type = 'customer' order by id limit 1`,
    );
    partyId = String(p.id);
  });
  const credit = (paymentDays: unknown) =>
    call(t, '/api/izs-finance-ar/credit/save', { token, body: { partyId, creditLimit: '1000', paymentDays } });

  it.each(['0x10', '1e2', '0b11', '0o17', 'Infinity', '12.5', '1_000'])(
    'payment days "%s" is refused, not read as a number',
    async (v) => {
      const r = await credit(v);
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect(r.body.msg).toContain('账期天数');
    },
  );

  it('payment days written as an integer (text or number) are saved as written', async () => {
    const r16 = await credit('16');
    expect(r16.body.success, JSON.stringify(r16.body)).toBe(true);
    expect(r16.body.data).toMatchObject({ paymentDays: 16 });
    expect((await credit(30)).body.data).toMatchObject({ paymentDays: 30 });
  });

  it('a page size of "1e1" is refused', async () => {
    const r = await call(t, '/api/blade-system/staff/page', { token, query: { current: 1, size: '1e1' } });
    expect(r.status).toBe(400);
  });

  it.each(['-1', -1, '-0.01'])('a pledge ratio of %s is refused, not clamped to 0', async (v) => {
    const r = await call(t, '/api/izs-scf/fund-provider/submit', {
      token,
      body: { name: `资金方${Math.random()}`, kind: 'bank', creditLine: '1000', annualRate: '4', pledgeRatio: v },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(r.body.msg).toContain('质押率');
  });
});
