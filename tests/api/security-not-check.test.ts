// @vitest-environment node
/**
 * 未审核单据 (not-check) follows the data scope (issue 16): a role whose 本部门 (所在机构可见) rule is on a document's
 * menu sees, among the documents waiting for review, only those of its departments — as the document's own list.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '../../server/db/schema/index.ts';
import { scopeRule } from './base-suite.ts';
import { apiOf, bootStock, okPost, P, type StockCtx } from './stock-helpers.ts';

let c: StockCtx;
let clerkDept: string;
beforeAll(async () => {
  c = await bootStock();
  const [u] = await c.t.database.db.select().from(user).where(eq(user.account, 'clerk'));
  clerkDept = u.deptId.split(',')[0];
});
afterAll(async () => {
  await c?.t.close();
});

const admin = () => apiOf(c);
const clerk = () => apiOf(c, c.clerk);

async function submitted(path: string, deptId: string, body: Record<string, unknown>) {
  const d = await okPost(admin(), `${path}/submit`, { ...body, deptId });
  await okPost(admin(), `${path}/submit-review`, { id: d.id });
  return d.id as string;
}

const waitingFor = async (api: ReturnType<typeof apiOf>) => {
  const r = await api('/api/izs-stock/not-check/page', { query: { size: 100 } });
  expect(r.status).toBe(200);
  return new Set((r.body.data.records as { id: string }[]).map((x) => x.id));
};

describe('not-check applies the data scope of each document kind', () => {
  it('a 本部门 rule on 采购入库 hides the in-stock documents of other departments, and the rows stay otherwise', async () => {
    const finance = c.depts['财务部'];
    expect(finance).not.toBe(clerkDept);
    const line = {
      warehouseId: c.wh.T1,
      partyId: c.party.GYS001,
      lines: [{ materialId: c.mat.WL0012, qty: '1', unitPrice: '10' }],
    };
    const mine = await submitted(P.inStock, clerkDept, line);
    const other = await submitted(P.inStock, finance, line);
    const otherOrder = await submitted(P.purchaseOrder, finance, {
      partyId: c.party.GYS002,
      lines: [{ materialId: c.mat.WL0012, qty: '5', unitPrice: '10' }],
    });
    const before = await waitingFor(clerk());
    expect(before.has(mine) && before.has(other) && before.has(otherOrder)).toBe(true);

    const drop = await scopeRule(c, 'user', 'supply_chain_purchase_in_stock', 3);
    try {
      const list = (await clerk()(`${P.inStock}/page`, { query: { size: 100 } })).body.data.records as { id: string }[];
      expect(list.map((r) => r.id)).not.toContain(other); // the document's own list hides it
      const after = await waitingFor(clerk());
      expect(after.has(mine)).toBe(true);
      expect(after.has(other)).toBe(false);
      expect(after.has(otherOrder)).toBe(true); // purchase orders have no rule
      const total = (await clerk()('/api/izs-stock/not-check/page', { query: { size: 1 } })).body.data.total;
      expect(total).toBe(after.size);
      expect((await waitingFor(admin())).has(other)).toBe(true); // administrator: everything
    } finally {
      await drop();
    }
    const scoped = await scopeRule(c, 'user', 'supply_chain_purchase_not_check', 3);
    try {
      const after = await waitingFor(clerk());
      expect(after.has(mine)).toBe(true);
      expect(after.has(other) || after.has(otherOrder)).toBe(false);
    } finally {
      await scoped();
    }
  });
});
