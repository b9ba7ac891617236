// @vitest-environment node
/**
 * 皮重档案变更记录 (issue 24): an administrator's change of a vehicle's tare (set, expiry, remove) keeps the old value
 * — who, when, old → new — in izs_vehicle_tare_change, and the archive answers it newest first; saving the same
 * value again is no change; the table's CHECKs and its composite (tenant_id, car_id) reference hold from SQL too.
 * Per-scale settings: a weighbridge's own settled-run window (settled_ms) is what the capture rules read, the global
 * SETTLED_MS when it has none.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTLED_MS } from '../../core/weighing/anti-cheat.ts';
import { lgCar, user, vehicleTareChange, weighbridge } from '../../server/db/schema/index.ts';
import { scaleSettings } from '../../server/modules/izs-weighing-order/anti-cheat.ts';
import type { AuthUser } from '../../server/platform/auth.ts';
import { type BaseCtx, bootBase, OTHER_TENANT } from './base-suite.ts';
import { call } from './helpers.ts';

const T = '/api/izs-weighing/tare-archive';

let c: BaseCtx;
beforeAll(async () => {
  c = await bootBase();
}, 180_000);
afterAll(async () => {
  await c?.t.close();
});

const db = () => c.t.database.db;
const post = async (path: string, body: unknown, token = c.admin) => {
  const r = await call(c.t, path, { token, body });
  expect(r.body.code, JSON.stringify(r.body)).toBe(200);
  return r.body.data;
};

describe('皮重变更记录', () => {
  it('keeps who, when and old → new of every set / expiry change / remove, newest first', async () => {
    const [car] = await db()
      .insert(lgCar)
      .values({ tenantId: '000000', plate: '皖T30001' })
      .returning({ id: lgCar.id });
    const [admin] = await db().select().from(user).where(eq(user.account, 'admin'));
    const adminName = admin.realName || admin.account;

    const first = await post(`${T}/save`, { carId: car.id, kind: 'vehicle', tareKg: '12000' });
    expect(first.changes).toEqual([
      expect.objectContaining({
        userName: adminName,
        kind: 'vehicle',
        kindName: '整车标准皮重',
        action: 'set',
        oldTareKg: null,
        newTareKg: '12000.000',
        oldValidUntil: null,
        newValidUntil: null,
      }),
    ]);
    expect(first.changes[0].time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    // a new value with an expiry, then the expiry alone, then the same again (no change), then a trailer and remove
    await post(`${T}/save`, { carId: car.id, kind: 'vehicle', tareKg: '12500', validUntil: '2099-12-31' });
    await post(`${T}/save`, { carId: car.id, kind: 'vehicle', tareKg: '12500', validUntil: '2027-06-30' });
    const same = await post(`${T}/save`, {
      carId: car.id,
      kind: 'vehicle',
      tareKg: '12500.000',
      validUntil: '2027-06-30',
    });
    expect(same.changes).toHaveLength(3);
    const withTrailer = await post(`${T}/save`, { carId: car.id, kind: 'trailer', label: '皖t9挂', tareKg: '6000' });
    const trailerId = withTrailer.tares.find((t: { kind: string }) => t.kind === 'trailer').id;
    const after = await post(`${T}/remove`, { id: trailerId });

    const pick = (x: Record<string, unknown>) => [
      x.kind,
      x.label,
      x.action,
      x.oldTareKg,
      x.newTareKg,
      x.oldValidUntil,
      x.newValidUntil,
    ];
    expect(after.changes.map(pick)).toEqual([
      ['trailer', '皖T9挂', 'remove', '6000.000', null, null, null],
      ['trailer', '皖T9挂', 'set', null, '6000.000', null, null],
      ['vehicle', '', 'set', '12500.000', '12500.000', '2099-12-31', '2027-06-30'],
      ['vehicle', '', 'set', '12000.000', '12500.000', null, '2099-12-31'],
      ['vehicle', '', 'set', null, '12000.000', null, null],
    ]);
    expect(after.changes.every((x: { userName: string }) => x.userName === adminName)).toBe(true);
    // the clerk (no edit button of 皮重档案) changes nothing and leaves no record
    const refused = await call(c.t, `${T}/save`, {
      token: c.clerk,
      body: { carId: car.id, kind: 'vehicle', tareKg: '1' },
    });
    expect(refused.status).toBe(403);
    expect(await db().select().from(vehicleTareChange).where(eq(vehicleTareChange.carId, car.id))).toHaveLength(5);
  });

  it('the CHECKs and the composite tenant reference refuse a broken row from SQL', async () => {
    const [car] = await db()
      .insert(lgCar)
      .values({ tenantId: '000000', plate: '皖T30002' })
      .returning({ id: lgCar.id });
    const [other] = await db()
      .insert(lgCar)
      .values({ tenantId: OTHER_TENANT, plate: '皖T30003' })
      .returning({ id: lgCar.id });
    const row = {
      tenantId: '000000',
      carId: car.id,
      kind: 'vehicle',
      action: 'set',
      newTareKg: '1000',
      changeUser: '1',
    };
    await db().insert(vehicleTareChange).values(row); // the well-formed row goes in
    const refused = async (v: Record<string, unknown>, constraint: string) => {
      const e = await db()
        .insert(vehicleTareChange)
        .values({ ...row, ...v })
        .then(
          () => null,
          (x: unknown) => x as { cause?: { constraint?: string }; constraint?: string },
        );
      expect(e?.cause?.constraint ?? e?.constraint, constraint).toBe(constraint);
    };
    await refused({ carId: other.id }, 'izs_vehicle_tare_change_car_fk');
    await refused({ kind: 'truck' }, 'izs_vehicle_tare_change_kind_ck');
    await refused({ kind: 'trailer' }, 'izs_vehicle_tare_change_label_ck');
    await refused({ action: 'edit' }, 'izs_vehicle_tare_change_action_ck');
    await refused({ newTareKg: null }, 'izs_vehicle_tare_change_values_ck');
    await refused({ newTareKg: '0' }, 'izs_vehicle_tare_change_values_ck');
    await refused({ action: 'remove', oldTareKg: null, newTareKg: null }, 'izs_vehicle_tare_change_values_ck');
    await refused({ oldValidUntil: '2027-01-01' }, 'izs_vehicle_tare_change_old_valid_ck');
    await refused({ newValidUntil: '2027/01/01' }, 'izs_vehicle_tare_change_new_valid_ck');
  });
});

describe('per-scale settings', () => {
  it('the settled-run window is the scale’s own when set, else the global default; out of range is refused', async () => {
    const [wb] = await db().select({ id: weighbridge.id }).from(weighbridge).where(eq(weighbridge.code, 'DB01'));
    const [admin] = await db().select().from(user).where(eq(user.account, 'admin'));
    const u = { userId: admin.id, tenantId: '000000', deptIds: [], roles: [] } as unknown as AuthUser;
    const before = await scaleSettings(db(), u, wb.id);
    expect(before.cfg.settledMs ?? SETTLED_MS).toBe(SETTLED_MS);
    await db().update(weighbridge).set({ settledMs: 2500 }).where(eq(weighbridge.id, wb.id));
    expect((await scaleSettings(db(), u, wb.id)).cfg.settledMs).toBe(2500);
    const e = await db()
      .update(weighbridge)
      .set({ settledMs: 50 })
      .where(eq(weighbridge.id, wb.id))
      .then(
        () => null,
        (x: unknown) => x as { cause?: { constraint?: string }; constraint?: string },
      );
    expect(e?.cause?.constraint ?? e?.constraint).toBe('izs_weighbridge_settled_ms_ck');
    await db().update(weighbridge).set({ settledMs: null }).where(eq(weighbridge.id, wb.id));
    expect((await scaleSettings(db(), u, wb.id)).cfg.settledMs ?? SETTLED_MS).toBe(SETTLED_MS);
  });
});
