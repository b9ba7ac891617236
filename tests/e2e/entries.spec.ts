import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import Decimal from 'decimal.js';
import type { DashboardSummary } from '../../core/contract/blade-system.contract.ts';
import { expect, test } from './fixtures.ts';
import { apiAs, collectPageErrors, signIn } from './helpers.ts';

test('the visual entry scales its 1920×1080 stage to the window and shows live figures', async ({ page }) => {
  const errors = collectPageErrors(page);
  await signIn(page);
  await page.setViewportSize({ width: 960, height: 540 });
  await page.goto('/visual/home');
  const stage = page.getByTestId('visual-stage');
  await expect(stage).toHaveAttribute('data-scale', '0.5000');
  await expect(page.getByTestId('today-count')).toBeVisible();
  const box = await stage.boundingBox();
  expect(box?.width).toBeCloseTo(960, 0);

  // a purchase truck completes its weighing today: the wall shows the server's figures, which moved
  const before = (await apiAs<DashboardSummary>(page, '/api/izs-toolbox/dashboard/summary')).data.today;
  const bridges = await apiAs<{ id: string; code: string }[]>(page, '/api/izs-base/weighbridge/select-list');
  const mats = await apiAs<{ id: string; code?: string; name: string }[]>(page, '/api/izs-base/material/select-list');
  const parties = await apiAs<{ id: string }[]>(page, '/api/izs-stock/supplier/select-list');
  const W = '/api/izs-weighing/loadometer-order';
  const first = await apiAs<{ id: string }>(page, `${W}/first-pass`, {
    orderType: 'purchase',
    weighbridgeId: bridges.data[0].id,
    carNumber: '浙B6E402',
    weight: '28400',
    stable: true,
    partyId: parties.data[0].id,
    materialId: mats.data.find((m) => m.code === 'WL0001' || m.name === '重废钢')?.id,
    impurityRate: '0',
  });
  expect(first.msg).toBe('操作成功');
  const done = await apiAs(page, `${W}/second-pass`, { id: first.data.id, weight: '11150', stable: true, complete: 1 });
  expect(done.data.netWeight).toBe('17250.000');
  const now = (await apiAs<DashboardSummary>(page, '/api/izs-toolbox/dashboard/summary')).data.today;
  expect(now.weighCount).toBe(before.weighCount + 1);
  expect(now.inNetKg).toBe(new Decimal(before.inNetKg).plus(17250).toFixed(3));
  // the main wall screen reads the same day's weighings: its figures equal the dashboard's and show on the stage
  type Home = { todayFigures: { weighCount: number; inNetKg: string; outNetKg: string } };
  const home = (await apiAs<Home>(page, '/api/izs-visual/home')).data.todayFigures;
  expect(home.weighCount).toBe(now.weighCount);
  expect(new Decimal(home.inNetKg).toFixed(3)).toBe(now.inNetKg);
  expect(new Decimal(home.outNetKg).toFixed(3)).toBe(now.outNetKg);
  await page.reload();
  await expect(page.getByTestId('today-count')).toContainText(String(now.weighCount));
  expect(errors).toEqual([]);
});

test('a wall screen opened without signing in says so', async ({ page }) => {
  await page.goto('/visual/data-board');
  await expect(page.getByTestId('visual-error')).toContainText('请先登录后台');
});

test('the print entry renders the memo page; signed out it says why and offers no print', async ({ page }) => {
  // (signed in, the weighing e2e prints a memo and checks 请在客户端内使用打印功能。)
  await page.goto('/print-template/weight-memo?id=1');
  await expect(page.getByText('请先登录系统后再打印磅单')).toBeVisible();
  await expect(page.getByRole('button', { name: '打印' })).toBeDisabled();
  await expect(page.locator('body')).not.toHaveAttribute('data-print-ready', '1');
});

test('the public trace page needs no login: a seeded reviewed document checks out by its link; the number alone or an unknown order has 暂无数据', async ({
  page,
  browser,
}) => {
  await signIn(page);
  const cookies = await page.context().cookies();
  const token = cookies.find((c) => c.name === 'loopyard-access-token')?.value ?? '';
  const headers = { 'Blade-Auth': `bearer ${token}`, Authorization: `Basic ${btoa('saber:saber_secret')}` };
  const list = await (await page.request.get('/api/izs-stock/in-stock/page?state=reviewed&size=1', { headers })).json();
  const orderNo: string = list.data.records[0].orderNo;
  const chain = await (
    await page.request.get(
      `/api/izs-toolbox/blockchain/transaction-by-order-no?orderType=in_stock&orderNo=${orderNo}`,
      {
        headers,
      },
    )
  ).json();
  const { transactionReceipt: receipt, link } = JSON.parse(chain.data);
  expect(link).toMatch(new RegExp(`^/blockchain-info/in_stock/${orderNo}\\?t=[A-Za-z0-9_-]{22}$`));

  const anon = await browser.newContext();
  const p = await anon.newPage();
  // the guessable number alone opens nothing
  await p.goto(`/blockchain-info/in_stock/${orderNo}`);
  await expect(p.getByTestId('trace-result')).toContainText('暂无数据');
  await expect(p.getByTestId('trace-msg')).toHaveText('溯源链接无效，请扫描单据上的二维码');
  await p.goto(link);
  await expect(p.getByText(orderNo).first()).toBeVisible();
  await expect(p.getByTestId('trace-verdict')).toContainText('校验通过');
  await expect(p.getByTestId('trace-block')).toContainText(String(receipt.blockNumber));
  await expect(p.getByTestId('trace-block')).toContainText(receipt.blockHash);
  await expect(p.getByTestId('trace-fields')).toContainText('采购入库');

  await p.goto('/blockchain-info/1/CG202611210001');
  await expect(p.getByText('CG202611210001')).toBeVisible();
  await expect(p.getByTestId('trace-result')).toContainText('暂无数据');
  await anon.close();

  // issue 14: the trace entry stays under 50 kB gzip (everything its page loads: script, preloads, style)
  const html = readFileSync('dist/entries/trace/index.html', 'utf8');
  const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
  expect(assets.length).toBeGreaterThan(1);
  const gz = assets.reduce((n, a) => n + gzipSync(readFileSync(`dist${a}`), { level: 9 }).length, 0);
  expect(gz).toBeLessThan(50 * 1024);
});
