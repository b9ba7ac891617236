import type { Browser, Page } from '@playwright/test';
import { flattenMenu } from '../../core/router/menu-tree.ts';
import { startPluginServer } from '../../tools/scale-bridge/plugin.ts';
import { axeViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { apiAs, collectPageErrors, signIn } from './helpers.ts';
import { offScreen, UNGROUPED } from './menu-walk.ts';

/**
 * Issue 26, the screens a Chinese accountant expects (the walk over every page is screens-walk.spec.ts): the server's 今天,
 * labelled dialogs in Chinese, links that open real data and states that say what happened.
 */

const SHOTS = '.tmp/shots';
test.describe.configure({ timeout: 120_000 }); // a shared 2-core machine: the map and report chunks load slowly

test('reports, ledgers and contracts group money (two decimals)', async ({ page }) => {
  await signIn(page);
  for (const path of ['/statement-analysis/purchase-statement', '/ledger/purchase', '/finance/cost/manage/stock']) {
    await page.goto(path);
    await expect(page.locator('table').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page.locator('#root')).toContainText(/\d{1,3}(,\d{3})+\.\d{2}/);
    expect((await page.locator('#root').innerText()).match(UNGROUPED) ?? []).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/after${path.replaceAll('/', '-')}.png` });
  }
});

/** A browser zone whose calendar day differs from the server's (Asia/Shanghai) right now. */
function zoneOnAnotherDay(): string {
  const shanghaiHour = Number(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Shanghai', hour: '2-digit', hourCycle: 'h23' }).format(
      new Date(),
    ),
  );
  return shanghaiHour < 20 ? 'Etc/GMT+12' : 'Pacific/Kiritimati'; // 20 h behind, or 6 h ahead
}

async function pageInZone(browser: Browser, timezoneId: string) {
  const context = await browser.newContext({
    timezoneId,
    locale: 'zh-CN',
    viewport: { width: 1440, height: 900 },
  });
  return context.newPage();
}

test("今天 is the server's day, whatever the browser's zone (收款, 合同, 司机轨迹, 台账)", async ({ browser }) => {
  const page = await pageInZone(browser, zoneOnAnotherDay());
  await signIn(page);
  const info = await apiAs<{ today: string }>(page, '/api/blade-system/site-info');
  const today = info.data.today;
  const browserDay = await page.evaluate(() => new Date().toLocaleDateString('sv-SE'));
  expect(browserDay, 'the test needs a browser on another calendar day').not.toBe(today);

  await page.goto('/accounting/receivable/collection-order');
  await page.getByTestId('crud-arap-collection').getByTestId('crud-add').click();
  const dialog = page.getByRole('dialog', { name: '新增收款单' });
  await expect(dialog.getByRole('combobox', { name: '收款日期' }).locator('input')).toHaveValue(today, {
    timeout: 30_000,
  });
  await page.keyboard.press('Escape');

  await page.goto('/contract/trading/edit/0');
  await expect(page.locator('[data-field=signDate] input')).toHaveValue(today, { timeout: 30_000 });

  await page.goto('/logistical/driver-track');
  await expect(page.locator('.semi-datepicker input').first()).toHaveValue(today, { timeout: 30_000 });

  await page.goto('/ledger/purchase');
  await expect(page.locator('.ly-ledger-bar .semi-datepicker input').last()).toHaveValue(today, { timeout: 30_000 });
  await page.context().close();
});

test('dates and times: Semi zh_CN pickers, yyyy-MM-dd, relative 定位时间', async ({ page }) => {
  await signIn(page, 'admin', 'admin', '/accounting/receivable/receivable-order');
  await expect(page.locator('input[type=date]')).toHaveCount(0);
  const begin = page.getByRole('combobox', { name: '开始日期' });
  await begin.click();
  // the calendar speaks Chinese (zh_CN locale): 2026年 11月, weekday heads 日 一 二 …
  const popup = page.locator('.semi-popover-wrapper').last();
  await expect(popup).toContainText('年');
  await expect(popup).toContainText('一');
  await expect(popup).not.toContainText(/Mon|Tue|January|February|November|December/);
  await page.keyboard.press('Escape');
  await page.goto('/logistical/vehicle-position');
  const table = page.locator('.semi-table-tbody');
  await expect(table.locator('tr').first()).toBeVisible();
  const text = await table.innerText();
  expect(text).not.toMatch(/\d{4}\/\d{1,2}\/\d{1,2}/);
  expect(text).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
  expect(text).toMatch(/刚刚|分钟前|小时前|天前|\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
  await page.screenshot({ path: `${SHOTS}/after-vehicle-position.png` });
});

/** Every control in the dialog: its role and accessible name (Playwright's ARIA snapshot). */
async function controlNames(dialog: ReturnType<Page['getByRole']>) {
  const yaml = await dialog.ariaSnapshot();
  return [...yaml.matchAll(/- (textbox|combobox|checkbox|spinbutton|radio|button)(?: "([^"]*)")?/g)].map((m) =>
    `${m[1]} ${m[2] ?? ''}`.trim(),
  );
}

test('the 收款 dialog: every control has a visible Chinese label and the same accessible name (axe)', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await signIn(page, 'admin', 'admin', '/accounting/receivable/collection-order');
  await page.getByTestId('crud-arap-collection').getByTestId('crud-add').click();
  const dialog = page.getByRole('dialog', { name: '新增收款单' });
  await expect(dialog).toBeVisible();
  for (const name of ['客户', '收款日期', '金额（元）', '手续费（元）', '账户类型', '银行账户', '收款方式', '备注']) {
    const label = dialog
      .locator('.ly-field-label')
      .filter({ hasText: new RegExp(`^\\*?${name.replace(/[()（）]/g, '.')}$`) });
    await expect(label, `visible label ${name}`).toBeVisible();
  }
  await expect(dialog.getByRole('combobox', { name: '银行账户' })).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: '金额（元）' })).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: '手续费（元）' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: '保存' })).toBeVisible();
  // a bill collection shows its own fields, labelled too
  await dialog.getByRole('combobox', { name: '收款方式' }).click();
  await page.getByRole('option', { name: '承兑汇票' }).click();
  await expect(dialog.getByRole('textbox', { name: '票据号码' })).toBeVisible();
  await expect(dialog.getByRole('combobox', { name: '到期日' })).toBeVisible();

  expect(await axeViolations(page, '.semi-modal')).toEqual([]);
  const names = await controlNames(dialog);
  const english = names.filter((n) => /confirm|cancel|Choose date|selected|close/i.test(n));
  const unnamed = names.filter((n) => !/[\u4e00-\u9fa5]/.test(n) && !/^button$/.test(n));
  expect(english, names.join('\n')).toEqual([]);
  expect(unnamed, names.join('\n')).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/after-collection-dialog.png` });
  expect(errors).toEqual([]);
});

