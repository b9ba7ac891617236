import type { Page } from '@playwright/test';
import { type PluginServer, startPluginServer } from '../../tools/scale-bridge/plugin.ts';
import { expect, test } from './fixtures.ts';
import { collectPageErrors, signIn } from './helpers.ts';

/**
 * The yard's day through the UI (issue 4), in Chromium against the real server: a real plugin link (the scale
 * bridge's STOMP-over-WebSocket server from tools/scale-bridge/plugin.ts, started here on a free port) publishes
 * the indicator's readings and the camera's plates; the workstation is pointed at it through this PC's station
 * setting. Nothing of our server is mocked.
 */

let plugin: PluginServer;
let pluginPort = 0;

test.beforeAll(async () => {
  plugin = await startPluginServer({ host: '127.0.0.1', port: 0, scale: 'DB01' });
  pluginPort = plugin.port;
});
test.afterAll(async () => {
  await plugin?.close();
});

/**
 * The bridge reads `value`; a stable one as a real indicator reports it: the weight first, "stable" once it has held
 * over a second (the server refuses a 'stable' the last second of readings contradicts — core/weighing/anti-cheat.ts).
 */
async function weigh(value: string, stable: boolean) {
  plugin.publishWeight({ value, unit: 'kg', stable: false, scale: 'DB01', time: Date.now() });
  if (!stable) return;
  await new Promise((r) => setTimeout(r, 1100));
  plugin.publishWeight({ value, unit: 'kg', stable: true, scale: 'DB01', time: Date.now() });
}
const plate = (carNumber: string) => plugin.publishCar({ carNumber, color: '黄', scale: 'DB01', time: Date.now() });

/** The workstation talks to the test's plugin link (the per-PC setting 地磅插件地址). */
async function usePlugin(page: Page) {
  await page.addInitScript((url) => {
    localStorage.setItem('loopyard:station', JSON.stringify({ pluginUrl: url }));
  }, `ws://127.0.0.1:${pluginPort}/ws`);
}

/** Calls the API as the signed-in user (the access-token cookie). */
async function api<T = Record<string, string>>(
  page: Page,
  path: string,
  body?: unknown,
  query: Record<string, string> = {},
) {
  const cookies = await page.context().cookies();
  const token = cookies.find((c) => c.name === 'loopyard-access-token')?.value ?? '';
  const headers = { 'Blade-Auth': `bearer ${token}`, Authorization: `Basic ${btoa('saber:saber_secret')}` };
  const url = `${path}?${new URLSearchParams(query)}`;
  const r =
    body === undefined
      ? await page.request.get(url, { headers })
      : await page.request.post(url, { headers, data: body });
  return (await r.json()) as { code: number; data: T; msg: string };
}

async function pick(page: Page, field: string, text: string) {
  await page.locator(`[data-ws-field=${field}] .semi-select`).click();
  await page.locator('.semi-select-option', { hasText: text }).first().click();
}

