import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { collectPageErrors, signIn } from './helpers.ts';

/**
 * 角色管理 end to end: the admin takes the material 删除 button and the 银行信息 menu away from the 业务员 role
 * in the grant drawer; the clerk (业务员) then no longer sees the entry nor the button, and the server refuses the
 * delete call with 403 没有权限. The role first gets both (through the API) so that the test sees them go.
 */

const BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;

interface TreeNode {
  id: string;
  title: string;
  children?: TreeNode[];
}
const flat = (ns: TreeNode[]): TreeNode[] => ns.flatMap((n) => [n, ...flat(n.children ?? [])]);

async function tokenOf(ctx: BrowserContext): Promise<string> {
  const c = (await ctx.cookies()).find((x) => x.name === 'loopyard-access-token');
  if (!c) throw new Error('not signed in');
  return c.value;
}

function apiOf(request: APIRequestContext, token: string) {
  const headers = { Authorization: BASIC, 'Blade-Auth': `bearer ${token}`, 'Tenant-Id': '000000' };
  return {
    get: async (url: string, params?: Record<string, string>) => (await request.get(url, { headers, params })).json(),
    post: (url: string, opts: { data?: unknown; params?: Record<string, string> }) =>
      request.post(url, { headers, ...opts }),
  };
}

/** The tree item whose own label is `title` (Semi renders the tree as a flat list of options). */
const treeItem = (page: Page, title: string) =>
  page
    .getByTestId('grant-tree-menu')
    .locator('li[role="treeitem"]')
    .filter({ has: page.locator('.semi-tree-option-label-text', { hasText: new RegExp(`^${title}$`) }) });

async function expand(page: Page, title: string) {
  const item = treeItem(page, title).first();
  if ((await item.getAttribute('aria-expanded')) !== 'true')
    await item.locator('.semi-tree-option-expand-icon').click();
}

test('revoking 删除 and 银行信息 from 业务员 in 角色管理 removes them for the clerk, in the UI and on the server', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const adminCtx = await browser.newContext();
  const admin = await adminCtx.newPage();
  const errors = collectPageErrors(admin);
  await signIn(admin);
  const adminApi = apiOf(adminCtx.request, await tokenOf(adminCtx));

  // setup: the 业务员 role gets 基础数据 → 物料管理 (every button) and 银行信息 (every button)
  const roles = (await adminApi.get('/api/blade-system/role/list')).data as { id: string; roleAlias: string }[];
  const userRole = roles.find((r) => r.roleAlias === 'user')?.id as string;
  const keys = (await adminApi.get('/api/blade-system/menu/role-tree-keys', { roleIds: userRole })).data;
  const tree = flat((await adminApi.get('/api/blade-system/menu/grant-tree')).data.menu as TreeNode[]);
  const base = tree.find((n) => n.title === '基础数据') as TreeNode;
  const pick = (title: string) => {
    const n = (base.children ?? []).find((c) => c.title === title) as TreeNode;
    return [n.id, ...(n.children ?? []).map((c) => c.id)];
  };
  const materialDelete = (base.children ?? [])
    .find((c) => c.title === '物料管理')
    ?.children?.find((c) => c.title === '删除')?.id as string;
  const bank = (base.children ?? []).find((c) => c.title === '银行信息')?.id as string;
  const granted = [...keys.menu, base.id, ...pick('物料管理'), ...pick('银行信息')];
  const g = await adminApi.post('/api/blade-system/role/grant', {
    data: { roleIds: [userRole], menuIds: granted, dataScopeIds: keys.dataScope, apiScopeIds: keys.apiScope },
  });
  expect(g.status()).toBe(200);
  const mat = await adminApi.post('/api/izs-base/material/submit', {
    data: { code: `AUTH-${Date.now().toString(36)}`, name: '权限测试废铁' },
  });
  const materialId = (await mat.json()).data.id as string;

  try {
    // the clerk has both before the change
    const before = await browser.newContext();
    const clerk1 = await before.newPage();
    await signIn(clerk1, 'clerk', '123456');
    const sidebar1 = clerk1.getByTestId('sidebar');
    await sidebar1.getByText('基础数据', { exact: true }).click();
    await expect(sidebar1.getByText('银行信息', { exact: true })).toBeVisible();
    await clerk1.goto('/base/material');
    await expect(clerk1.getByTestId(`row-actions-${materialId}`).getByRole('button', { name: '删除' })).toBeVisible();
    await before.close();

    // the admin takes them away in 角色管理 → 权限设置
    await admin.goto('/authority/role');
    await admin.locator('.semi-table-row', { hasText: '业务员' }).getByRole('button', { name: '权限设置' }).click();
    const drawer = admin.locator('.semi-sidesheet');
    await expect(drawer.getByText('权限设置 · 业务员')).toBeVisible();
    await expect(admin.getByTestId('grant-tree-menu')).toBeVisible();
    await expand(admin, '基础数据');
    await expect(treeItem(admin, '银行信息')).toHaveAttribute('aria-checked', 'true');
    await treeItem(admin, '银行信息').locator('.semi-checkbox').click();
    await expect(treeItem(admin, '银行信息')).toHaveAttribute('aria-checked', 'false');
    await expand(admin, '物料管理');
    const del = treeItem(admin, '删除');
    await expect(del).toHaveCount(1); // only 物料管理 is expanded among the menus
    await del.locator('.semi-checkbox').click();
    await expect(del).toHaveAttribute('aria-checked', 'false');
    await drawer.getByRole('button', { name: '保存' }).click();
    await expect(admin.getByText('授权成功')).toBeVisible();

    const after = (await adminApi.get('/api/blade-system/menu/role-tree-keys', { roleIds: userRole })).data;
    expect(after.menu).not.toContain(bank);
    expect(after.menu).not.toContain(materialDelete);
    expect(after.menu).toContain(base.id);

    // the clerk signs in again: 银行信息 gone, 物料管理 stays, no 删除 on the rows
    const ctx = await browser.newContext();
    const clerk = await ctx.newPage();
    await signIn(clerk, 'clerk', '123456');
    const sidebar = clerk.getByTestId('sidebar');
    await sidebar.getByText('基础数据', { exact: true }).click();
    await expect(sidebar.getByText('物料管理', { exact: true })).toBeVisible();
    await expect(sidebar.getByText('银行信息', { exact: true })).toHaveCount(0);
    await clerk.goto('/base/material');
    const actions = clerk.getByTestId(`row-actions-${materialId}`);
    await expect(actions.getByRole('button', { name: '编辑' })).toBeVisible();
    await expect(actions.getByRole('button', { name: '删除' })).toHaveCount(0);
    await expect(clerk.getByRole('button', { name: '删除' })).toHaveCount(0);

    // …and the server refuses the delete call itself
    const clerkApi = apiOf(ctx.request, await tokenOf(ctx));
    const r = await clerkApi.post('/api/izs-base/material/remove', { params: { ids: materialId } });
    expect(r.status()).toBe(403);
    expect((await r.json()).msg).toBe('没有权限');
    const still = await adminApi.get('/api/izs-base/material/detail', { id: materialId });
    expect(still.data.id).toBe(materialId);
    await ctx.close();
    expect(errors).toEqual([]);
  } finally {
    // restore the role as seeded (other specs use the clerk)
    await adminApi.post('/api/blade-system/role/grant', {
      data: { roleIds: [userRole], menuIds: keys.menu, dataScopeIds: keys.dataScope, apiScopeIds: keys.apiScope },
    });
    await adminApi.post('/api/izs-base/material/remove', { params: { ids: materialId } });
    await adminCtx.close();
  }
});
