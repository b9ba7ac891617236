/** Add / edit dialog of a data-scope or API-scope rule, validated by the contract's zod schema before sending. */
import { Form, Input, Modal, Toast, Typography } from '@douyinfe/semi-ui';
import type { FormApi } from '@douyinfe/semi-ui/lib/es/form';
import { useRef, useState } from 'react';
import { useApiScopeSubmitMutation, useDataScopeSubmitMutation } from '../../core/api/blade-system.api.ts';
import {
  API_SCOPE_METHODS,
  API_SCOPE_TYPES,
  type ApiScopeRow,
  apiPatternToRegExp,
  apiScopeSubmitSchema,
  DATA_SCOPE_TYPES,
  type DataScopeRow,
  dataScopeSubmitSchema,
  methodMatches,
} from '../../core/contract/blade-system/scope.contract.ts';
import type { TreeNode } from '../../core/contract/common.ts';
import { toSemiTree, zodFieldErrors } from '../../features/admin-page/common.tsx';
import { Select } from '../../features/ui/select.tsx';
import type { ScopeKind, ScopeRow } from './scope-page.tsx';

/** What each data-scope type filters (the rule applies to the rows' 所属机构, and 本人 to their creator). */
const DATA_TYPE_HINTS: Record<number, string> = {
  1: '不限制，可见本租户全部数据。',
  2: '只可见自己创建的数据。',
  3: '只可见所属机构为本人所在机构的数据。',
  4: '可见本人所在机构及其全部下级机构的数据。',
  5: '只可见下面选择的机构的数据。',
};

const options = (m: Record<number, string>) =>
  Object.entries(m).map(([value, label]) => ({ value: Number(value), label }));

/** Form values of a stored row (the scope value of type 5 is a comma list of dept ids). */
function initialValues(kind: ScopeKind, row: Partial<ScopeRow>) {
  const base = {
    menuId: row.menuId,
    scopeName: row.scopeName ?? '',
    remark: row.remark ?? '',
    enabled: row.status !== 0,
  };
  if (kind === 'data') {
    const r = row as Partial<DataScopeRow>;
    return { ...base, scopeType: r.scopeType ?? 3, scopeValue: (r.scopeValue ?? '').split(',').filter(Boolean) };
  }
  const r = row as Partial<ApiScopeRow>;
  return { ...base, scopePath: r.scopePath ?? '', scopeMethod: r.scopeMethod ?? 'ALL', scopeType: r.scopeType ?? 2 };
}

