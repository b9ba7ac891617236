import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { collectPageErrors, openInApp, signIn } from './helpers.ts';

/**
 * Contracts, ledgers and supply-chain finance end to end (issue 12): a sale contract is created in the editor tab,
 * submitted, approved and signed (built-in provider: the SHA-256 of the printed contract); the out-stock form offers
 * it once its customer is chosen; a weighing of the customer executes part of it (its out-stock reviewed) → the
 * contract page and the sales ledger show it; the editor tab asks before closing;
 * every route of 合同管理, 台账 and 供应链金融 shows a working screen with the demo data. Screenshots in .tmp/.
 */

async function api<T = Record<string, string>>(page: Page, path: string, body?: unknown) {
  const cookies = await page.context().cookies();
  const token = cookies.find((c) => c.name === 'loopyard-access-token')?.value ?? '';
  const headers = { 'Blade-Auth': `bearer ${token}`, Authorization: `Basic ${btoa('saber:saber_secret')}` };
  const r =
    body === undefined
      ? await page.request.get(path, { headers })
      : await page.request.post(path, { headers, data: body });
  const json = (await r.json()) as { code: number; data: T; msg: string };
  expect(json.code, `${path}: ${json.msg}`).toBe(200);
  return json.data;
}

async function pickIn(page: Page, scope: string, text: string) {
  await page.locator(`${scope} .semi-select`).first().click();
  await page.locator('.semi-select-option', { hasText: text }).first().click();
}

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `.tmp/e2e-shots/contracts-${name}.png`, fullPage: true });

