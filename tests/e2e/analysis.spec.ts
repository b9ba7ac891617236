import type { Page } from '@playwright/test';
import { formatDecimal, kgToTonnes } from '../../core/format/decimal.ts';
import { expect, test } from './fixtures.ts';
import { collectPageErrors, signIn } from './helpers.ts';

/**
 * 供应链分析 and 综合报表 (spec §2.4 Analysis) on the demo yard day: the screens show the server's figures for the
 * period (this month: the seed's reviewed weighings), a chart, rankings, and a statement per material with totals.
 */

async function summary(page: Page, query: Record<string, string>) {
  const cookies = await page.context().cookies();
  const token = cookies.find((c) => c.name === 'loopyard-access-token')?.value ?? '';
  const headers = { 'Blade-Auth': `bearer ${token}`, Authorization: `Basic ${btoa('saber:saber_secret')}` };
  const r = await page.request.get(`/api/izs-stock/analysis/summary?${new URLSearchParams(query)}`, { headers });
  return (await r.json()).data;
}

/** The calendar day in the yard's time zone (the browser's and the server's: Asia/Shanghai). */
const day = (d: Date) => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai' }).format(d);

test('供应链分析 shows the month’s purchases, sales, profit and stock; 综合报表 reconciles per material', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await signIn(page);
  const now = new Date();
  const month = { beginDate: `${day(now).slice(0, 8)}01`, endDate: day(now) };
  const s = await summary(page, month);
  expect(Number(s.totals.purchaseDocs)).toBeGreaterThan(0); // the demo day has reviewed purchases

  await page.goto('/supply-chain/analysis');
  await expect(page.getByTestId('supply-chain-analysis')).toBeVisible();
  await expect(page.getByTestId('kpi-purchase')).toContainText(formatDecimal(kgToTonnes(s.totals.purchaseQty), 3));
  await expect(page.getByTestId('kpi-purchase')).toContainText(`${s.totals.purchaseDocs} 单`);
  await expect(page.getByTestId('kpi-sale')).toContainText(formatDecimal(s.totals.saleAmount, 2));
  await expect(page.getByTestId('kpi-profit')).toContainText(formatDecimal(s.totals.grossProfit, 2));
  await expect(page.getByTestId('kpi-stock')).toContainText(formatDecimal(kgToTonnes(s.totals.stockQty), 3));
  await expect(page.getByTestId('analysis-chart').locator('canvas')).toBeVisible();
  await expect(page.getByTestId('analysis-materials')).toContainText(s.materials[0].materialName);
  await expect(page.getByTestId('analysis-suppliers')).toContainText(s.suppliers[0].partyName);
  await page.screenshot({ path: test.info().outputPath('supply-chain-analysis.png') });

  await page.goto('/statement-analysis/zm-statement');
  const table = page.locator('.ly-crud-table');
  await expect(table.locator('.semi-table-tbody .semi-table-row').first()).toBeVisible();
  await expect(table).toContainText('重废钢');
  await expect(table).toContainText('合计');
  await page.screenshot({ path: test.info().outputPath('zm-statement.png') });
  expect(errors).toEqual([]);
});
