import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { collectPageErrors, signIn } from './helpers.ts';

/**
 * 派车单 (issue 24, unattended lane) in Chromium against the real server: the list under 过磅 finds a slip by
 * plate and shows its QR code (the slip's number); at the weighing station the slip's number — what a scanner types
 * from the QR — fills the truck's plate, party and material, at the station and on 简易过磅; 派车单详情 (the list's
 * number opens it) shows the QR, the plan and the weighings made under it, and 磅单详情's slip link comes back to it.
 */

async function api<T = Record<string, string>>(page: Page, path: string, body?: unknown) {
  const cookies = await page.context().cookies();
  const token = cookies.find((c) => c.name === 'loopyard-access-token')?.value ?? '';
  const headers = { 'Blade-Auth': `bearer ${token}`, Authorization: `Basic ${btoa('saber:saber_secret')}` };
  const r =
    body === undefined
      ? await page.request.get(path, { headers })
      : await page.request.post(path, { headers, data: body });
  return (await r.json()) as { code: number; data: T; msg: string };
}

test('派车单: listed and found by plate, its QR code shown; the station takes its number and fills the truck', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const errors = collectPageErrors(page);
  await signIn(page);
  const parties = await api<{ id: string; name: string }[]>(page, '/api/izs-base/related-party/select-list');
  const materials = await api<{ id: string; name: string }[]>(page, '/api/izs-base/material/select-list');
  const party = parties.data.find((p) => p.name.includes('鑫达'));
  const mat = materials.data.find((m) => m.name === '重废钢');
  expect(party && mat).toBeTruthy();
  const car = `皖A${Date.now().toString(36).slice(-4).toUpperCase()}7`.slice(0, 7);
  const now = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
  const saved = await api<{ id: string; slipNo: string }>(page, '/api/izs-weighing/dispatch-slip/submit', {
    orderType: 'purchase',
    partyId: party!.id,
    materialId: mat!.id,
    carNumber: car,
    plannedKg: '30000',
    validFrom: now,
    validTo: now,
  });
  expect(saved.msg).toBe('操作成功');
  const slipNo = saved.data.slipNo;

  // the list under 过磅: search by plate, 二维码
  await page.goto('/supply-chain/dispatch-slip');
  await expect(page.getByRole('button', { name: '新增' })).toBeVisible();
  await page.getByTestId('crud-search').getByPlaceholder('请输入车牌号').fill(car);
  await page.getByTestId('crud-search').getByRole('button', { name: '搜索' }).click();
  const row = page.locator('.ly-crud-table .semi-table-tbody .semi-table-row', { hasText: slipNo });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('重废钢');
  await expect(row).toContainText('有效');
  await page.getByTestId(`slip-qr-${slipNo}`).click();
  await expect(page.getByTestId('slip-qr').getByTestId('qr-code')).toHaveAttribute('data-value', slipNo);
  await expect(page.getByTestId('slip-qr')).toContainText(car);
  await page.screenshot({ path: test.info().outputPath('dispatch-slip-qr.png') });

  // the station: the scanner types the QR's text and Enter
  await page.goto('/supply-chain/loadometer/1');
  await expect(page.getByTestId('weighing-station')).toBeVisible();
  await page.getByTestId('ws-slip').fill(slipNo);
  await page.getByTestId('ws-slip').press('Enter');
  await expect(page.getByTestId('ws-plate')).toHaveValue(car);
  await expect(page.locator('[data-ws-field=partyId]')).toContainText('鑫达');
  await expect(page.locator('[data-ws-field=materialId]')).toContainText('重废钢');

  // 简易过磅 takes the slip the same way
  await page.goto('/supply-chain/ease-loadometer');
  const ease = page.getByTestId('ease-station');
  await expect(ease).toHaveAttribute('data-stage', 'new');
  await ease.getByTestId('ws-slip').fill(slipNo);
  await ease.getByTestId('ws-slip').press('Enter');
  await expect(ease.getByTestId('ws-plate')).toHaveValue(car);
  await expect(ease.locator('[data-ws-field=partyId]')).toContainText('鑫达');
  await expect(ease.locator('[data-ws-field=materialId]')).toContainText('重废钢');
  await page.screenshot({ path: test.info().outputPath('ease-slip.png') });

  // a weighing made under the slip; 派车单详情 (opened from the list's number) shows the QR, the plan and it
  const bridges = await api<{ id: string; code: string }[]>(page, '/api/izs-base/weighbridge/select-list');
  const end = Date.now();
  const readings = Array.from({ length: 9 }, (_, i) => ({ t: end - (8 - i) * 500, v: '30000', s: true }));
  const weighed = await api<{ id: string; orderNo: string }>(page, '/api/izs-weighing/loadometer-order/first-pass', {
    orderType: 'purchase',
    weighbridgeId: bridges.data[0].id,
    carNumber: car,
    weight: '30000',
    readings,
    plateRead: car,
    dispatchSlipNo: slipNo,
  });
  expect(weighed.msg).toBe('操作成功');
  await page.goto('/supply-chain/dispatch-slip');
  await page.getByTestId('crud-search').getByPlaceholder('请输入车牌号').fill(car);
  await page.getByTestId('crud-search').getByRole('button', { name: '搜索' }).click();
  await page.getByRole('link', { name: slipNo }).click();
  await expect(page).toHaveURL(/\/supply-chain\/dispatch-slip-detail\/\d+$/);
  const slipUrl = page.url();
  await expect(page.getByTestId('detail-card-slip-qr').getByTestId('qr-code')).toHaveAttribute('data-value', slipNo);
  await expect(page.getByTestId('detail-card-slip-qr')).toContainText(now);
  const weighings = page.getByTestId('detail-card-slip-weighings');
  await expect(weighings).toContainText('共 1 次过磅');
  await page.screenshot({ path: test.info().outputPath('dispatch-slip-detail.png'), fullPage: true });
  // its weighing opens 磅单详情, whose slip link comes back here
  await weighings.getByRole('link', { name: weighed.data.orderNo }).click();
  await expect(page).toHaveURL(/\/supply-chain\/weight-memo-detail\//);
  await page.getByTestId('memo-slip-link').click();
  await expect(page).toHaveURL(slipUrl);
  await expect(page.getByTestId('detail-card-slip-weighings')).toContainText(weighed.data.orderNo);
  await api(page, '/api/izs-weighing/loadometer-order/void', { id: weighed.data.id, reason: '测试' });
  expect(errors).toEqual([]);
});