test('the trading-contract editor fits 1440 px: its ten line columns inside the card, no sideways scroll', async ({
  page,
}) => {
  await signIn(page, 'admin', 'admin', '/contract/trading/edit/0');
  const lines = page.getByTestId('lines-editor');
  await expect(lines.locator('[data-field=materialId]').first()).toBeVisible({ timeout: 30_000 });
  // the page and the content area (it grew to 1,573 px: the lines table's pixel widths were wider than its card)
  expect(await offScreen(page)).toEqual([]);
  const table = await lines.locator('table').boundingBox();
  const card = await lines.locator('xpath=ancestor::section[1]').boundingBox();
  expect(table && card && table.x + table.width <= card.x + card.width).toBe(true);
  // every column, 金额 and the delete button included, in view
  const last = await lines.getByRole('button', { name: '删除第1行' }).boundingBox();
  expect(last && last.x + last.width <= 1440).toBe(true);
});

test('a 付款退款 opens the payable refund, not a receivable route', async ({ page }) => {
  await signIn(page, 'admin', 'admin', '/accounting/payable/refundment-order');
  const link = page.getByTestId('crud-arap-refund-ap').locator('.semi-table-tbody a').first();
  await expect(link).toBeVisible();
  await expect(link).toHaveAttribute('href', /^\/accounting\/payable\/refundment-order-detail\/\d+$/);
  // a Semi link, not a plain underlined anchor
  await expect(link).toHaveCSS('text-decoration-line', 'none');
  await link.click();
  await expect(page).toHaveURL(/\/accounting\/payable\/refundment-order-detail\/\d+$/);
  await expect(page.getByTestId('cash-detail')).toContainText('未核销（预付）'); // the payable side's words
  await expect(page.getByText('该功能将在后续版本上线')).toHaveCount(0);
});

test('Chinese words: 应付单 sources, 磅单 fields', async ({ page }) => {
  await signIn(page, 'admin', 'admin', '/accounting/payable/payable-order');
  await expect(page.getByTestId('doc-table').locator('.semi-table-tbody tr').first()).toBeVisible();
  await expect(page.locator('#root')).not.toContainText(/lg_freight|out_stock|in_stock|drop_(sale|purchase)/);

  await page.goto('/supply-chain/weight-memo');
  await page
    .locator('.semi-table-tbody tr')
    .first()
    .getByText(/^BD|^GB|^\w+\d+/)
    .first()
    .click();
  await page.waitForLoadState('networkidle');
  const body = await page.locator('#root').innerText();
  expect(body).not.toMatch(/voidReason|deductionWeight|deductWeight/);
  expect((body.match(/(^|\n)扣重\(kg\)/g) ?? []).length).toBeLessThanOrEqual(1);
});