test('the yard’s day: stable gross with the camera plate, tare, complete, memo in the list, printed memo figures', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  const errors = collectPageErrors(page);
  await usePlugin(page);
  await signIn(page);

  // the warehouse prints the memo with prices (print settings, spec §7.7)
  const bridges = await api<{ id: string; code: string }[]>(page, '/api/izs-base/weighbridge/select-list');
  const db01 = bridges.data.find((b) => b.code === 'DB01');
  expect(db01).toBeTruthy();
  const wb = await api(page, '/api/izs-base/weighbridge/detail', undefined, { id: db01!.id });
  const saved = await api(page, '/api/izs-sell/print-config/save', {
    warehouseId: wb.data.warehouseId,
    template: 'amount',
    paper: 'c241-half',
    copies: 3,
    marginTop: 4,
    marginLeft: 6,
  });
  expect(saved.code).toBe(200);

  // the sidebar's 过磅作业 (/1) opens a weighbridge; switch to 1号地磅(进场)
  await page.goto('/supply-chain/loadometer/1');
  await expect(page.getByTestId('weighing-station')).toBeVisible();
  await page.locator('.ly-ws-bridge .semi-select').first().click();
  await page.locator('.semi-select-option', { hasText: '1号地磅(进场)' }).click();
  await expect(page).toHaveURL(new RegExp(`/supply-chain/loadometer/${db01!.id}$`));
  const station = page.getByTestId('weighing-station');
  await expect(station.locator('.ly-weight[data-status=enabled]')).toBeVisible();
  await expect(page.getByTestId('manual-entry')).toBeVisible(); // admin has 手工录入
  // the weighbridge's cameras (engine list + look through their descriptors): 1号磅车头 and 车尾 of the seed
  await expect(page.getByTestId('camera-strip')).toContainText('1号磅车头');

  // a loaded truck drives on: moving → no capture; stable + plate from the camera
  const stamp = Date.now().toString(36).slice(-4).toUpperCase();
  const car = `苏E${stamp}9`.slice(0, 7);
  await weigh('35180', false);
  await expect(page.getByTestId('weight-digits')).toHaveText('35180');
  await expect(page.getByTestId('ws-first-pass')).toBeDisabled();
  await weigh('35260', true);
  plate(car);
  await expect(page.getByTestId('weight-stable')).toHaveText('稳定');
  await expect(page.getByTestId('ws-plate')).toHaveValue(car);
  await pick(page, 'partyId', '鑫达');
  await pick(page, 'materialId', '重废钢');
  await expect(page.locator('[data-ws-field=materialId]')).toContainText('重废钢');
  await expect(page.getByTestId('ws-price-source')).toBeVisible(); // price looked up from the price list
  await page.locator('#ws-unitPrice').fill('2650');
  await page.locator('#ws-impurityRate').fill('1.5');
  await expect(page.getByTestId('ws-first-pass')).toBeEnabled();
  await page.keyboard.press('F2');
  await expect(page.getByText(new RegExp(`一次过磅完成：${car} 35,260 kg`))).toBeVisible();
  await expect(page.getByTestId(`queue-truck-${car}`)).toBeVisible(); // waiting for its second pass
  await expect(page.getByTestId('ws-stage')).toHaveText('新车辆 · 待一次过磅');

  // unloaded, the truck comes back empty: the camera's plate loads its open record
  await weigh('0', true);
  await expect(page.getByTestId('weight-digits')).toHaveText('0');
  await weigh('12300', true);
  plate(car);
  await expect(page.getByTestId('ws-stage')).toHaveText('已一次过磅 · 待二次过磅');
  await expect(page.getByTestId('ws-order-no')).toHaveText(/^GB\d{12}$/);
  const orderNo = (await page.getByTestId('ws-order-no').textContent()) ?? '';
  // the live preview: 35260 − 12300 = 22960, 扣杂 1.5 % = 344.4, net 22615.6 kg, 22.6156 t × 2650 = 59931.34
  await expect(page.getByTestId('fig-net')).toContainText('22,615.6');
  await expect(page.getByTestId('fig-amount')).toContainText('59,931.34');
  // the capture is ready once the new weight has held steady (a faster machine gets here first: 重量未稳定)
  await expect(page.getByTestId('ws-second-pass')).toBeEnabled();
  await page.keyboard.press('F3');
  await expect(page.getByTestId('ws-stage')).toHaveText('已二次过磅 · 待完成');
  await expect(page.getByTestId('ws-complete')).toBeEnabled();
  await page.keyboard.press('F4');
  await expect(page.getByTestId('ws-stage')).toHaveText('已完成');
  await expect(page.getByText(new RegExp(`磅单 ${orderNo} 已完成，已生成出入库单 RK\\d+`))).toBeVisible();
  await expect(page.getByTestId(`queue-truck-${car}`)).toHaveCount(0);

  // the memo in the list, found by plate
  await page.goto('/supply-chain/weight-memo');
  await page.getByTestId('crud-search').getByPlaceholder('请输入车牌号').fill(car);
  await page.getByTestId('crud-search').getByRole('button', { name: '搜索' }).click();
  const row = page.locator('.ly-crud-table .semi-table-tbody .semi-table-row', { hasText: orderNo });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('22,615.600');
  await expect(row).toContainText('59,931.34');
  await expect(row).toContainText('已完成');

  // its printed memo
  const popupPromise = context.waitForEvent('page');
  await row.getByRole('button', { name: '打印' }).click();
  const memo = await popupPromise;
  await memo.waitForLoadState();
  await expect(memo.locator('body[data-print-ready="1"]')).toBeAttached();
  await expect(memo.getByTestId('wm-order-no')).toHaveText(orderNo);
  await expect(memo.getByTestId('wm-plate')).toHaveText(car);
  await expect(memo.getByTestId('wm-gross')).toHaveText('35,260');
  await expect(memo.getByTestId('wm-tare')).toHaveText('12,300');
  await expect(memo.getByTestId('wm-deduction')).toHaveText('344.4');
  await expect(memo.getByTestId('wm-net')).toHaveText('22,615.6');
  await expect(memo.getByTestId('wm-netT')).toHaveText('22.616');
  await expect(memo.getByTestId('wm-price')).toHaveText('2,650.00');
  await expect(memo.getByTestId('wm-amount')).toHaveText('59,931.34');
  await expect(memo.getByTestId('wm-words')).toHaveText('金额大写：伍万玖仟玖佰叁拾壹元叁角肆分');
  await expect(memo.getByTestId('wm-weigher')).toHaveText('管理员');
  await expect(memo.getByTestId('weight-memo')).toHaveAttribute('data-paper', 'c241-half');
  expect(await memo.locator('style[data-weight-memo]').evaluate((el) => el.textContent)).toBe(
    '@page { size: 241mm 140mm; margin: 4mm 0mm 0mm 6mm; }',
  );
  await memo.screenshot({ path: test.info().outputPath('weight-memo.png') });
  // a plain browser cannot print (spec §8); the desktop client prints and the reprint is counted
  await memo.getByTestId('wm-print').click();
  await expect(memo.getByTestId('wm-message')).toHaveText('请在客户端内使用打印功能。');
  await memo.evaluate(() => {
    const w = window as unknown as { loopyardClient: unknown; printed: unknown[] };
    w.printed = [];
    w.loopyardClient = {
      listPrinters: async () => ['EPSON LQ-630K'],
      print: async (o: unknown) => void w.printed.push(o),
      setPrinters: async () => undefined,
    };
  });
  await memo.getByTestId('wm-print').click();
  await expect(memo.getByTestId('wm-print-count')).toContainText('第2次（补打）');
  const printed = await memo.evaluate(() => (window as unknown as { printed: unknown[] }).printed);
  expect(printed).toEqual([{ silent: false, copies: 3, pageSize: '241x140mm' }]);
  await memo.close();

  // the detail page shows the in-stock order made from it
  await row.getByRole('link', { name: orderNo }).click();
  await expect(page.getByTestId('detail-card-stock-doc')).toContainText(/RK\d+/);
  await expect(page.getByTestId('detail-card-stock-doc')).toContainText('22,615.6');
  expect(errors).toEqual([]);
});

