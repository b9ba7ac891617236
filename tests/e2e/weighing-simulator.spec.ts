import type { Page } from '@playwright/test';
import Decimal from 'decimal.js';
import { formatDecimal } from '../../core/format/decimal.ts';
import { Bridge } from '../../tools/scale-bridge/bridge.ts';
import { type PluginServer, startPluginServer } from '../../tools/scale-bridge/plugin.ts';
import { TruckSimulator } from '../../tools/scale-bridge/simulate.ts';
import { expect, test } from './fixtures.ts';
import { collectPageErrors, signIn } from './helpers.ts';

/**
 * The yard's day of issue 4 driven by the scale bridge's simulator, the way `npm run scale-bridge -- --simulate`
 * runs it: a simulated 耀华 XK3190-A9 indicator sends its frames (climbing weight with noise, settling swing, line
 * damage), the bridge decodes them, decides stability and serves them with the camera's plate on the plugin link the
 * workstation connects to. A rehearsed day: one lorry drives on loaded and later comes back empty. Then the memo is
 * printed, the in-stock order the weighing made is reviewed, and the inventory shows its net weight at its cost.
 */

let plugin: PluginServer;
let timer: NodeJS.Timeout | undefined;
let sim: TruckSimulator;
const stamp = Date.now().toString(36).slice(-4).toUpperCase();
const car = `皖K${stamp}7`.slice(0, 7);

test.beforeAll(async () => {
  plugin = await startPluginServer({ host: '127.0.0.1', port: 0, scale: 'DB01' });
});

/** Powers the indicator on: frames of 100 ms sent every 20 ms through the bridge to the plugin link. */
function driveTrucks() {
  const bridge = new Bridge('xk3190-a9', { minReadings: 5, windowMs: 2000, tolerance: '20' }, 'DB01', {
    weight: (w) => plugin.publishWeight(w),
    car: (c) => plugin.publishCar(c),
  });
  // each truck stands still long enough for the clerk (75 and 150 simulated seconds = 15 s and 30 s here), and drives
  // off once the clerk has weighed it
  sim = new TruckSimulator({
    seed: 20261123,
    format: 'xk3190-a9',
    visits: [
      { carNumber: car, kg: 35_260, stableMs: 75_000 },
      { carNumber: car, kg: 12_300, stableMs: 150_000 },
    ],
  });
  timer = setInterval(() => {
    const tick = sim.step();
    bridge.feed(tick.bytes);
    if (tick.plate) bridge.plate(tick.plate);
  }, 20);
}
test.afterAll(async () => {
  clearInterval(timer);
  await plugin?.close();
});

async function api<T>(page: Page, path: string, query: Record<string, string> = {}) {
  const cookies = await page.context().cookies();
  const token = cookies.find((c) => c.name === 'loopyard-access-token')?.value ?? '';
  const headers = { 'Blade-Auth': `bearer ${token}`, Authorization: `Basic ${btoa('saber:saber_secret')}` };
  const r = await page.request.get(`${path}?${new URLSearchParams(query)}`, { headers });
  const json = (await r.json()) as { code: number; data: T; msg: string };
  expect(json.code, `${path}: ${json.msg}`).toBe(200);
  return json.data;
}

async function pick(page: Page, field: string, text: string) {
  await page.locator(`[data-ws-field=${field}] .semi-select`).click();
  await page.locator('.semi-select-option', { hasText: text }).first().click();
}

type Stock = { records: { qty: string; amount: string; materialName: string }[] };

