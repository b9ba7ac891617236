import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { ACCOUNT_SET_PATHS } from '../../core/contract/izs-financing/account-set.contract.ts';
import { VOUCHER_PATHS } from '../../core/contract/izs-financing/voucher.contract.ts';
import { voucherPrintUrl } from '../../screens/finance/print-link.ts';
import { expect, test } from './fixtures.ts';
import { apiAs, signIn } from './helpers.ts';

/**
 * Issue 26, paper: in print media the 对账单's table stays on A4 (余额 does not stick out), the contract names both
 * parties in full with its terms and signature blocks, the purchase slip shows 单价 / 金额, the slips stay on
 * their 241 mm paper, and so does the 记账凭证. Each print is screenshotted in print media (SHOTS_DIR, default .tmp/shots).
 */
const SHOTS = process.env.SHOTS_DIR ?? '.tmp/shots';
const MM = 96 / 25.4;
test.describe.configure({ timeout: 120_000 });

/**
 * The paper as the browser lays it out: the viewport as wide as the paper's printable width (print media), then the
 * elements of `sheet` that reach past it, and whether the page scrolls sideways.
 */
async function overflow(page: Page, sheet: string, printableMm: number) {
  await page.setViewportSize({ width: Math.floor(printableMm * MM), height: 900 });
  await page.emulateMedia({ media: 'print' });
  return page.evaluate((sel) => {
    const el = document.querySelector<HTMLElement>(sel);
    if (!el) return [`${sel} not found`];
    const right = window.innerWidth + 1;
    const out: string[] = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > right) out.push(`页面 ${doc.scrollWidth}px > ${window.innerWidth}px`);
    for (const e of [el, ...el.querySelectorAll<HTMLElement>('*')]) {
      const r = e.getBoundingClientRect();
      if (r.width > 0 && r.right > right)
        out.push(`${e.tagName.toLowerCase()} «${(e.innerText || '').slice(0, 16)}» ${Math.round(r.right - right)}px`);
    }
    return out.slice(0, 8);
  }, sheet);
}

