import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { collectPageErrors, signIn } from './helpers.ts';

/** System administration screens end to end (issue 3): dictionaries, menus, posts. */

const rows = (page: Page) => page.locator('.ly-crud-table .semi-table-tbody .semi-table-row');
const rowOf = (page: Page, text: string) => rows(page).filter({ hasText: text });
const stamp = () => Date.now().toString(36).toUpperCase();

/** Calls the API with the signed-in user's token (the access-token cookie). */
async function api(page: Page, method: 'GET' | 'POST', path: string, query: Record<string, string> = {}) {
  const cookies = await page.context().cookies();
  const token = cookies.find((c) => c.name === 'loopyard-access-token')?.value ?? '';
  const url = `${path}?${new URLSearchParams(query)}`;
  const headers = { 'Blade-Auth': `bearer ${token}`, Authorization: `Basic ${btoa('saber:saber_secret')}` };
  const r = method === 'GET' ? await page.request.get(url, { headers }) : await page.request.post(url, { headers });
  return { status: r.status(), body: await r.json() };
}

test('dictionary: add an item under a dictionary (it takes the code) and find it through the option source', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await signIn(page, 'admin', 'admin', '/system/dictbiz');
  await expect(page.getByTestId('crud-tree-dict-biz')).toBeVisible();
  const s = stamp();

  // a new dictionary (root)
  await page.getByTestId('crud-add').click();
  await expect(page.getByText('新增业务字典')).toBeVisible();
  await page.locator('#crud-field-code').fill(`e2e_color_${s}`);
  await page.locator('#crud-field-dictValue').fill(`颜色${s}`);
  await page.getByTestId('crud-save').click();
  await expect(page.getByText('新增成功').last()).toBeVisible();
  const root = rowOf(page, `e2e_color_${s}`).first();
  await expect(root).toContainText('-1');

  // 新增下级: parent and code are filled in
  await root.getByRole('button', { name: '新增下级' }).click();
  await expect(page.getByText('新增下级业务字典')).toBeVisible();
  await expect(page.locator('#crud-field-code')).toHaveValue(`e2e_color_${s}`);
  await page.locator('#crud-field-dictValue').fill('深红');
  await page.locator('#crud-field-dictKey').fill('dark_red');
  await page.getByTestId('crud-save').click();
  await expect(page.getByText('新增成功').last()).toBeVisible();

  // search by name: the item shows (as a root of the filtered tree), with the dictionary's code
  await page.getByTestId('crud-search').getByPlaceholder('请输入字典名称').fill('深红');
  await page.getByTestId('crud-search').getByRole('button', { name: '搜索' }).click();
  await expect(rowOf(page, 'dark_red')).toHaveCount(1);
  await expect(rowOf(page, 'dark_red')).toContainText(`e2e_color_${s}`);

  // a duplicate key comes back as the server's message
  await page.getByTestId('crud-search').getByRole('button', { name: '重置' }).click();
  await rowOf(page, `e2e_color_${s}`).first().getByRole('button', { name: '新增下级' }).click();
  await page.locator('#crud-field-dictValue').fill('又一个深红');
  await page.locator('#crud-field-dictKey').fill('dark_red');
  await page.getByTestId('crud-save').click();
  await expect(page.getByText('当前字典键值已存在!')).toBeVisible();
  await page.getByTestId('dialog-title-bar').getByLabel('关闭').click();

  const items = await api(page, 'GET', '/api/blade-system/dict-biz/dictionary', { code: `e2e_color_${s}` });
  expect(items.body.data.map((i: { dictKey: string; dictValue: string }) => [i.dictKey, i.dictValue])).toEqual([
    ['dark_red', '深红'],
  ]);
  expect(errors).toEqual([]);
});

test('dictionary: a sealed entry cannot be changed or removed by the manager, nor reached by the clerk', async ({
  page,
}) => {
  await signIn(page, 'manager', '123456', '/system/dict');
  await expect(page.getByTestId('crud-tree-dict')).toBeVisible();
  await page.getByRole('button', { name: '展开全部' }).click();
  const sealed = rowOf(page, 'menu_category').filter({ hasText: '按钮' }); // the item 2 按钮 of 菜单类型 (sealed)
  await expect(sealed).toHaveCount(1);
  await expect(sealed.getByRole('button', { name: '删除' })).toBeDisabled();
  await expect(sealed.getByRole('button', { name: '编辑' })).toBeDisabled();
  // an unsealed entry stays editable for the manager
  const open = rowOf(page, 'post_category').filter({ hasText: '高层' });
  await expect(open.getByRole('button', { name: '编辑' })).toBeEnabled();
  // the server refuses it too, whatever the page shows
  const id = (await sealed.getAttribute('data-row-key')) ?? '';
  expect(id).toMatch(/^\d+$/);
  const rm = await api(page, 'POST', '/api/blade-system/dict/remove', { ids: id });
  expect(rm.status).toBe(400);
  expect(rm.body.msg).toBe('封存的字典只有超级管理员可以修改');

  // the clerk has no 系统管理 at all, and the API answers 403
  await page.context().clearCookies();
  await page.goto('/login');
  await signIn(page, 'clerk', '123456');
  await expect(page.getByTestId('sidebar').getByText('系统管理', { exact: true })).toHaveCount(0);
  const clerkRm = await api(page, 'POST', '/api/blade-system/dict/remove', { ids: id });
  expect(clerkRm.status).toBe(403);
  const list = await api(page, 'GET', '/api/blade-system/dict/list');
  expect(list.status).toBe(403);
});

