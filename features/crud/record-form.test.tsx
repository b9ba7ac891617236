import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useBaseConfigBusinessDetailQuery, useBaseConfigBusinessUpdateMutation } from '../../core/api/izs-base.api.ts';
import {
  BUSINESS_CONFIG_FIELDS,
  businessConfigBody,
  businessConfigForm,
} from '../../core/contract/izs-base/config.contract.ts';
import { materialCategoryResource } from '../../core/contract/izs-base/material-category.contract.ts';
import {
  WAREHOUSE_ENVIRONMENT_FIELDS,
  warehouseEnvironmentForm,
} from '../../core/contract/izs-base/warehouse.contract.ts';
import type { FormFieldDef } from '../../core/contract/resource.ts';
import { createAppStore } from '../../core/store/store.ts';
import { FormDialog } from './form-dialog.tsx';
import { RecordForm, recordToValues } from './record-form.tsx';
import { withFormLayout } from './resource-layout.ts';
import { initialValues } from './resource-tree-panel.tsx';
import { stubResizeObserver } from './test-stubs.ts';

stubResizeObserver();
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

type Fields = FormFieldDef<Record<string, unknown>>[];
const json = (code: number, data: unknown, msg = '操作成功') =>
  new Response(JSON.stringify({ code, success: code === 200, data, msg }), {
    status: code,
    headers: { 'Content-Type': 'application/json' },
  });
const wrap = (ui: React.ReactNode) => render(<Provider store={createAppStore({ persist: false })}>{ui}</Provider>);

/** The record form as the 业务配置 page wires it: the typed detail query and update mutation of the descriptors. */
function BusinessCard({ canEdit, body }: { canEdit: boolean; body?: Record<string, unknown> }) {
  const query = useBaseConfigBusinessDetailQuery({ deptId: '1001' }, { refetchOnMountOrArgChange: true });
  const [save, state] = useBaseConfigBusinessUpdateMutation();
  return (
    <RecordForm
      title="业务配置"
      testId="bc"
      fields={BUSINESS_CONFIG_FIELDS as Fields}
      schema={businessConfigForm}
      query={query}
      onSave={async (v) => !('error' in (await save(businessConfigBody.parse(v))))}
      saving={state.isLoading}
      body={body}
      canEdit={canEdit}
    />
  );
}

const SAVED = {
  id: '9',
  deptId: '1001',
  allowNegativeStock: 0,
  weighStableSeconds: 3,
  manualWeighAllowed: 0,
  defaultWarehouseId: '1900000000000000123',
  pricePrecision: 2,
  weightPrecision: 3,
  taxRate: '13.00',
  autoReview: 0,
};

describe('RecordForm (one record per key, e.g. the per-department business config)', () => {
  it('keeps ids and decimals as text and numbers as numbers', () => {
    const v = recordToValues(BUSINESS_CONFIG_FIELDS as Fields, { ...SAVED, weighStableSeconds: '5' });
    expect(v.defaultWarehouseId).toBe('1900000000000000123');
    expect(v.taxRate).toBe('13.00');
    expect(v.weighStableSeconds).toBe(5);
  });

  it('loads with the key, refuses a bad value under its field, then saves the edited record with the key', async () => {
    const calls: { url: string; method: string; body?: string }[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = String(input);
      calls.push({ url, method: init?.method ?? 'GET', body: init?.body as string | undefined });
      if (url.includes('detail-dept')) return json(200, SAVED);
      if (url.includes('/update')) return json(200, SAVED);
      return json(200, []);
    });
    wrap(<BusinessCard canEdit body={{ deptId: '1001' }} />);
    const tax = (await screen.findByDisplayValue('13.00')) as HTMLInputElement;
    expect(new URL(calls[0].url).searchParams.get('deptId')).toBe('1001');
    fireEvent.change(tax, { target: { value: '130' } });
    fireEvent.click(screen.getByTestId('bc-save'));
    expect(await screen.findByText('税率(%)不能大于100')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.change(tax, { target: { value: '9.5' } });
    fireEvent.click(screen.getByTestId('bc-save'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const sent = JSON.parse(calls.find((c) => c.method === 'POST')?.body ?? '{}');
    expect(sent).toMatchObject({ deptId: '1001', taxRate: '9.5', defaultWarehouseId: '1900000000000000123' });
  });

  it('without the edit permission shows the values read-only and no 保存', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) =>
      String(input).includes('detail-dept') ? json(200, SAVED) : json(200, []),
    );
    wrap(<BusinessCard canEdit={false} />);
    expect(await screen.findByText('13.00')).toBeTruthy();
    expect(screen.queryByTestId('bc-save')).toBeNull();
  });
});

/**
 * The 新增巡检 dialog's fields with the bounds screens/base/warehouse.resource.ts gives them (a negative `min` lets the
 * box take a minus).
 */
const PATROL_FIELDS = withFormLayout(WAREHOUSE_ENVIRONMENT_FIELDS, {
  temperature: { min: -50, max: 80 },
  humidity: { min: 0, max: 100 },
});

describe('FormDialog (add a record from another page, e.g. a warehouse patrol)', () => {
  it('validates with the schema (extra values included) and closes when the submit succeeds', async () => {
    const onSubmit = vi.fn(async () => true);
    const onClose = vi.fn();
    wrap(
      <FormDialog
        title="新增环境巡检"
        visible
        fields={PATROL_FIELDS as Fields}
        schema={warehouseEnvironmentForm}
        extra={{ warehouseId: '1900000000000000001' }}
        onClose={onClose}
        onSubmit={onSubmit}
      />,
    );
    const temp = (await screen.findByPlaceholderText('请输入温度(℃)')) as HTMLInputElement;
    fireEvent.change(temp, { target: { value: '-95' } });
    fireEvent.click(screen.getByTestId('crud-save'));
    expect(await screen.findByText('温度不能小于-50')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.change(temp, { target: { value: '-5.5' } });
    fireEvent.click(screen.getByTestId('crud-save'));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]).toEqual([
      expect.objectContaining({ warehouseId: '1900000000000000001', temperature: '-5.5', fireCheck: 1 }),
    ]);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});

describe('ResourceTreePanel dialog values', () => {
  it("a child starts under the picked node; a top-level node's parent '0' shows as empty", () => {
    expect(initialValues(materialCategoryResource, 'add', { parentId: '11' })).toEqual({ parentId: '11', sort: 0 });
    expect(initialValues(materialCategoryResource, 'add', { parentId: '0' })).toEqual({ sort: 0 });
    const edit = initialValues(materialCategoryResource, 'edit', {
      id: '5',
      parentId: '0',
      name: '黑色金属',
      code: 'FE',
      sort: 1,
      remark: '',
    });
    expect(edit).toMatchObject({ name: '黑色金属', code: 'FE', sort: 1 });
    expect(edit.parentId).toBeUndefined();
  });
});
