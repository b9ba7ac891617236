import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { collectPageErrors, openInApp, signIn } from './helpers.ts';

/** The business day `n` days from today in the server's zone (a UTC date is yesterday before 08:00 there). */
const shanghaiDay = (n: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date(Date.now() + n * 86_400_000));

/**
 * Receivables end to end (issue 11): a sale out-stock is reviewed → its 应收单 appears → a partial collection
 * settles it (chosen in the 收款 dialog) → the customer's 0–30 aging drops by the amount → the statement's closing
 * balance is the customer's balance, and the A4 print shows the same figure (and its capital numerals).
 */

async function api<T = Record<string, unknown>>(page: Page, path: string, body?: unknown) {
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

const money = (v: string) => {
  const [i, f] = Number(v).toFixed(2).split('.');
  return `${i.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${f}`;
};

/** The demo book belongs to the company, the admin's organisation: the accounting pages open on it at once. */
async function chooseFinanceDept(page: Page) {
  await page.goto('/accounting/receivable/receivable-order');
  await expect(page).toHaveURL(/\/accounting\/receivable\/receivable-order/);
}

test('a sale becomes a receivable, a partial collection settles it, the aging moves, the statement prints', async ({
  page,
  context,
}, info) => {
  test.setTimeout(120_000);
  const errors = collectPageErrors(page);
  await signIn(page);
  await chooseFinanceDept(page);

  // a reviewed sale of 100 kg at 3000 元/吨 to 宁波钢铁 (300.00)
  const parties = await api<{ records: { id: string; code: string }[] }>(page, '/api/izs-stock/customer/page?size=50');
  const kh = parties.records.find((p) => p.code === 'KH001')?.id ?? '';
  const stock = await api<{ records: { warehouseId: string; materialId: string; qty: string }[] }>(
    page,
    '/api/izs-stock/inventory/page?size=50',
  );
  const row = stock.records.find((s) => Number(s.qty) > 1000);
  expect(row).toBeTruthy();
  const doc = await api<{ id: string; orderNo: string }>(page, '/api/izs-stock/out-stock/submit', {
    warehouseId: row?.warehouseId,
    partyId: kh,
    lines: [{ materialId: row?.materialId, qty: '100', unitPrice: '3000' }],
  });
  await api(page, '/api/izs-stock/out-stock/submit-review', { id: doc.id });
  await api(page, '/api/izs-stock/out-stock/review', { id: doc.id });
  const before = await api<{ rows: { aging: { d0_30: string }; balance: string }[] }>(
    page,
    `/api/izs-finance-ar/balance/list?side=ar&partyId=${kh}`,
  );

  // its 应收单 appears, open
  await page.goto('/accounting/receivable/receivable-order');
  const docRow = page.getByTestId('doc-table').locator('tr', { hasText: doc.orderNo });
  // the demo book (一般纳税人) posts 应收账款 = 300.00 + 13 % = 339.00: the 应收单 carries the same 价税合计
  await expect(docRow).toContainText('300.00');
  await expect(docRow).toContainText('39.00');
  await expect(docRow).toContainText('339.00');
  await expect(docRow).toContainText('未核销');
  const aging = page.getByTestId('aging-table').locator('tr', { hasText: '宁波钢铁有限公司' });
  await expect(aging).toContainText(money(before.rows[0].aging.d0_30));
  await page.screenshot({ path: info.outputPath('arap-1-receivable.png'), fullPage: true });

  // a collection of 100.00 settles it (chosen in the dialog)
  await page.goto('/accounting/receivable/collection-order');
  await page.getByTestId('crud-arap-collection').getByTestId('crud-add').click();
  await page.getByTestId('cash-party').click();
  await page.getByRole('option', { name: '宁波钢铁有限公司' }).click();
  await page.getByTestId('cash-amount').fill('100');
  await page.locator('.semi-select', { hasText: '银行账户' }).first().click();
  await page.getByRole('option', { name: '现金' }).click();
  const open = page.getByTestId('open-docs').locator('tr', { hasText: doc.orderNo });
  await open.locator('.semi-checkbox').click();
  await open.locator('input[type=text], input:not([type])').last().fill('100');
  await page.screenshot({ path: info.outputPath('arap-2-collection.png') });
  await page.getByRole('dialog', { name: '新增收款单' }).getByRole('button', { name: '保存' }).click();
  await expect(page.getByText(/核销 100\.00 元/).last()).toBeVisible();

  // partly settled, and the 0–30 aging dropped by 100
  await page.goto('/accounting/receivable/receivable-order');
  await expect(docRow).toContainText('部分核销');
  await expect(docRow).toContainText('239.00');
  const d0 = (Number(before.rows[0].aging.d0_30) - 100).toFixed(2);
  await expect(aging).toContainText(money(d0));
  await page.screenshot({ path: info.outputPath('arap-3-aging.png'), fullPage: true });

  // the statement closes at the customer's balance; the print shows the same number
  const closing = (Number(before.rows[0].balance) - 100).toFixed(2);
  await page.goto('/accounting/statement');
  await page.getByTestId('statement-party').click();
  await page.getByRole('option', { name: '宁波钢铁有限公司' }).click();
  await expect(page.getByTestId('statement-party')).toContainText('宁波钢铁有限公司');
  await page.getByTestId('statement-begin').locator('input').fill('2000-01-01');
  await expect(page.getByTestId('st-closing')).toHaveText(money(closing));
  await expect(page.getByTestId('statement-lines')).toContainText(doc.orderNo);
  await page.screenshot({ path: info.outputPath('arap-4-statement.png'), fullPage: true });
  const [print] = await Promise.all([context.waitForEvent('page'), page.getByTestId('statement-print').click()]);
  await expect(print.getByTestId('statement-sheet')).toBeVisible();
  await expect(print.getByTestId('ps-closing')).toHaveText(money(closing));
  await expect(print.getByTestId('ps-capital')).toContainText('元');
  await expect(print.getByTestId('ps-party')).toHaveText('宁波钢铁有限公司');
  await print.screenshot({ path: info.outputPath('arap-5-print.png'), fullPage: true });

  // a collection by 承兑汇票 stands in 应收票据 (票据管理) with its collection, and the collection shows its bill
  const banks = await api<{ id: string }[]>(page, '/api/izs-base/bank/select-list');
  const billNo = `E2E${Date.now()}`;
  const bill = await api<{ orderNo: string }>(page, '/api/izs-finance-ar/cash/create', {
    side: 'ar',
    partyId: kh,
    accountType: 'bank',
    bankId: String(banks[0]?.id ?? ''),
    method: 'bill',
    cashDate: shanghaiDay(0),
    amount: '20000',
    auto: false,
    bill: {
      billNo,
      billKind: 'bank',
      drawer: '宁波钢铁有限公司',
      acceptor: '中国银行宁波分行',
      issueDate: shanghaiDay(-60),
      dueDate: shanghaiDay(300), // held: due after today, on any day the suite runs
    },
  });
  await page.goto('/accounting/payable/receivable-bill');
  const billRow = page.locator('tr', { hasText: billNo });
  await expect(billRow).toContainText(bill.orderNo);
  await expect(billRow).toContainText('持有');
  await page.screenshot({ path: info.outputPath('arap-5b-receivable-bill.png'), fullPage: true });
  await billRow.getByTestId('bill-cash').click();
  await expect(page.getByTestId('cash-bill')).toContainText(billNo);
  await expect(page.getByTestId('cash-bill-state')).toHaveText('持有');
  await page.screenshot({ path: info.outputPath('arap-5c-collection-bill.png'), fullPage: true });
  expect(errors).toEqual([]);
});

const ROUTES = [
  '/accounting/receivable/receivable-order',
  '/accounting/receivable/collection-order',
  '/accounting/receivable/refundment-order',
  '/accounting/payable/payable-order',
  '/accounting/payable/payment-order',
  '/accounting/payable/refundment-order',
  '/accounting/payable/receivable-bill',
  '/accounting/payable/payable-bill',
  '/accounting/statement',
  '/accounting/purchase/invoice-list',
  '/accounting/sale/invoice-list',
  '/accounting/transfer/list',
  '/accounting/purchase/reverse-invoice',
];

test('every list route of the area shows a working screen with demo data', async ({ page }, info) => {
  test.setTimeout(180_000);
  const errors = collectPageErrors(page);
  await signIn(page);
  await chooseFinanceDept(page);
  for (const route of ROUTES) {
    await openInApp(page, route);
    await expect(page.getByText('该功能将在后续版本上线')).toHaveCount(0);
    if (route.endsWith('-bill')) {
      await expect(page.getByTestId('bill-manage')).toBeVisible(); // 票据管理, reused, filtered by direction
      await expect(page.locator('.ly-fin-title')).toHaveText(
        route.endsWith('receivable-bill') ? '应收票据' : '应付票据',
      );
    } else await expect(page.locator('.semi-table-tbody .semi-table-row').first()).toBeVisible();
    await page.screenshot({ path: info.outputPath(`route${route.replaceAll('/', '-')}.png`), fullPage: true });
  }
  // the detail routes, reached from the lists
  const collections = await api<{ records: { id: string; orderNo: string }[] }>(
    page,
    '/api/izs-finance-ar/cash/page?side=ar',
  );
  const payments = await api<{ records: { id: string; orderNo: string }[] }>(
    page,
    '/api/izs-finance-ar/cash/page?side=ap',
  );
  const refunds = await api<{ records: { id: string; orderNo: string }[] }>(
    page,
    '/api/izs-finance-ar/cash/page?side=ap&kind=refund',
  );
  const docs = await api<{ records: { id: string }[] }>(page, '/api/izs-finance-ar/doc/page?side=ar');
  const [c0, p0, r0] = [collections.records[0], payments.records[0], refunds.records[0]];
  for (const route of [
    `/accounting/receivable/receivable-order-detail/${docs.records[0].id}`,
    `/accounting/receivable/collection-order-detail/${c0.id}`,
    `/accounting/receivable/receipt-order-detail/${c0.orderNo}`,
    `/accounting/receivable/receipt-sub-order-detail/${c0.orderNo}`,
    `/accounting/payable/refundment-order-detail/${r0.id}`,
    `/accounting/payable/payment-order-detail/${p0.id}`,
    `/accounting/payable/payment-order-info/${p0.orderNo}`,
    `/accounting/payable/payment-sub-order-info/${p0.orderNo}`,
  ]) {
    await openInApp(page, route);
    await expect(page.getByText('该功能将在后续版本上线')).toHaveCount(0);
    await expect(page.getByTestId(/doc-detail|cash-detail/)).toBeVisible();
    await page.screenshot({
      path: info.outputPath(`detail${route.split('/').slice(0, -1).join('-')}.png`),
      fullPage: true,
    });
  }
  expect(errors).toEqual([]);
});

test('a collection gets its voucher from the money templates; reverse invoices show the ID masked', async ({
  page,
}, info) => {
  test.setTimeout(60_000);
  const errors = collectPageErrors(page);
  await signIn(page, 'admin', 'admin', '/accounting/purchase/reverse-invoice');
  await expect(page.getByTestId('reverse-list')).toBeVisible();
  await expect(page.getByText('330206********2011').first()).toBeVisible();
  await expect(page.getByText('330206197903152011')).toHaveCount(0);
  await expect(page.getByTestId('reverse-totals')).toContainText('本月合计');
  await page.screenshot({ path: info.outputPath('arap-6-reverse.png'), fullPage: true });
  // 导出月度清单: the file descriptor REVERSE_FILES.export, saved under its Chinese name
  const file = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出月度清单' }).click();
  expect((await file).suggestedFilename()).toMatch(/^反向开票-\d{4}-\d{2}\.xlsx$/);
  await page.getByTestId('reverse-new').click();
  await expect(page.getByTestId('reverse-id')).toBeVisible();
  await page.screenshot({ path: info.outputPath('arap-6b-reverse-new.png') });
  await page.keyboard.press('Escape');

  await page.goto('/finance/voucher/template');
  await page.getByRole('tab', { name: '收付款生成凭证' }).click();
  const money = page.getByTestId('biz-money');
  await expect(money).toBeVisible();
  const first = money
    .locator('tbody tr')
    .filter({ has: page.getByRole('checkbox') })
    .first();
  await expect(first).toBeVisible();
  const orderNo = (await first.locator('td').nth(2).innerText()).trim();
  await first.locator('.semi-checkbox').click();
  await page.getByTestId('money-generate').click();
  await expect(page.getByText(/已生成 1 张凭证/)).toBeVisible();
  // the record leaves the 未生成 list; under 全部 it links to its voucher (转-n)
  await expect(money.getByTestId(`money-${orderNo}`)).toHaveCount(0);
  await money.locator('.semi-select').nth(1).click();
  await page.getByRole('option', { name: '全部' }).click();
  await money.getByRole('button', { name: '查询' }).click();
  await expect(money.getByTestId(`money-${orderNo}`).getByRole('button')).toBeVisible();
  await page.screenshot({ path: info.outputPath('arap-7-money-voucher.png'), fullPage: true });
  // 收款 / 付款 / 退款 / 对冲, or a financing's drawdown / repayment (RZ…, RZ…-还n)
  expect(orderNo).toMatch(/^(SK|FK|TK|TS|DC|RZ)\d+/);
  expect(errors).toEqual([]);
});
