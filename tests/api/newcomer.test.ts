// @vitest-environment node
/**
 * A newcomer's first hour (issue 16): what the public site-info tells the browser (the server's business day and
 * zone, whether demo data is loaded), and demo data that is consistent with itself.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { material, tenant } from '../../server/db/schema/index.ts';
import { formatDate } from '../../server/platform/time.ts';
import { boot, type TestApp } from './helpers.ts';

const SITE = '/api/blade-system/site-info';

describe('with the demo data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await boot({ captchaMode: false });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('site-info (no login) gives the server zone, its today and offset, and demo: true', async () => {
    const r = await fetch(t.base + SITE);
    expect(r.status).toBe(200);
    const body = await r.json();
    expect(body.success).toBe(true);
    expect(body.data).toMatchObject({ timeZone: t.config.tz, demo: true });
    expect(body.data.today).toBe(formatDate(new Date(), t.config.tz));
    expect(Math.abs(body.data.now - Date.now())).toBeLessThan(60_000);
    // the offset agrees with the zone: today at the offset is the server's today
    const atOffset = new Date(Date.now() + body.data.utcOffsetMinutes * 60_000).toISOString().slice(0, 10);
    expect(atOffset).toBe(body.data.today);
  });

  it('the tenant is the company the slips print; every material is counted in the unit it is priced by', async () => {
    const db = t.database.db;
    const [tn] = await db.select({ name: tenant.tenantName }).from(tenant).where(eq(tenant.tenantId, '000000'));
    expect(tn.name).toBe('绿循再生资源有限公司');
    const mats = await db
      .select({ code: material.code, name: material.name, unit: material.unit, priceUnit: material.priceUnit })
      .from(material);
    expect(mats.length).toBeGreaterThan(10);
    const priceUnitOf: Record<string, string> = { t: 'yuan_per_tonne', kg: 'yuan_per_kg' };
    for (const m of mats) expect(m.priceUnit, `${m.code} ${m.name} (${m.unit})`).toBe(priceUnitOf[m.unit]);
    expect(mats.find((m) => m.name === '废旧冰箱')).toMatchObject({ unit: 'kg', priceUnit: 'yuan_per_kg' });
  });
});

describe('seeded with SEED_DEMO=0', () => {
  it('site-info says demo: false (the login card offers no demo password)', async () => {
    const t = await boot({ captchaMode: false, seedDemo: false });
    try {
      const body = await (await fetch(t.base + SITE)).json();
      expect(body.data.demo).toBe(false);
      expect(body.data.timeZone).toBe(t.config.tz);
    } finally {
      await t.close();
    }
  }, 120_000);
});
