import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { materialResource } from '../../core/contract/izs-base/material.contract.ts';
import { permissionsActions } from '../../core/permissions/permissions-slice.ts';
import { createAppStore } from '../../core/store/store.ts';
import { resourcePermissions } from './permissions.ts';
import { ResourceListPage, rowToFormValues, searchParams } from './resource-list-page.tsx';
import { stubResizeObserver } from './test-stubs.ts';

stubResizeObserver();

const ok = (data: unknown) =>
  new Response(JSON.stringify({ code: 200, success: true, data, msg: '操作成功' }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });

const ROW = {
  id: '1900000000000000001',
  code: 'FG-001',
  name: '重废',
  categoryId: '11',
  categoryName: '废钢',
  spec: '厚度≥6mm',
  unit: 't',
  priceUnit: 'yuan_per_tonne',
  defaultPrice: '2650.5',
  deductRate: '1.5',
  gbCode: '',
  isHazardous: 0,
  status: 1,
  remark: '',
  deptId: '1001',
  deptName: '过磅中心',
  createTime: '2026-03-01 08:00:00',
  updateTime: '2026-03-01 08:00:00',
};

function mockServer() {
  const calls: { url: string; method: string; body?: string }[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    calls.push({ url, method: init?.method ?? 'GET', body: init?.body as string | undefined });
    if (url.includes('/material/page')) return ok({ records: [ROW], total: 1, size: 10, current: 1, pages: 1 });
    if (url.includes('/material/submit'))
      return new Response(JSON.stringify({ code: 400, success: false, data: null, msg: '物料编码已存在' }), {
        status: 400,
      });
    return ok([]);
  });
  return calls;
}

function renderPage(map: Record<string, boolean> | null = null) {
  const store = createAppStore({ persist: false });
  if (map) store.dispatch(permissionsActions.setPermissions(map));
  render(
    <Provider store={store}>
      <ResourceListPage def={materialResource} />
    </Provider>,
  );
  return store;
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('ResourceListPage with the material definition', () => {
  it('loads the first page (current=1, size=10, default filters none) and renders the row with formatted values', async () => {
    const calls = mockServer();
    renderPage();
    expect(await screen.findByText('FG-001')).toBeTruthy();
    const page = calls.find((c) => c.url.includes('/material/page'))!;
    const u = new URL(page.url);
    expect(u.searchParams.get('current')).toBe('1');
    expect(u.searchParams.get('size')).toBe('10');
    expect(screen.getByText('2,650.50')).toBeTruthy(); // money, 2 places, decimal math
    expect(screen.getByText('1.50')).toBeTruthy(); // rate
    expect(screen.getByText('废钢')).toBeTruthy(); // categoryName instead of the id
    expect(screen.getByText('吨')).toBeTruthy(); // static option label
    for (const b of ['新增', '导入', '导出', '搜索', '重置'])
      expect(screen.getByText(b, { selector: 'button *' })).toBeTruthy();
    const actions = screen.getByTestId(`row-actions-${ROW.id}`);
    for (const b of ['编辑', '查看', '删除']) expect(within(actions).getByText(b)).toBeTruthy();
    // the search form's name filter goes into the next page request
    fireEvent.change(screen.getByPlaceholderText('请输入物料名称'), { target: { value: ' 重废 ' } });
    fireEvent.click(screen.getByText('搜索', { selector: 'button *' }));
    await waitFor(() =>
      expect(
        calls.some((c) => c.url.includes('/material/page') && new URL(c.url).searchParams.get('name') === '重废'),
      ).toBe(true),
    );
  });

  it('a role without base_material_delete sees no 删除 (permission gating)', async () => {
    mockServer();
    renderPage({
      base_material_add: true,
      base_material_edit: true,
      base_material_view: true,
      base_material_refresh: true,
    });
    const actions = await screen.findByTestId(`row-actions-${ROW.id}`);
    expect(within(actions).getByText('编辑')).toBeTruthy();
    expect(within(actions).queryByText('删除')).toBeNull();
    expect(screen.queryByTestId('crud-export')).toBeNull(); // no _export either
  });

  it('the add dialog validates with the contract and shows the Chinese messages under the fields', async () => {
    const calls = mockServer();
    renderPage();
    fireEvent.click(await screen.findByTestId('crud-add'));
    expect(await screen.findByText('新增物料')).toBeTruthy();
    fireEvent.click(screen.getByTestId('crud-save'));
    expect(await screen.findByText('请输入物料编码')).toBeTruthy();
    expect(screen.getByText('请输入物料名称')).toBeTruthy();
    expect(calls.some((c) => c.url.includes('/submit'))).toBe(false);
    // fill the required fields and a bad rate: 150 is refused before anything is sent
    fireEvent.change(document.getElementById('crud-field-code')!, { target: { value: 'FG-002' } });
    fireEvent.change(document.getElementById('crud-field-name')!, { target: { value: '中废' } });
    fireEvent.change(document.getElementById('crud-field-deductRate')!, { target: { value: '150' } });
    fireEvent.click(screen.getByTestId('crud-save'));
    expect(await screen.findByText('默认扣杂率不能大于100')).toBeTruthy();
    fireEvent.change(document.getElementById('crud-field-deductRate')!, { target: { value: '2.5' } });
    fireEvent.click(screen.getByTestId('crud-save'));
    await waitFor(() => expect(calls.some((c) => c.url.includes('/material/submit'))).toBe(true));
    const body = JSON.parse(calls.find((c) => c.url.includes('/material/submit'))!.body!);
    expect(body).toMatchObject({ code: 'FG-002', name: '中废', deductRate: '2.5', status: 1, unit: 't' });
    expect(body.id).toBeUndefined();
  });
});

describe('list helpers', () => {
  it('search values become params: blanks dropped, text trimmed, date ranges split', () => {
    expect(
      searchParams(
        [
          { field: 'name', label: '名称', kind: 'text' },
          { field: 'status', label: '状态', kind: 'status' },
          { field: 'code', label: '编码', kind: 'text' },
          { field: 'time', label: '时间', kind: 'date-range', range: ['beginTime', 'endTime'] },
        ],
        { name: ' 铜 ', status: 0, code: '', time: ['2026-01-01', '2026-01-31'] },
      ),
    ).toEqual({ name: '铜', status: 0, beginTime: '2026-01-01 00:00:00', endTime: '2026-01-31 23:59:59' });
  });

  it('an edited row keeps decimals and codes as text, flags as numbers', () => {
    const v = rowToFormValues(materialResource, { ...ROW, code: '0012', status: '1', isHazardous: '0' });
    expect(v).toMatchObject({ code: '0012', defaultPrice: '2650.5', deductRate: '1.5', status: 1, isHazardous: 0 });
  });

  it('permission map null = all on; a map gates each action by its code', () => {
    expect(resourcePermissions(null, 'base_material').delete).toBe(true);
    const p = resourcePermissions({ base_material_view: true }, 'base_material');
    expect(p).toMatchObject({ view: true, delete: false, edit: false, add: false, import: false });
  });
});