test('a clerk without the manual permission has no manual entry; a lost plugin link says so and reconnects', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await usePlugin(page);
  await signIn(page, 'clerk', '123456', '/supply-chain/loadometer/1');
  await expect(page.getByTestId('weighing-station').locator('.ly-weight[data-status=enabled]')).toBeVisible();
  await expect(page.getByTestId('manual-entry')).toHaveCount(0);
  await expect(page.getByTestId('manual-toggle')).toHaveCount(0);
  await weigh('21480', false);
  await expect(page.getByTestId('ws-first-pass')).toBeDisabled();

  // the bridge goes away: the screen says so; back again, 重新连接 reconnects
  await plugin.close();
  await expect(page.getByTestId('ws-link-down')).toBeVisible();
  await expect(page.getByTestId('weight-digits')).toHaveText('------');
  plugin = await startPluginServer({ host: '127.0.0.1', port: pluginPort, scale: 'DB01' });
  await page.getByTestId('ws-link-down').getByRole('button', { name: '重新连接' }).click();
  await expect(page.getByTestId('ws-link-down')).toHaveCount(0);
  await weigh('21480', true);
  await expect(page.getByTestId('weight-stable')).toHaveText('稳定');
  expect(errors).toEqual([]);
});

test('简易过磅: the plate decides the pass — an empty truck in, loaded out, completed with one key each', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await usePlugin(page);
  await signIn(page, 'admin', 'admin', '/supply-chain/ease-loadometer');
  const ease = page.getByTestId('ease-station');
  await expect(ease.locator('.ly-weight[data-status=enabled]')).toBeVisible();
  const car = `浙B${Date.now().toString(36).slice(-4).toUpperCase()}8`.slice(0, 7);

  // the deck is empty before the truck drives on (the link may still report the last test's truck: a steady weight
  // jumping straight to another is the remote-control step the anti-cheat rules flag, issue 24)
  await weigh('0', true);
  await weigh('14000', true);
  plate(car);
  await expect(page.getByTestId('ws-plate')).toHaveValue(car);
  await page.getByTestId('ws-order-type').getByText('销售').click();
  await pick(page, 'partyId', '宁波钢铁');
  await pick(page, 'materialId', '重废钢');
  await expect(page.locator('[data-ws-field=materialId]')).toContainText('重废钢');
  await expect(page.getByTestId('ease-weigh')).toContainText('一次过磅');
  await expect(page.getByTestId('ease-weigh')).toBeEnabled();
  await page.keyboard.press('F2');
  await expect(page.getByText(new RegExp(`一次过磅完成：${car} 14,000 kg`))).toBeVisible();

  await weigh('0', true);
  await weigh('39000', true);
  plate(car);
  await expect(page.getByTestId('weight-digits')).toHaveText('39000');
  await expect(ease).toHaveAttribute('data-stage', 'second');
  await expect(page.getByTestId('ease-weigh')).toContainText('二次过磅并完成');
  // enabled once the new weight has held steady (pressed sooner, the station refuses: 重量未稳定)
  await expect(page.getByTestId('ease-weigh')).toBeEnabled();
  await page.keyboard.press('F2');
  await expect(ease).toHaveAttribute('data-stage', 'completed');
  // 39000 − 14000 = 25000; the material's 扣杂 1.5 % = 375; net 24625 kg
  await expect(page.getByTestId('fig-net')).toContainText('24,625');
  await expect(page.getByTestId('fig-tare')).toContainText('14,000');
  await expect(page.getByText(/过磅完成：.* 净重 24,625 kg，已生成 CK\d+/)).toBeVisible();
  expect(errors).toEqual([]);
});

