import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expect, test } from './fixtures.ts';
import { collectPageErrors, signIn } from './helpers.ts';

/** The material list page end to end against the real server (spec §2.12, issue: resource engine). */

const rowOf = (page: Page, text: string) =>
  page.locator('.ly-crud-table .semi-table-tbody .semi-table-row', { hasText: text });

async function search(page: Page, name: string) {
  await page.getByPlaceholder('请输入物料名称').fill(name);
  await page.getByTestId('crud-search').getByRole('button', { name: '搜索' }).click();
}

test('material: create, edit, view, search, export, import (all or nothing) and delete through the UI', async ({
  page,
}, info) => {
  const errors = collectPageErrors(page);
  await signIn(page, 'admin', 'admin', '/base/material');
  await expect(page.getByTestId('crud-material')).toBeVisible();
  // the search grid: each label left of its control, the control taking the rest of its cell (a stacked label over a
  // shrunken control came back once with a standalone filter bar's CSS)
  const item = page.getByTestId('crud-search').locator('.ly-crud-search-item').first();
  const label = await item.locator('.ly-crud-search-label').boundingBox();
  const control = await item.locator('.ly-crud-search-control').boundingBox();
  const cell = await item.boundingBox();
  expect(label && control && cell).toBeTruthy();
  if (label && control && cell) {
    expect(label.x + label.width).toBeLessThanOrEqual(control.x + 1);
    expect(Math.abs(label.y + label.height / 2 - (control.y + control.height / 2))).toBeLessThan(6);
    expect(control.width).toBeGreaterThan(cell.width * 0.6);
  }

  const stamp = Date.now().toString(36).toUpperCase();
  const code = `E2E-${stamp}`;
  const name = `测试废铜${stamp}`;

  // create
  await page.getByTestId('crud-add').click();
  const dialog = page.getByTestId('crud-dialog');
  await expect(page.getByText('新增物料')).toBeVisible();
  await page.getByTestId('crud-save').click();
  await expect(dialog.getByText('请输入物料编码')).toBeVisible(); // contract messages under the fields
  await page.locator('#crud-field-code').fill(code);
  await page.locator('#crud-field-name').fill(name);
  await page.locator('#crud-field-spec').fill('紫铜 ≥99%');
  await page.locator('#crud-field-defaultPrice').fill('58600.5');
  await page.locator('#crud-field-deductRate').fill('1.5');
  await page.getByTestId('crud-save').click();
  await expect(page.getByText('新增成功')).toBeVisible();
  await expect(rowOf(page, code)).toBeVisible();
  await expect(rowOf(page, code)).toContainText('58,600.50');

  // a duplicate code: the server's 400 message comes back as a toast
  await page.getByTestId('crud-add').click();
  await page.locator('#crud-field-code').fill(code);
  await page.locator('#crud-field-name').fill('重复编码');
  await page.getByTestId('crud-save').click();
  await expect(page.getByText('物料编码已存在')).toBeVisible();
  await page.getByTestId('dialog-title-bar').getByLabel('关闭').click();

  // edit (the code is not editable once saved)
  const row = rowOf(page, code);
  await row.getByRole('button', { name: '编辑' }).click();
  await expect(page.locator('#crud-field-code')).toBeDisabled();
  await expect(page.locator('#crud-field-defaultPrice')).toHaveValue('58600.50');
  await page.locator('#crud-field-name').fill(`${name}改`);
  await page.getByTestId('crud-save').click();
  await expect(page.getByText('修改成功')).toBeVisible();
  await expect(rowOf(page, code)).toContainText(`${name}改`);

  // view
  await rowOf(page, code).getByRole('button', { name: '查看' }).click();
  await expect(page.getByText('查看物料')).toBeVisible();
  await expect(dialog).toContainText('紫铜 ≥99%');
  await expect(dialog).toContainText('1.50');
  await page.getByTestId('dialog-title-bar').getByLabel('关闭').click();

  // search by name: only matching rows
  await search(page, `${name}改`);
  await expect(page.locator('.ly-crud-table .semi-table-tbody .semi-table-row')).toHaveCount(1);
  await expect(rowOf(page, code)).toBeVisible();

  // export with the current filter → an .xlsx holding the row
  const downloadPromise = page.waitForEvent('download');
  await page.getByTestId('crud-export').click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^物料.*\.xlsx$/);
  const file = info.outputPath('export.xlsx');
  await download.saveAs(file);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await readFile(file)) as unknown as ArrayBuffer);
  const sheet = wb.worksheets[0];
  const header = (sheet.getRow(1).values as unknown[]).map(String);
  expect(header).toContain('物料编码');
  const codeCol = header.indexOf('物料编码');
  const codes: string[] = [];
  sheet.eachRow((r, n) => {
    if (n > 1) codes.push(String(r.getCell(codeCol).value));
  });
  expect(codes).toEqual([code]);

  // import a file with one good and one bad row: the bad row is reported and nothing is imported
  const goodCode = `IMP-${stamp}`;
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet('物料');
  ws.addRow(['物料编码', '物料名称', '计量单位', '计价单位', '参考单价', '默认扣杂率(%)']);
  ws.addRow([goodCode, `导入好行${stamp}`, '吨', '元/吨', '1200', '2']);
  ws.addRow([`IMP-BAD-${stamp}`, `导入坏行${stamp}`, '吨', '元/吨', '1300', '150']);
  const importFile = info.outputPath('import.xlsx');
  await book.xlsx.writeFile(importFile);
  await page.getByTestId('crud-import').click();
  await page.getByTestId('crud-import-file').setInputFiles(importFile);
  await page.getByTestId('crud-import-start').click();
  const errorTable = page.getByTestId('crud-import-errors');
  await expect(errorTable).toBeVisible();
  await expect(errorTable.locator('.semi-table-row', { hasText: '默认扣杂率' })).toContainText('3'); // Excel row 3
  await page.getByTestId('crud-import-close').click();
  await search(page, `导入好行${stamp}`);
  await expect(page.locator('.ly-crud-table .semi-table-tbody .semi-table-row')).toHaveCount(0);
  await expect(page.getByText('暂无数据')).toBeVisible();

  // delete (with the confirmation)
  await search(page, `${name}改`);
  await rowOf(page, code).getByRole('button', { name: '删除' }).click();
  await expect(page.getByText('确定删除该条数据吗?')).toBeVisible();
  await page.getByRole('dialog', { name: '提示' }).getByText('确定', { exact: true }).click();
  await expect(page.getByText('删除成功')).toBeVisible();
  await expect(rowOf(page, code)).toHaveCount(0);
  expect(errors).toEqual([]);
});
