import type { Page } from '@playwright/test';
import Decimal from 'decimal.js';
import { formatMoney } from '../../core/format/amounts.ts';
import { expect, test } from './fixtures.ts';
import { apiAs, signIn } from './helpers.ts';

/**
 * The home dashboard's figures move with the yard (issue 15): a weighing completed through the API makes 过磅车次 go
 * up by one after 刷新数据; a purchase in-stock reviewed today moves 今日采购额 by its amount; a click on the card
 * opens the purchase statement of today, whose total is the card's figure.
 */

const value = (page: Page, k: string) => page.getByTestId(`dashboard-card-${k}`).locator('.ly-stat-value');
const grouped = (v: string) => v.replace(/^(-?\d+)/, (i) => i.replace(/\B(?=(\d{3})+(?!\d))/g, ','));

test('dashboard: a completed weighing and a reviewed purchase move their figures; one click explains them', async ({
  page,
}) => {
  await signIn(page);
  const ok = async <T>(path: string, body?: unknown, query?: Record<string, string>) => {
    const r = await apiAs<T>(page, path, body, query);
    expect(r.code, `${path}: ${r.msg}`).toBe(200);
    return r.data;
  };
  const summary = await ok<{ today: { weighCount: number } }>('/api/izs-toolbox/dashboard/summary');
  const biz = await ok<{ today: string; purchase: { today: string } }>('/api/izs-visual/dashboard');
  await expect(value(page, 'weigh-count')).toHaveText(String(summary.today.weighCount));
  await expect(page.getByTestId('dashboard-value-purchase-today')).toHaveText(grouped(biz.purchase.today));

  // ids of the demo data: a bridge, a material, a supplier and a site
  const board = await ok<{ bridges: { id: string }[] }>('/api/izs-visual/data-board');
  const home = await ok<{ materials: { materialId: string }[]; sites: { warehouseId: string }[] }>(
    '/api/izs-visual/home',
  );
  const op = await ok<{ suppliers: { partyId: string }[] }>('/api/izs-visual/operation', undefined, { days: '30' });
  const W = '/api/izs-weighing/loadometer-order';
  const first = await ok<{ id: string }>(`${W}/first-pass`, {
    orderType: 'purchase',
    weighbridgeId: board.bridges[0].id,
    carNumber: '浙B77E15',
    weight: '30120',
    stable: true,
    partyId: op.suppliers[0].partyId,
    materialId: home.materials[0].materialId,
    impurityRate: '0',
  });
  await ok(`${W}/second-pass`, { id: first.id, weight: '11800', stable: true, complete: 1 });
  const line = { materialId: home.materials[0].materialId, qty: '1000', unitPrice: '2350' };
  const doc = await ok<{ id: string }>('/api/izs-stock/in-stock/submit', {
    warehouseId: home.sites[0].warehouseId,
    partyId: op.suppliers[0].partyId,
    lines: [line],
  });
  await ok('/api/izs-stock/in-stock/submit-review', { id: doc.id });
  await ok('/api/izs-stock/in-stock/review', { id: doc.id });

  await page.getByRole('button', { name: '刷新数据' }).click();
  await expect(value(page, 'weigh-count')).toHaveText(String(summary.today.weighCount + 1));
  const after = await ok<{ purchase: { today: string } }>('/api/izs-visual/dashboard');
  // 今日采购额 counts the document's stored 价税合计 (issue 21's one amount basis): 1 t × 2,350.00 plus its tax
  const stored = (
    await ok<{ lines: { grossAmount: string; netAmount: string }[] }>('/api/izs-stock/in-stock/detail', undefined, {
      id: doc.id,
    })
  ).lines[0];
  expect(stored.netAmount).toBe('2350.00');
  expect(new Decimal(after.purchase.today).minus(biz.purchase.today).toFixed(2)).toBe(stored.grossAmount);
  await page.reload();
  await expect(page.getByTestId('dashboard-value-purchase-today')).toHaveText(grouped(after.purchase.today));
  await expect(page.getByTestId('dashboard-card-business-trend').locator('canvas')).toHaveCount(1);
  await page.screenshot({ path: '.tmp/shots/dashboard.png', fullPage: true });

  await page.getByTestId('dashboard-card-purchase-today').click();
  await expect(page).toHaveURL(/\/statement-analysis\/purchase-statement\?beginDate=/);
  const st = await ok<{ total: { amount: string } }>('/api/izs-report/purchase', undefined, {
    beginDate: biz.today,
    endDate: biz.today,
    groupBy: 'material',
  });
  expect(st.total.amount).toBe(after.purchase.today);
  await expect(page.getByTestId('report-table').locator('tr[data-row-key="__total"]')).toContainText(
    formatMoney(st.total.amount),
  );
});