test('分拣过磅: outputs weighed in a container, loss shown, the disassembly order made and submitted', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await usePlugin(page);
  await signIn(page, 'admin', 'admin', '/supply-chain/assembly-loadometer');
  await expect(page.getByTestId('sorting-station').locator('.ly-weight[data-status=enabled]')).toBeVisible();
  const sel = async (id: string, text: string) => {
    await page.locator(`#${id}`).click();
    await page.locator('.semi-select-option', { hasText: text }).first().click();
  };
  await sel('sort-input', '统料');
  await page.locator('#sort-input-qty').fill('10000');
  await page.locator('#sort-tare').fill('240');
  await expect(page.getByTestId('sort-make')).toBeDisabled(); // no output yet

  await sel('sort-output', '重废钢');
  await weigh('6440', false);
  await expect(page.getByTestId('sort-weigh')).toBeDisabled(); // moving
  await weigh('6440', true);
  await expect(page.getByTestId('sort-weigh')).toBeEnabled();
  await page.keyboard.press('F2');
  await sel('sort-output', '中型废钢');
  await weigh('3690', true);
  await expect(page.getByTestId('weight-digits')).toHaveText('3690');
  await expect(page.getByTestId('sort-weigh')).toBeEnabled(); // stable
  await page.keyboard.press('F2');
  const summary = page.getByTestId('sort-summary');
  await expect(summary).toContainText('9,650'); // 6200 + 3450 (container tare taken off)
  await expect(summary).toContainText('350');
  await expect(summary).toContainText('3.50%');

  await page.keyboard.press('F4');
  await expect(page.getByText(/已生成拆解分拣单 CF\d+/)).toBeVisible();
  const created = page.getByTestId('sort-created');
  await expect(created).toContainText('草稿');
  await created.getByRole('button', { name: '提交审核' }).click();
  await expect(created).toContainText('已提交');
  expect(errors).toEqual([]);
});