const SHOTS = 'test-results/dispatch-slip';

/** A slip for a fresh plate, valid today (the yard's day), 30 t of 重废钢 from 鑫达. */
async function newSlip(page: Page) {
  const parties = await api<{ id: string; name: string }[]>(page, '/api/izs-base/related-party/select-list');
  const materials = await api<{ id: string; name: string }[]>(page, '/api/izs-base/material/select-list');
  const party = parties.data.find((p) => p.name.includes('鑫达'));
  const mat = materials.data.find((m) => m.name === '重废钢');
  const car = `皖P${Date.now().toString(36).slice(-4).toUpperCase()}8`.slice(0, 7);
  const now = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
  const saved = await api<{ id: string; slipNo: string }>(page, '/api/izs-weighing/dispatch-slip/submit', {
    orderType: 'purchase',
    partyId: party!.id,
    materialId: mat!.id,
    carNumber: car,
    plannedKg: '30000',
    validFrom: now,
    validTo: now,
    driverName: '王师傅',
  });
  expect(saved.msg).toBe('操作成功');
  return { ...saved.data, car, now, partyName: party!.name };
}

test('派车单 prints from the list and from 派车单详情: QR code, plate, plan and validity (A5, 80 mm)', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await signIn(page);
  const slip = await newSlip(page);
  await page.goto('/supply-chain/dispatch-slip');
  await page.getByTestId('crud-search').getByPlaceholder('请输入车牌号').fill(slip.car);
  await page.getByTestId('crud-search').getByRole('button', { name: '搜索' }).click();
  const [sheetPage] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByTestId(`slip-print-${slip.slipNo}`).click(),
  ]);
  await sheetPage.setViewportSize({ width: 1000, height: 760 });
  const sheet = sheetPage.getByTestId('slip-print');
  await expect(sheet).toHaveAttribute('data-paper', 'a5');
  await expect(sheet.getByTestId('qr-code')).toHaveAttribute('data-value', slip.slipNo);
  await expect(sheet.getByTestId('ds-slip-no')).toHaveText(slip.slipNo);
  await expect(sheet.getByTestId('ds-plate')).toHaveText(slip.car);
  await expect(sheet.getByTestId('ds-方向')).toHaveText('采购（送货）');
  await expect(sheet.getByTestId('ds-供应商')).toHaveText(slip.partyName);
  await expect(sheet.getByTestId('ds-物料')).toHaveText('重废钢');
  await expect(sheet.getByTestId('ds-计划数量')).toHaveText('30,000 kg');
  await expect(sheet.getByTestId('ds-validity')).toHaveText(`${slip.now} 至 ${slip.now}`);
  await sheet.screenshot({ path: `${SHOTS}/dispatch-slip-a5.png` });
  // the 80 mm roll: the same slip, one column
  await sheetPage.goto(`/print/dispatch-slip?id=${slip.id}&paper=80`);
  await expect(sheetPage.getByTestId('slip-print')).toHaveAttribute('data-paper', '80');
  await expect(sheetPage.getByTestId('ds-plate')).toHaveText(slip.car);
  await sheetPage.getByTestId('slip-print').screenshot({ path: `${SHOTS}/dispatch-slip-80mm.png` });
  await sheetPage.close();

  // 派车单详情: the plan once (派车计划), the QR card with number, plate, validity — and 打印
  await page.goto(`/supply-chain/dispatch-slip-detail/${slip.id}`);
  await expect(page.getByTestId('detail-card-派车计划')).toContainText('重废钢');
  const card = page.getByTestId('detail-card-slip-qr');
  await expect(card).toContainText(slip.car);
  await expect(card).not.toContainText('重废钢');
  await expect(page.getByText('重废钢', { exact: true })).toHaveCount(1);
  await page.screenshot({ path: `${SHOTS}/dispatch-slip-detail.png`, fullPage: true });
  const [fromDetail] = await Promise.all([page.context().waitForEvent('page'), page.getByTestId('slip-print').click()]);
  await expect(fromDetail.getByTestId('slip-print').getByTestId('qr-code')).toHaveAttribute('data-value', slip.slipNo);
  await fromDetail.close();
  expect(errors).toEqual([]);
});

