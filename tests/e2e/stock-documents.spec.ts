import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { collectPageErrors, signIn } from './helpers.ts';

/**
 * Stock documents end to end (issue 4, DESIGN §5): a manual in-stock with two lines is submitted and reviewed and the
 * stock goes up by exactly its figures; an out-stock is issued at the moving average; voiding it restores the stock;
 * a clerk without the 审核 button sees no review button.
 */

/** Calls the API as the signed-in user (the access-token cookie). */
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

const rowOf = (page: Page, text: string) =>
  page.locator('.ly-crud-table .semi-table-tbody .semi-table-row', { hasText: text });

/** Picks an option; a pick that did not take (the list was still closing or loading) is tried again. */
async function pickIn(page: Page, scope: string, text: string) {
  const select = page.locator(`${scope} .semi-select`).first();
  for (let attempt = 0; attempt < 3; attempt++) {
    await select.click();
    await page.locator('.semi-select-option', { hasText: text }).first().click();
    if (((await select.textContent()) ?? '').includes(text)) return;
  }
  await expect(select).toContainText(text);
}

async function newDocument(page: Page, warehouse: string, lines: [string, string, string][]) {
  await page.getByTestId('crud-add').click();
  await expect(page.getByTestId('lines-editor')).toBeVisible();
  await pickIn(page, '[data-field=bizType]', '其他');
  await pickIn(page, '[data-field=warehouseId]', warehouse);
  for (let i = 0; i < lines.length; i++) {
    if (i > 0) await page.getByTestId('line-add').click();
    const [material, qty, price] = lines[i];
    const line = `[data-testid=line-${i}]`;
    await pickIn(page, `${line} [data-field=materialId]`, material);
    await page.locator(`${line} [data-field=qty] input`).fill(qty);
    await page.locator(`${line} [data-field=unitPrice] input`).fill(price);
  }
}

async function stockOf(page: Page, warehouse: string) {
  await page.goto('/supply-chain/stock/inventory-list');
  await pickIn(page, '.ly-crud-search-item:has-text("仓库")', warehouse);
  await page.getByTestId('query-search').click();
}