test('a signed contract is not offered 签署 again; a terminated one does not say 执行中', async ({ page }) => {
  await signIn(page);
  const list = await apiAs<{ id: string; contractNo: string; state: string; title: string }[]>(
    page,
    '/api/izs-sell/trading-contract/list',
  );
  // the demo's signed contract (its signature is in the full answer)
  const signed = list.data.find((c) => c.title === '重废钢年度销售合同（第四季度）');
  const full = await apiAs<{ signatures: unknown[] }>(page, '/api/izs-sell/trading-contract/full', undefined, {
    id: signed?.id ?? '',
  });
  expect(full.data.signatures.length, 'a signed contract in the demo data').toBeGreaterThan(0);
  await page.goto(`/contract/trading/view/${signed?.id}`);
  await expect(page.getByTestId('trading-signature')).toBeVisible();
  await expect(page.getByTestId('trading-sign-start')).toHaveCount(0);
  await expect(page.getByTestId('trading-signed')).toBeVisible();

  // terminate an executing, unsigned contract: its lines read 已终止
  let target = list.data.find((c) => c.state === 'terminated');
  if (!target) {
    const open = list.data.find((c) => c.state === 'executing' && c.id !== signed?.id);
    expect(open, 'an executing contract to terminate').toBeTruthy();
    const r = await apiAs(page, '/api/izs-sell/trading-contract/move', {
      id: open?.id,
      action: 'terminate',
      remark: '测试终止',
    });
    expect(r.code, r.msg).toBe(200);
    target = open;
  }
  await page.goto(`/contract/trading/view/${target?.id}`);
  await expect(page.getByTestId('trading-state')).toHaveText('已终止');
  const states = await page.getByTestId('trading-line-state').allInnerTexts();
  expect(states.length).toBeGreaterThan(0);
  expect(states).not.toContain('执行中');
  await page.screenshot({ path: `${SHOTS}/after-contract-terminated.png`, fullPage: true });
});

test('links open real data: a driver from 司机列表, the 磅单列表大屏 menu link and an old /1/1 link', async ({
  page,
}) => {
  await signIn(page);
  const drivers = await apiAs<{ records: { id: string; name: string }[] }>(
    page,
    '/api/izs-logistical/driver/page',
    undefined,
    { current: '1', size: '10' },
  );
  const first = drivers.data.records[0];
  await page.goto(`/logistical/driver-detail/${first.id}`);
  await expect(page.getByText(`司机：${first.name}`)).toBeVisible();
  await expect(page.getByText('司机不存在')).toHaveCount(0);

  const bridges = await apiAs<{ id: string; name: string }[]>(page, '/api/izs-base/weighbridge/select-list');
  const ids = bridges.data.map((b) => b.id);
  const leaf = flattenMenu().find((n) => n.path.startsWith('/visual/loadometer-order-list'));
  for (const link of [leaf?.menuPath ?? leaf?.path ?? '', '/visual/loadometer-order-list/1/1']) {
    await page.goto(link);
    await expect(page).toHaveURL(/\/visual\/loadometer-order-list\/[012]\/\d{3,}/);
    const id = page.url().split('/').pop()?.split('?')[0] ?? '';
    expect(ids).toContain(id);
    await expect(page.getByTestId('order-table')).toBeVisible();
    await expect(page.getByText('地磅不存在')).toHaveCount(0);
  }
  await page.screenshot({ path: `${SHOTS}/after-visual-order-list.png` });
});

test('地磅数据看板 shows the weight the station reads (the station relays it to the department channel)', async ({
  page,
  context,
}) => {
  const plugin = await startPluginServer({ host: '127.0.0.1', port: 0, scale: 'DB01' });
  let timer: NodeJS.Timeout | undefined;
  try {
    await signIn(page);
    const bridges = await apiAs<{ id: string; code: string }[]>(page, '/api/izs-base/weighbridge/select-list');
    const db01 = bridges.data.find((b) => b.code === 'DB01');
    expect(db01).toBeTruthy();
    await page.evaluate(
      (url) => localStorage.setItem('loopyard:station', JSON.stringify({ pluginUrl: url })),
      `ws://127.0.0.1:${plugin.port}/ws`,
    );
    await page.goto(`/supply-chain/loadometer/${db01?.id}`);
    await expect(page.getByTestId('ws-weighbridge')).toBeVisible({ timeout: 30_000 });
    const board = await context.newPage();
    await board.goto('/visual/data-board');
    const tile = board.getByTestId(`bridge-${db01?.id}`);
    await expect(tile.getByText('实时重量')).toBeVisible({ timeout: 30_000 });
    // the indicator on the scale PC reads 35260 kg; only the station sees the plugin link
    timer = setInterval(
      () => plugin.publishWeight({ value: '35260', unit: 'kg', stable: true, scale: 'DB01', time: Date.now() }),
      300,
    );
    await expect(tile.getByTestId('bridge-weight')).toHaveText('35260', { timeout: 30_000 });
    await board.screenshot({ path: `${SHOTS}/after-data-board-live.png` });
  } finally {
    clearInterval(timer);
    await plugin.close();
  }
});