test('the yard’s day on the simulated scale: gross with the plate, tare, memo, in-stock reviewed, stock at cost', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const errors = collectPageErrors(page);
  await page.addInitScript((url) => {
    localStorage.setItem('loopyard:station', JSON.stringify({ pluginUrl: url }));
  }, `ws://127.0.0.1:${plugin.port}/ws`);
  await signIn(page);

  const bridges = await api<{ id: string; code: string }[]>(page, '/api/izs-base/weighbridge/select-list');
  const db01 = bridges.find((b) => b.code === 'DB01');
  expect(db01).toBeTruthy();
  const wb = await api<{ warehouseId: string; warehouseName: string }>(page, '/api/izs-base/weighbridge/detail', {
    id: db01!.id,
  });
  const materials = await api<{ id: string; name: string }[]>(page, '/api/izs-base/material/select-list');
  const steel = materials.find((m) => m.name === '重废钢');
  expect(steel).toBeTruthy();
  const stockQuery = { warehouseId: wb.warehouseId, materialId: steel!.id, current: '1', size: '10' };
  const before = (await api<Stock>(page, '/api/izs-stock/inventory/page', stockQuery)).records[0];

  await page.goto(`/supply-chain/loadometer/${db01!.id}`);
  const station = page.getByTestId('weighing-station');
  await expect(station.locator('.ly-weight[data-status=enabled]')).toBeVisible();
  driveTrucks();

  // the loaded lorry drives on: first moving (no capture), then stable with the camera's plate
  await expect(page.getByTestId('ws-plate')).toHaveValue(car, { timeout: 30_000 });
  await expect(page.getByTestId('weight-digits')).toHaveText('35260');
  await expect(page.getByTestId('weight-stable')).toHaveText('稳定');
  await pick(page, 'partyId', '鑫达');
  await pick(page, 'materialId', '重废钢');
  await expect(page.getByTestId('ws-price-source')).toBeVisible(); // the price list answered: now type over it
  await page.locator('#ws-unitPrice').fill('2650');
  await page.locator('#ws-impurityRate').fill('1.5');
  await station.screenshot({ path: test.info().outputPath('workstation-gross.png') });
  await expect(page.getByTestId('ws-first-pass')).toBeEnabled();
  await page.keyboard.press('F2');
  await expect(page.getByText(new RegExp(`一次过磅完成：${car} 35,260 kg`))).toBeVisible();
  sim.driveOff();

  // it drives off, unloads, and comes back empty: the plate finds its open record
  await expect(page.getByTestId('ws-stage')).toHaveText('已一次过磅 · 待二次过磅', { timeout: 60_000 });
  await expect(page.getByTestId('weight-digits')).toHaveText('12300');
  await expect(page.getByTestId('weight-stable')).toHaveText('稳定');
  const orderNo = (await page.getByTestId('ws-order-no').textContent()) ?? '';
  expect(orderNo).toMatch(/^GB\d{12}$/);
  // 35260 − 12300 = 22960; 扣杂 1.5 % = 344.4; net 22615.6 kg = 22.6156 t × 2650 = 59931.34
  await expect(page.getByTestId('fig-net')).toContainText('22,615.6');
  await expect(page.getByTestId('fig-amount')).toContainText('59,931.34');
  await expect(page.getByTestId('ws-second-pass')).toBeEnabled();
  await page.keyboard.press('F3');
  await expect(page.getByTestId('ws-stage')).toHaveText('已二次过磅 · 待完成');
  await expect(page.getByTestId('ws-complete')).toBeEnabled();
  await page.keyboard.press('F4');
  await expect(page.getByTestId('ws-stage')).toHaveText('已完成');
  const done = page.getByText(new RegExp(`磅单 ${orderNo} 已完成，已生成出入库单 RK\\d+`));
  await expect(done).toBeVisible();
  const inStockNo = /RK\d+/.exec((await done.textContent()) ?? '')?.[0] ?? '';
  await station.screenshot({ path: test.info().outputPath('workstation-completed.png') });

  // the memo's print page renders completely
  const popup = context.waitForEvent('page');
  await page.keyboard.press('F8');
  const memo = await popup;
  await expect(memo.locator('body[data-print-ready="1"]')).toBeAttached();
  await expect(memo.getByTestId('wm-order-no')).toHaveText(orderNo);
  await expect(memo.getByTestId('wm-plate')).toHaveText(car);
  await expect(memo.getByTestId('wm-net')).toHaveText('22,615.6');
  await memo.screenshot({ path: test.info().outputPath('weight-memo.png') });
  await memo.close();

  // the in-stock order is reviewed
  await page.goto('/supply-chain/purchase/in-stock');
  const row = page.locator('.ly-crud-table .semi-table-tbody .semi-table-row', { hasText: inStockNo });
  await expect(row).toHaveCount(1);
  if (await row.getByTestId('doc-submitReview').count()) {
    await row.getByTestId('doc-submitReview').click();
    await expect(row).toContainText('已提交');
  }
  await row.getByTestId('doc-review').click();
  await page.getByTestId('doc-confirm').click();
  await expect(row).toContainText('已审核');

  // the inventory went up by exactly the net weight, at the weighing's amount
  const qty = new Decimal(before?.qty ?? 0).plus('22615.6');
  const amount = new Decimal(before?.amount ?? 0).plus('59931.34');
  await page.goto('/supply-chain/stock/inventory-list');
  await page.locator('.ly-crud-search-item:has-text("仓库") .semi-select').first().click();
  await page.locator('.semi-select-option', { hasText: wb.warehouseName }).first().click();
  await page.getByTestId('query-search').click();
  const stockRow = page
    .locator('.ly-crud-table .semi-table-tbody .semi-table-row', { hasText: '重废钢' })
    .filter({ hasText: wb.warehouseName });
  await expect(stockRow).toContainText(formatDecimal(qty.toFixed(3), 3));
  await expect(stockRow).toContainText(formatDecimal(amount.toFixed(2), 2));
  expect(errors).toEqual([]);
});