test('stock documents: in-stock two lines → review → stock; out-stock at the average; void restores; clerk cannot review', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const errors = collectPageErrors(page);
  await signIn(page);
  const stamp = Date.now().toString(36).toUpperCase();
  const wh = `E2E库${stamp}`;
  const cu = `E2E铜${stamp}`;
  const al = `E2E铝${stamp}`;
  const warehouse = await api<{ id: string }>(page, '/api/izs-base/warehouse/submit', { code: `W${stamp}`, name: wh });
  const copper = await api<{ id: string }>(page, '/api/izs-base/material/submit', { code: `C${stamp}`, name: cu });
  await api(page, '/api/izs-base/material/submit', { code: `A${stamp}`, name: al, priceUnit: 'yuan_per_kg' });

  // manual in-stock, two lines: 1000 kg × 3000 元/吨 = 3000.00; 500.5 kg × 2 元/千克 = 1001.00
  await page.goto('/supply-chain/purchase/in-stock');
  await newDocument(page, wh, [
    [cu, '1000', '3000'],
    [al, '500.5', '2'],
  ]);
  await expect(page.getByTestId('line-0').locator('[data-field=amount]')).toHaveText('3,000.00');
  await expect(page.getByTestId('line-1').locator('[data-field=amount]')).toHaveText('1,001.00');
  await expect(page.getByTestId('lines-total')).toContainText('1,500.500 kg（1.501 t）');
  await expect(page.getByTestId('lines-total')).toContainText('4,001.00');
  await page.getByTestId('crud-save').click();
  await expect(page.getByText('新增成功')).toBeVisible();
  const inRow = rowOf(page, wh);
  await expect(inRow).toContainText('草稿');
  await expect(inRow).toContainText('4,001.00');
  await inRow.getByTestId('doc-submitReview').click();
  await expect(page.getByText('提交成功')).toBeVisible();
  await expect(inRow).toContainText('已提交');
  await expect(inRow.getByRole('button', { name: '编辑' })).toHaveCount(0); // only drafts are edited
  await inRow.getByTestId('doc-review').click();
  await page.getByTestId('doc-confirm').click();
  await expect(page.getByText('审核成功')).toBeVisible();
  await expect(inRow).toContainText('已审核');

  // the stock went up by exactly the lines
  await stockOf(page, wh);
  await expect(rowOf(page, cu)).toContainText('1,000.000');
  await expect(rowOf(page, cu)).toContainText('3,000.00');
  await expect(rowOf(page, al)).toContainText('500.500');
  await expect(rowOf(page, al)).toContainText('1,001.00');

  // out-stock of 400 kg copper: issued at the average 3 元/kg → cost 1200.00
  await page.goto('/supply-chain/sale/out-stock');
  await newDocument(page, wh, [[cu, '400', '5000']]);
  await expect(page.getByTestId('lines-total')).toContainText('2,000.00');
  await page.getByTestId('crud-save').click();
  await expect(page.getByText('新增成功')).toBeVisible();
  const outRow = rowOf(page, wh);
  await outRow.getByTestId('doc-submitReview').click();
  await expect(outRow).toContainText('已提交');
  await outRow.getByTestId('doc-review').click();
  await page.getByTestId('doc-confirm').click();
  await expect(outRow).toContainText('已审核');
  await expect(outRow).toContainText('1,200.00'); // 成本金额

  // its detail: lines with the booked cost, the movement it wrote
  await outRow.getByRole('link').first().click();
  await expect(page.getByTestId('detail-card-明细')).toContainText('1,200.00');
  await expect(page.getByTestId('detail-card-库存变动')).toContainText('400.000');
  await expect(page.getByTestId('detail-card-库存变动')).toContainText('600.000'); // balance after the issue

  await stockOf(page, wh);
  await expect(rowOf(page, cu)).toContainText('600.000');
  await expect(rowOf(page, cu)).toContainText('1,800.00');

  // void the out-stock (a reason is required): the stock is restored
  await page.goto('/supply-chain/sale/out-stock');
  await rowOf(page, wh).getByTestId('doc-void').click();
  await page.getByTestId('doc-confirm').click();
  await expect(page.getByText('请输入作废原因')).toBeVisible();
  await page.getByTestId('doc-ask-text').fill('开错了');
  await page.getByTestId('doc-confirm').click();
  await expect(page.getByText('作废成功')).toBeVisible();
  await expect(rowOf(page, wh)).toContainText('已作废');
  await stockOf(page, wh);
  await expect(rowOf(page, cu)).toContainText('1,000.000');
  await expect(rowOf(page, cu)).toContainText('3,000.00');

  // a submitted document waits for review; the clerk (no _review button) sees it without 审核
  const doc = await api<{ id: string; orderNo: string }>(page, '/api/izs-stock/in-stock/submit', {
    bizType: 'other',
    warehouseId: warehouse.id,
    lines: [{ materialId: copper.id, qty: '10', unitPrice: '3000' }],
  });
  await api(page, '/api/izs-stock/in-stock/submit-review', { id: doc.id });
  await page.goto('/supply-chain/purchase/in-stock');
  await expect(rowOf(page, doc.orderNo).getByTestId('doc-review')).toBeVisible(); // the admin may review it

  const clerkContext = await browser.newContext();
  const clerk = await clerkContext.newPage();
  await signIn(clerk, 'clerk', '123456');
  await clerk.goto('/supply-chain/purchase/in-stock');
  const clerkRow = rowOf(clerk, doc.orderNo);
  await expect(clerkRow).toContainText('已提交');
  await expect(clerkRow.getByRole('button', { name: '查看' })).toBeVisible();
  await expect(clerkRow.getByTestId('doc-review')).toHaveCount(0);
  await expect(clerkRow.getByTestId('doc-void')).toHaveCount(0);
  await clerkContext.close();
  expect(errors).toEqual([]);
});