test('电子磅单: a completed weighing’s e-ticket is issued, 磅单详情 links it, the link opens and checks out', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await signIn(page);
  const slip = await newSlip(page);
  const bridges = await api<{ id: string }[]>(page, '/api/izs-base/weighbridge/select-list');
  const steady = (v: string) => {
    const end = Date.now();
    return Array.from({ length: 9 }, (_, i) => ({ t: end - (8 - i) * 500, v, s: true }));
  };
  const first = await api<{ id: string; orderNo: string }>(page, '/api/izs-weighing/loadometer-order/first-pass', {
    orderType: 'purchase',
    weighbridgeId: bridges.data[0].id,
    carNumber: slip.car,
    weight: '30000',
    readings: steady('30000'),
    plateRead: slip.car,
    dispatchSlipNo: slip.slipNo,
  });
  expect(first.msg).toBe('操作成功');
  const second = await api(page, '/api/izs-weighing/loadometer-order/second-pass', {
    id: first.data.id,
    weight: '12000',
    readings: steady('12000'),
    complete: 1,
  });
  expect(second.msg).toBe('操作成功');
  const ticket = await api<{ path: string }>(page, '/api/izs-weighing/loadometer-order/eticket', { id: first.data.id });
  expect(ticket.msg).toBe('操作成功');
  expect(ticket.data.path).toMatch(/^\/blockchain-info\/weighing\/GB\d+\?t=[A-Za-z0-9_-]{22}$/);

  await page.goto(`/supply-chain/weight-memo-detail/${first.data.id}`);
  const link = page.getByTestId('memo-eticket-link');
  await expect(link).toHaveAttribute('href', ticket.data.path);
  await expect(page.getByTestId('memo-slip-link')).toHaveText(slip.slipNo);
  const [trace] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
  await trace.setViewportSize({ width: 390, height: 844 });
  await expect(trace.getByTestId('trace-verdict')).toContainText('校验通过');
  await expect(trace.getByTestId('trace-fields')).toContainText('电子磅单');
  await expect(trace.getByTestId('trace-fields')).toContainText(slip.car);
  // its chain records by their Chinese names (过磅完成, 电子磅单), not the event keys
  await expect(trace.getByText('eticket', { exact: true })).toHaveCount(0);
  await trace.screenshot({ path: `${SHOTS}/eticket-phone.png`, fullPage: true });
  expect(errors).toEqual([]);
});