export function ScopeDialog({
  kind,
  title,
  row,
  menus,
  depts,
  onClose,
}: {
  kind: ScopeKind;
  title: string;
  row: Partial<ScopeRow>;
  menus: TreeNode[];
  depts: TreeNode[];
  onClose: () => void;
}) {
  const api = useRef<FormApi>();
  const [submitData, dataState] = useDataScopeSubmitMutation();
  const [submitApi, apiState] = useApiScopeSubmitMutation();
  const init = initialValues(kind, row);
  const [scopeType, setScopeType] = useState<number>(init.scopeType);
  const [probe, setProbe] = useState({ path: '', method: 'GET' });
  const [pattern, setPattern] = useState<{ path: string; method: string }>({
    path: (init as { scopePath?: string }).scopePath ?? '',
    method: (init as { scopeMethod?: string }).scopeMethod ?? 'ALL',
  });

  const onOk = async () => {
    const v = (api.current?.getValues() ?? {}) as Record<string, unknown>;
    const { enabled, ...rest } = v;
    const body = { ...rest, id: row.id, status: enabled === false ? 0 : 1 };
    const schema = kind === 'data' ? dataScopeSubmitSchema : apiScopeSubmitSchema;
    const errs = zodFieldErrors(schema, body);
    if (errs) {
      for (const [k, m] of Object.entries(errs)) api.current?.setError(k, m);
      return;
    }
    const r = kind === 'data' ? await submitData(body as never) : await submitApi(body as never);
    if ('data' in r) {
      Toast.success(row.id ? '修改成功' : '新增成功');
      onClose();
    }
  };

  let probeText = '';
  if (kind === 'api' && probe.path.trim() && pattern.path.trim()) {
    let re: RegExp | null = null;
    try {
      re = apiPatternToRegExp(pattern.path.trim());
    } catch {
      re = null;
    }
    const hit = !!re?.test(probe.path.trim()) && methodMatches(pattern.method, probe.method);
    probeText = hit ? '✔ 该请求受此规则约束' : '✘ 该请求不受此规则约束';
  }

  return (
    <Modal
      title={`${row.id ? '编辑' : '新增'}${title}`}
      visible
      onCancel={onClose}
      onOk={onOk}
      okText="保存"
      cancelText="取消"
      confirmLoading={dataState.isLoading || apiState.isLoading}
      width={640}
      maskClosable={false}
    >
      <Form
        getFormApi={(a) => {
          api.current = a;
        }}
        initValues={init}
        labelPosition="left"
        labelWidth={96}
        onValueChange={(values: Record<string, unknown>) => {
          if (kind === 'data') setScopeType(Number(values.scopeType));
          else setPattern({ path: String(values.scopePath ?? ''), method: String(values.scopeMethod ?? 'ALL') });
        }}
        data-testid="scope-form"
      >
        <Form.TreeSelect
          field="menuId"
          label="所属菜单"
          treeData={toSemiTree(menus)}
          filterTreeNode
          searchPlaceholder="搜索菜单"
          placeholder="请选择所属菜单"
          style={{ width: '100%' }}
          rules={[{ required: true, message: '请选择所属菜单' }]}
        />
        <Form.Input field="scopeName" label="权限名称" placeholder="如：物料-本机构可见" />
        {kind === 'data' ? (
          <>
            <Form.Select
              field="scopeType"
              label="权限类型"
              optionList={options(DATA_SCOPE_TYPES)}
              style={{ width: '100%' }}
              extraText={DATA_TYPE_HINTS[scopeType]}
            />
            {scopeType === 5 && (
              <Form.TreeSelect
                field="scopeValue"
                label="可见机构"
                multiple
                treeData={toSemiTree(depts)}
                placeholder="请选择可见机构"
                style={{ width: '100%' }}
              />
            )}
          </>
        ) : (
          <>
            <Form.Input
              field="scopePath"
              label="权限路径"
              placeholder="/api/izs-base/material/**"
              extraText="以 /api/ 开头；* 匹配一级路径，** 匹配任意多级。"
            />
            <Form.Select
              field="scopeMethod"
              label="请求方式"
              optionList={API_SCOPE_METHODS.map((m) => ({ value: m, label: m === 'ALL' ? '全部' : m }))}
              style={{ width: '100%' }}
            />
            <Form.RadioGroup field="scopeType" label="接口类型" options={options(API_SCOPE_TYPES)} />
            <Form.Slot label="路径测试">
              <div className="ly-scope-probe">
                <Select
                  aria-label="测试请求方式"
                  value={probe.method}
                  style={{ width: 100 }}
                  optionList={['GET', 'POST', 'PUT', 'DELETE'].map((m) => ({ value: m, label: m }))}
                  onChange={(v) => setProbe({ ...probe, method: String(v) })}
                />
                <Input
                  aria-label="测试请求路径"
                  placeholder="输入请求路径试试，如 /api/izs-base/material/remove"
                  value={probe.path}
                  onChange={(v) => setProbe({ ...probe, path: v })}
                />
              </div>
              {probeText && (
                <Typography.Text type={probeText.startsWith('✔') ? 'success' : 'tertiary'} size="small">
                  {probeText}
                </Typography.Text>
              )}
            </Form.Slot>
          </>
        )}
        <Form.Switch field="enabled" label="启用" />
        <Form.TextArea field="remark" label="备注" rows={2} maxCount={255} />
      </Form>
    </Modal>
  );
}