async function printMedia(page: Page, name: string) {
  await page.emulateMedia({ media: 'print' });
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/print-${name}.png`, fullPage: true });
}

test('the printed 对账单 fits A4: its table (余额 included) stays within the 186 mm between the margins', async ({
  page,
}) => {
  await signIn(page, 'admin', 'admin', '/accounting/receivable/receivable-order');
  const parties = await apiAs<{ records: { id: string; code: string }[] }>(
    page,
    '/api/izs-stock/customer/page',
    undefined,
    {
      size: '50',
    },
  );
  const kh = parties.data.records.find((p) => p.code === 'KH001')?.id ?? '';
  const info = await apiAs<{ today: string }>(page, '/api/blade-system/site-info');
  await page.goto(`/print/statements/index?side=ar&partyId=${kh}&beginDate=2000-01-01&endDate=${info.data.today}`);
  await expect(page.getByTestId('statement-sheet')).toBeVisible();
  await expect(page.locator('.ps-table tbody tr')).not.toHaveCount(0);
  const offStatement = await overflow(page, '[data-testid=statement-sheet]', 186);
  await printMedia(page, 'statement');
  expect(offStatement).toEqual([]);
  const pdf = await page.pdf({ format: 'A4', preferCSSPageSize: true });
  expect(pdf.byteLength).toBeGreaterThan(1000);
});

test('the printed contract names both parties in full (from their records), its terms and two signature blocks', async ({
  page,
}) => {
  await signIn(page);
  const list = await apiAs<{ id: string; title: string; side: string }[]>(page, '/api/izs-sell/trading-contract/list');
  const c = list.data.find((x) => x.title === '重废钢年度销售合同（第四季度）') ?? list.data[0];
  await page.goto(`/print/contract?id=${c.id}`);
  const sheet = page.getByTestId('contract-print');
  await expect(sheet).toBeVisible();
  const parties = sheet.getByTestId('contract-parties');
  await expect(parties).toBeVisible();
  for (const who of ['buyer', 'seller']) {
    for (const k of ['name', 'address', 'taxpayerId', 'bankName', 'bankAccount', 'contact', 'phone']) {
      await expect(parties.getByTestId(`${who}-${k}`), `${who} ${k}`).not.toHaveText('');
    }
  }
  // ours from 组织管理 and the default bank account, the customer's from its record
  await expect(parties).toContainText('91330206MA2H8LX01P');
  await expect(parties).toContainText('3901140009000888888');
  await expect(parties).toContainText('浙江省宁波市北仑区再生资源产业园8号');
  for (const label of ['统一社会信用代码', '开户银行', '银行账号', '联系人', '联系电话', '住所（地址）']) {
    await expect(parties).toContainText(label);
  }
  await expect(sheet).toContainText('二、');
  await expect(sheet.getByTestId('contract-sign-block')).toHaveCount(2);
  await expect(sheet.getByTestId('contract-sign-block').first()).toContainText('法定代表人或委托代理人');
  const offContract = await overflow(page, '[data-testid=contract-print]', 178);
  await printMedia(page, 'contract');
  expect(offContract).toEqual([]);
});

test('the purchase weighing slip shows 单价 and 金额 and fits its 241 mm paper; the in-stock slip fits too', async ({
  page,
}) => {
  await signIn(page);
  const list = await apiAs<{ records: { id: string; orderType: string; unitPrice: string; amount: string | null }[] }>(
    page,
    '/api/izs-weighing/loadometer-order/page',
    undefined,
    { weighState: 'completed', size: '50' },
  );
  const w = list.data.records.find((r) => r.orderType === 'purchase' && Number(r.unitPrice) > 0 && r.amount);
  expect(w, 'a completed purchase weighing with a price in the demo').toBeTruthy();
  await page.goto(`/print-template/weight-memo?id=${w?.id}`);
  const memo = page.getByTestId('weight-memo');
  await expect(memo).toBeVisible();
  await expect(memo.getByTestId('wm-price')).not.toHaveText('');
  await expect(memo.getByTestId('wm-amount')).toHaveText(/\d{1,3}(,\d{3})*\.\d{2}/);
  await expect(memo).toContainText('单价');
  await expect(memo).toContainText('金额(元)');
  const offSlip = await overflow(page, '[data-testid=weight-memo]', 241);
  await printMedia(page, 'weight-memo-purchase');
  expect(offSlip).toEqual([]);

  const docs = await apiAs<{ records: { id: string }[] }>(page, '/api/izs-stock/in-stock/page', undefined, {
    size: '1',
  });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.emulateMedia({ media: 'screen' });
  await page.goto(`/print/out-stock?id=${docs.data.records[0].id}`);
  await expect(page.getByTestId('stock-print')).toBeVisible();
  await expect(page.getByTestId('stock-print')).toContainText('单价');
  const offInStock = await overflow(page, '[data-testid=stock-print]', 241);
  await printMedia(page, 'in-stock');
  expect(offInStock).toEqual([]);
});

test('the printed 记账凭证 fits its 241 mm voucher paper: accounts, both money columns, the totals and 大写', async ({
  page,
}) => {
  await signIn(page);
  const cookies = await page.context().cookies();
  const token = cookies.find((c) => c.name === 'loopyard-access-token')?.value ?? '';
  const auth = { 'Blade-Auth': `bearer ${token}`, Authorization: `Basic ${btoa('saber:saber_secret')}` };
  const books = (await (await page.request.get(ACCOUNT_SET_PATHS.list, { headers: auth })).json()) as {
    data: { id: string }[];
  };
  const book = books.data[0].id;
  const vouchers = (await (
    await page.request.get(`${VOUCHER_PATHS.page}?current=1&size=50`, {
      headers: { ...auth, 'Current-Account-Set-Id': book },
    })
  ).json()) as { data: { records: { id: string }[] } };
  const v = vouchers.data.records[0];
  expect(v, 'a voucher in the demo book').toBeTruthy();
  await page.goto(voucherPrintUrl(v.id, book));
  const sheet = page.getByTestId('voucher-sheet').first();
  await expect(sheet).toBeVisible();
  await expect(sheet.getByTestId('pv-capital')).toContainText(/人民币.+[元圆]/);
  await expect(sheet.getByTestId('pv-debit-total')).toHaveText(/\d\.\d{2}$/);
  await expect(sheet.getByTestId('pv-debit-total')).toHaveText(
    (await sheet.getByTestId('pv-credit-total').innerText()).trim(),
  );
  const offVoucher = await overflow(page, '[data-testid=voucher-print]', 241);
  await printMedia(page, 'voucher');
  expect(offVoucher).toEqual([]);
  const pdf = await page.pdf({ width: '241mm', height: '140mm', preferCSSPageSize: true });
  expect(pdf.byteLength).toBeGreaterThan(1000);
});