test('menu: an entry added under 过磅与直发 shows in the sidebar after a reload', async ({ page }) => {
  // Spec §2.10: the sidebar shows server menus whose path matches a route the app knows (an unknown path is kept
  // but not shown), so the new entry opens a second weighbridge workstation: /supply-chain/loadometer/:id.
  const errors = collectPageErrors(page);
  await signIn(page, 'admin', 'admin', '/system/menu');
  await expect(page.getByTestId('crud-tree-menu')).toBeVisible();
  const s = stamp().toLowerCase();
  const n = String(100 + (Date.now() % 9000));
  const name = `${n}号地磅${s}`;
  const parent = rowOf(page, '/supply-chain/weighing').first();
  await parent.getByRole('button', { name: '新增下级' }).click();
  await expect(page.getByText('新增下级菜单')).toBeVisible();
  await expect(page.locator('#crud-field-code')).toHaveValue('supply_chain_weighing_');
  await page.locator('#crud-field-name').fill(name);
  await page.locator('#crud-field-code').fill(`supply_chain_loadometer_${n}_${s}`);
  await page.locator('#crud-field-path').fill(`/supply-chain/loadometer/${n}`);
  await page.locator('#crud-field-sort').fill('99');
  await page.getByTestId('crud-save').click();
  await expect(page.getByText('新增成功').last()).toBeVisible();
  await page.getByTestId('crud-search').getByPlaceholder('请输入菜单名称').fill(name);
  await page.getByTestId('crud-search').getByRole('button', { name: '搜索' }).click();
  await expect(rowOf(page, name)).toHaveCount(1);

  // before the reload the sidebar is unchanged; after it the entry is there and opens its page
  const sidebar = page.getByTestId('sidebar');
  await expect(sidebar.getByText(name, { exact: true })).toHaveCount(0);
  await page.reload();
  await expect(sidebar).toBeVisible();
  await sidebar.getByText('供应链', { exact: true }).click();
  await sidebar.getByText('过磅与直发', { exact: true }).click();
  const entry = sidebar.getByText(name, { exact: true });
  await expect(entry).toBeVisible();
  await entry.click();
  await expect(page).toHaveURL(new RegExp(`/supply-chain/loadometer/${n}$`));
  expect(errors).toEqual([]);
});

test('post: create, search, edit, view and delete through the UI', async ({ page }) => {
  const errors = collectPageErrors(page);
  await signIn(page, 'admin', 'admin', '/system/post');
  await expect(page.getByTestId('crud-post')).toBeVisible();
  const s = stamp();
  const code = `qc_${s}`;

  await page.getByTestId('crud-add').click();
  await expect(page.getByText('新增岗位')).toBeVisible();
  await page.getByTestId('crud-save').click();
  await expect(page.getByTestId('crud-dialog').getByText('请输入岗位编号')).toBeVisible();
  await page.locator('[data-field=category] .semi-select').click();
  await page.getByRole('option', { name: '基层' }).click();
  await page.locator('#crud-field-postCode').fill(code);
  await page.locator('#crud-field-postName').fill(`质检员${s}`);
  await page.getByTestId('crud-save').click();
  await expect(page.getByText('新增成功').last()).toBeVisible();
  await expect(rowOf(page, code)).toContainText('基层');

  // duplicate code → the server's message
  await page.getByTestId('crud-add').click();
  await page.locator('[data-field=category] .semi-select').click();
  await page.getByRole('option', { name: '其他' }).click();
  await page.locator('#crud-field-postCode').fill(code);
  await page.locator('#crud-field-postName').fill('重复');
  await page.getByTestId('crud-save').click();
  await expect(page.getByText('岗位编号已存在')).toBeVisible();
  await page.getByTestId('dialog-title-bar').getByLabel('关闭').click();

  // search, edit, view
  await page.getByTestId('crud-search').getByPlaceholder('请输入岗位编号').fill(code);
  await page.getByTestId('crud-search').getByRole('button', { name: '搜索' }).click();
  await expect(rows(page)).toHaveCount(1);
  await rowOf(page, code).getByRole('button', { name: '编辑' }).click();
  await page.locator('#crud-field-postName').fill(`高级质检员${s}`);
  await page.getByTestId('crud-save').click();
  await expect(page.getByText('修改成功')).toBeVisible();
  await expect(rowOf(page, code)).toContainText(`高级质检员${s}`);
  await rowOf(page, code).getByRole('button', { name: '查看' }).click();
  await expect(page.getByText('查看岗位')).toBeVisible();
  await expect(page.getByTestId('crud-dialog')).toContainText('基层');
  await page.getByTestId('dialog-title-bar').getByLabel('关闭').click();

  // delete
  await rowOf(page, code).getByRole('button', { name: '删除' }).click();
  await page.getByRole('dialog', { name: '提示' }).getByText('确定', { exact: true }).click();
  await expect(page.getByText('删除成功')).toBeVisible();
  await expect(rowOf(page, code)).toHaveCount(0);

  // a post still held by a user is refused with the server's message
  await page.getByTestId('crud-search').getByRole('button', { name: '重置' }).click();
  await rowOf(page, 'ceo').getByRole('button', { name: '删除' }).click();
  await page.getByRole('dialog', { name: '提示' }).getByText('确定', { exact: true }).click();
  await expect(page.getByText('岗位下还有用户(admin)，不能删除')).toBeVisible();
  expect(errors).toEqual([]);
});
