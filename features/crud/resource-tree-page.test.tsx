import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dictBizResource } from '../../core/contract/blade-system/dict.contract.ts';
import { permissionsActions } from '../../core/permissions/permissions-slice.ts';
import { createAppStore } from '../../core/store/store.ts';
import { expandedKeys, ResourceTreePage, type TreeRow } from './resource-tree-page.tsx';
import { stubResizeObserver } from './test-stubs.ts';

stubResizeObserver();

const ok = (data: unknown) =>
  new Response(JSON.stringify({ code: 200, success: true, data, msg: '操作成功' }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });

const item = (id: string, key: string, value: string, isSealed = 0): TreeRow => ({
  id,
  parentId: '10',
  code: 'unit',
  dictKey: key,
  dictValue: value,
  sort: 1,
  remark: '',
  isSealed,
  status: 1,
});
const TREE: TreeRow[] = [
  {
    id: '10',
    parentId: '0',
    code: 'unit',
    dictKey: '-1',
    dictValue: '计量单位',
    sort: 1,
    remark: '',
    isSealed: 0,
    status: 1,
    children: [item('11', 't', '吨'), item('12', 'kg', '千克', 1)],
  },
];

function mockServer() {
  const calls: { url: string; method: string; body?: string }[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    calls.push({ url, method: init?.method ?? 'GET', body: init?.body as string | undefined });
    if (url.includes('/dict-biz/list')) return ok(TREE);
    if (url.includes('/dict-biz/submit')) return ok({ id: '13' });
    return ok([]);
  });
  return calls;
}

function renderPage(lockedReason?: (row: TreeRow) => string | undefined) {
  const store = createAppStore({ persist: false });
  store.dispatch(permissionsActions.setPermissions({ system_dictbiz_add: true, system_dictbiz_edit: true }));
  render(
    <Provider store={store}>
      <ResourceTreePage
        def={dictBizResource}
        childDefaults={(row) => ({ parentId: row.id, code: row.code })}
        lockedReason={lockedReason}
      />
    </Provider>,
  );
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('expandedKeys', () => {
  it('lists the rows with children above the depth', () => {
    const deep: TreeRow[] = [{ id: 'a', children: [{ id: 'b', children: [{ id: 'c' }] }, { id: 'd' }] }];
    expect(expandedKeys(deep, 0)).toEqual([]);
    expect(expandedKeys(deep, 1)).toEqual(['a']);
    expect(expandedKeys(deep, 99)).toEqual(['a', 'b']);
  });
});

describe('ResourceTreePage with the business dictionary', () => {
  it('shows the tree expanded with children, and only the buttons the permissions allow', async () => {
    mockServer();
    renderPage();
    expect(await screen.findByText('计量单位')).toBeTruthy();
    expect(screen.getByText('千克')).toBeTruthy();
    const actions = screen.getByTestId('row-actions-10');
    expect(within(actions).getByText('新增下级')).toBeTruthy();
    expect(within(actions).getByText('编辑')).toBeTruthy();
    expect(within(actions).queryByText('删除')).toBeNull(); // no system_dictbiz_delete
  });

  it('新增下级 opens the dialog with the parent and its code, and submits them', async () => {
    const calls = mockServer();
    renderPage();
    await screen.findByText('计量单位');
    fireEvent.click(within(screen.getByTestId('row-actions-10')).getByText('新增下级'));
    expect(await screen.findByText('新增下级业务字典')).toBeTruthy();
    expect((document.querySelector('#crud-field-code') as HTMLInputElement).value).toBe('unit');
    fireEvent.change(document.querySelector('#crud-field-dictValue') as HTMLInputElement, {
      target: { value: '件' },
    });
    fireEvent.change(document.querySelector('#crud-field-dictKey') as HTMLInputElement, {
      target: { value: 'pcs' },
    });
    fireEvent.click(screen.getByTestId('crud-save'));
    await waitFor(() => expect(calls.some((c) => c.url.includes('/dict-biz/submit'))).toBe(true));
    const body = JSON.parse(calls.find((c) => c.url.includes('/dict-biz/submit'))?.body ?? '{}');
    expect(body).toMatchObject({ parentId: '10', code: 'unit', dictKey: 'pcs', dictValue: '件' });
    expect(body.id).toBeUndefined();
  });

  it('a locked row has its 编辑 disabled', async () => {
    mockServer();
    renderPage((row) => (row.isSealed === 1 ? '封存' : undefined));
    await screen.findByText('千克');
    const sealed = within(screen.getByTestId('row-actions-12')).getByText('编辑').closest('button');
    const open = within(screen.getByTestId('row-actions-11')).getByText('编辑').closest('button');
    expect(sealed?.disabled).toBe(true);
    expect(open?.disabled).toBe(false);
  });
});