test('trading contract: create, approve, sign → a weighing executes part of it → contract and sales ledger show it; the editor tab asks before closing', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const errors = collectPageErrors(page);
  await signIn(page);
  const title = `E2E销售合同${Date.now().toString(36).toUpperCase()}`;

  await page.goto('/contract/trading/edit/0');
  await expect(page.getByTestId('trading-edit')).toBeVisible();
  await page.locator('[data-field=title] input').fill(title);
  await pickIn(page, '[data-field=partyId]', '宁波钢铁有限公司');
  const end = page.locator('[data-field=deliveryEnd] input');
  await end.click();
  await end.fill('2099-12-31');
  await end.press('Enter');
  await page.locator('[data-field=deliveryPlace] input').fill('宁波钢铁厂内料场');
  await pickIn(page, '[data-testid=line-0] [data-field=materialId]', '重废钢');
  await page.locator('[data-testid=line-0] [data-field=qty] input').fill('50');
  await page.locator('[data-testid=line-0] [data-field=unitPrice] input').fill('2850');
  await expect(page.getByText('合计金额：142,500.00 元')).toBeVisible();

  // the editor tab asks before closing; 取消 keeps it
  const tab = page.getByTestId('tag-/contract/trading/edit/0');
  await tab.getByRole('button', { name: '关闭编辑贸易合同' }).click();
  await expect(page.getByText('确定关闭编辑贸易合同吗?')).toBeVisible();
  await shot(page, '1-close-confirm');
  await page.locator('.semi-modal-footer button', { hasText: '取消' }).click();
  await expect(tab).toBeVisible();
  await expect(page.locator('[data-field=title] input')).toHaveValue(title);

  await page.getByTestId('trading-save').click();
  await expect(page).toHaveURL(/\/contract\/trading\/view\/\d+$/);
  const id = page.url().split('/').pop() ?? '';
  await expect(page.getByTestId('trading-state')).toHaveText('草稿');
  await page.getByTestId('trading-submit').click();
  await expect(page.getByTestId('trading-state')).toHaveText('审核中');
  await page.getByTestId('trading-approve').click();
  await expect(page.getByTestId('trading-state')).toHaveText('执行中');
  await page.getByTestId('trading-sign-start').click(); // GET …/redirect/cert → the signing step
  await expect(page).toHaveURL(new RegExp(`/contract/trading/view/${id}\\?sign=1`));
  await page.getByTestId('trading-sign-confirm').click();
  await expect(page.getByTestId('trading-signature')).toContainText(/SHA-256 [0-9a-f]{64}/);
  // signed once: 签署 is gone, the state says so (issue 26)
  await expect(page.getByTestId('trading-sign-start')).toHaveCount(0);
  await expect(page.getByTestId('trading-signed')).toContainText('已签署');
  await expect(page.getByTestId('trading-executed')).toHaveText('0.000 吨 / 0.00 元');

  // the out-stock form offers the customer's contracts in execution only once the customer is chosen
  const { contractNo } = await api<{ contractNo: string }>(page, `/api/izs-sell/trading-contract/full?id=${id}`);
  await page.goto('/supply-chain/sale/out-stock');
  await page.getByTestId('crud-add').click();
  const picker = page.locator('[data-field=contractId] .semi-select').first();
  await picker.click();
  await expect(page.locator('.semi-select-option', { hasText: contractNo })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await pickIn(page, '[data-field=partyId]', '宁波钢铁有限公司');
  await picker.click();
  await expect(page.locator('.semi-select-option', { hasText: contractNo })).toBeVisible();
  await shot(page, '2a-out-stock-contract-picker');
  await page.keyboard.press('Escape');
  await page.locator('.semi-modal-footer button', { hasText: '取消' }).click();

  // a weighing executes 12.5 t of it (tare 12900 kg, gross 25400 kg: 12500 kg × 2850 = 35625.00 不含税; the contract
  // counts the document's stored 价税合计 at 13 %: 35625.00 + 4631.25 = 40256.25 — README "Amounts and tax")
  const parties = await api<{ id: string; name: string }[]>(page, '/api/izs-stock/customer/select-list');
  const mats = await api<{ id: string; name: string }[]>(page, '/api/izs-base/material/select-list');
  const whs = await api<{ id: string; name: string }[]>(page, '/api/izs-base/warehouse/select-list');
  const wbs = await api<{ id: string; name: string }[]>(page, '/api/izs-base/weighbridge/select-list');
  const heavy = mats.find((m) => m.name === '重废钢')?.id;
  // goods to issue: 12.5 t received into the first warehouse (other in-stock)
  const rk = await api<{ id: string }>(page, '/api/izs-stock/in-stock/submit', {
    bizType: 'other',
    warehouseId: whs[0].id,
    lines: [{ materialId: heavy, qty: '12500', unitPrice: '2650' }],
  });
  await api(page, '/api/izs-stock/in-stock/submit-review', { id: rk.id });
  await api(page, '/api/izs-stock/in-stock/review', { id: rk.id });
  const W = '/api/izs-weighing/loadometer-order';
  const first = await api<{ id: string; orderNo: string }>(page, `${W}/first-pass`, {
    orderType: 'sale',
    weighbridgeId: wbs[0].id,
    carNumber: `浙B${Date.now().toString().slice(-5)}`,
    weight: '12900',
    stable: true,
    partyId: parties.find((p) => p.name === '宁波钢铁有限公司')?.id,
    materialId: heavy,
    warehouseId: whs[0].id,
    contractId: id,
    unitPrice: '2850',
    impurityRate: '0',
  });
  const second = await api<{ stockOrderNo: string }>(page, `${W}/second-pass`, {
    id: first.id,
    weight: '25400',
    stable: true,
    complete: 1,
  });
  const doc = await api<{ id: string; orderNo: string; contractId: string }>(
    page,
    `/api/izs-stock/out-stock/detail?orderNo=${second.stockOrderNo}`,
  );
  expect(doc.contractId).toBe(id);
  await api(page, '/api/izs-stock/out-stock/submit-review', { id: doc.id });
  await api(page, '/api/izs-stock/out-stock/review', { id: doc.id });
  await page.goto(`/contract/trading/view/${id}`);
  await expect(page.getByTestId('trading-executed')).toHaveText('12.500 吨 / 40,256.25 元');
  await expect(page.getByTestId('trading-remaining')).toHaveText('37.500 吨');
  await expect(page.getByText(doc.orderNo)).toBeVisible();
  await expect(page.getByText(first.orderNo)).toBeVisible(); // the weighing behind the document
  await expect(page.getByTestId('trading-paid')).toHaveText('0.00 元 / 40,256.25 元');
  await shot(page, '2-contract-executed');

  // the sales ledger: the customer × 重废钢 row; its documents include the out-stock
  await page.goto('/ledger/sell');
  const row = page.locator('[data-testid=ledger-table] .semi-table-row', { hasText: '宁波钢铁有限公司' }).filter({
    hasText: '重废钢',
  });
  await expect(row).toBeVisible();
  for (const h of ['已开票', '已收款', '未收款']) {
    await expect(page.getByTestId('ledger-table').locator('th', { hasText: h })).toBeVisible();
  }
  await shot(page, '3-sales-ledger');
  // 导出 downloads the file descriptor's workbook (LEDGER_FILES.sellExport) under its Chinese name
  const file = page.waitForEvent('download');
  await page.getByTestId('crud-export').click();
  expect((await file).suggestedFilename()).toMatch(/^销售台账-\d{8}\.xlsx$/);
  await row.click();
  await expect(page.getByTestId('ledger-docs').getByText(doc.orderNo)).toBeVisible();
  await shot(page, '4-ledger-documents');
  await page.locator('.semi-modal-footer button', { hasText: '关闭' }).click();

  // the printed contract: capital numerals and the hash
  const print = await page.context().newPage();
  await print.goto(`/print/contract?id=${id}`);
  await expect(print.getByTestId('contract-capital')).toHaveText('壹拾肆万贰仟伍佰元整');
  await print.screenshot({ path: '.tmp/e2e-shots/contracts-5-print.png', fullPage: true });
  await print.close();

  // closing the editor tab for good: 确定
  await page.goto(`/contract/trading/edit/${id}`);
  const tab2 = page.getByTestId(`tag-/contract/trading/edit/${id}`);
  await tab2.getByRole('button', { name: '关闭编辑贸易合同' }).click();
  await expect(page.getByText('确定关闭编辑贸易合同吗?')).toBeVisible();
  await page.locator('.semi-modal-footer button', { hasText: '确定' }).click();
  await expect(tab2).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('every route of 合同管理, 台账 and 供应链金融 shows a working screen with demo data', async ({ page }) => {
  test.setTimeout(150_000);
  const errors = collectPageErrors(page);
  await signIn(page);
  const routes: [string, string][] = [
    ['/contract/list', '重废钢年度销售合同'],
    ['/contract/trading/list', '重废钢年度销售合同'],
    ['/contract/supplier-contract', '废钢供货框架协议'],
    ['/contract/project', '北仑老厂房拆除清运项目'],
    ['/contract/site-order', '一号车间'],
    ['/ledger/purchase', '重废钢'],
    ['/ledger/sell', '重废钢'],
    ['/ledger/easy-crud', '示例一'],
    ['/supply-chain-finance/escrowed', '中国工商银行宁波北仑支行'],
    ['/supply-chain-finance/contract', '库存质押'],
    ['/supply-chain-finance/order-list', '宁波钢铁有限公司'],
    ['/statement-analysis/company-pledge', '中国工商银行宁波北仑支行'],
  ];
  for (const [path, text] of routes) {
    await openInApp(page, path);
    await expect(page.getByText(text).first(), path).toBeVisible();
    await expect(page.getByTestId('coming-soon')).toHaveCount(0);
    await shot(page, `route${path.replaceAll('/', '-')}`);
  }
  // the seeded signed contract by number (合同详情) and a 金单 family (金单详情)
  const list = await api<{ id: string; contractNo: string; title: string }[]>(
    page,
    '/api/izs-sell/trading-contract/list',
  );
  const seeded = list.find((c) => c.title === '重废钢年度销售合同（第四季度）');
  await page.goto(`/contract/detail/${seeded?.contractNo}`);
  await expect(page.getByTestId('trading-signature')).toBeVisible();
  await expect(page.getByTestId('trading-executed')).not.toHaveText('0.000 吨 / 0.00 元');
  await shot(page, 'route-contract-detail');
  const certs = await api<{ id: string; parentId: string | null }[]>(page, '/api/izs-scf/gold-cert/list');
  await page.goto(`/supply-chain-finance/order-list/detail?id=${certs.find((c) => !c.parentId)?.id}`);
  await expect(
    page.getByTestId('gold-certs').getByText('300,000.00').or(page.getByText('300000.00')).first(),
  ).toBeVisible();
  await shot(page, 'route-gold-detail');
  expect(errors).toEqual([]);
});
