import { Button, Modal } from '@douyinfe/semi-ui';
import { useState } from 'react';
import { useScfFinanceCreateMutation } from '../../core/api/izs-contract.api.ts';
import { notifySuccess } from '../../core/api/notify.ts';
import { financeCreateBody } from '../../core/contract/izs-contract/scf.contract.ts';
import {
  FINANCE_KINDS,
  MATERIAL_SELECT,
  PROVIDER_SELECT,
  WAREHOUSE_SELECT,
} from '../../core/contract/izs-contract/scf-resources.contract.ts';
import type { FormFieldDef } from '../../core/contract/resource.ts';
import { zodFieldErrors } from '../../features/admin-page/common.tsx';
import { type FieldErrors, ResourceForm } from '../../features/crud/resource-form.tsx';
import { ResourceListPage } from '../../features/crud/resource-list-page.tsx';
import { NO_ENGLISH_NAME } from '../../features/ui/semi-zh.ts';
import { FinanceDetail } from './finance-detail.tsx';
import { financeContractView } from './scf-resources.resource.ts';

type F = FormFieldDef<Record<string, unknown>>;
const fields = (kind: unknown): F[] => [
  { field: 'providerId', label: '资金方', kind: 'select', required: true, options: PROVIDER_SELECT },
  { field: 'kind', label: '融资类型', kind: 'select', required: true, options: { options: FINANCE_KINDS } },
  { field: 'principal', label: '融资金额', kind: 'money', required: true, decimals: 2 },
  { field: 'annualRate', label: '年利率(%)', kind: 'rate', required: true, decimals: 4 },
  { field: 'startDate', label: '起息日', kind: 'date', required: true },
  { field: 'termDays', label: '期限(天)', kind: 'number', required: true },
  ...(kind === 'pledge'
    ? ([
        { field: 'warehouseId', label: '质押仓库', kind: 'select', required: true, options: WAREHOUSE_SELECT },
        { field: 'materialId', label: '质押物料', kind: 'select', required: true, options: MATERIAL_SELECT },
        { field: 'pledgedQty', label: '质押数量(kg)', kind: 'weight', required: true, decimals: 3 },
      ] as F[])
    : []),
  { field: 'remark', label: '备注', kind: 'textarea', span: 2 },
];

/** 合同管理 (/supply-chain-finance/contract): financing contracts — 库存质押, receivable and prepayment financing. */
export default function FinanceContractScreen() {
  const [adding, setAdding] = useState(false);
  const [values, setValues] = useState<Record<string, unknown>>({ kind: 'pledge', termDays: 180 });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [detail, setDetail] = useState<string | null>(null);
  const [create, creating] = useScfFinanceCreateMutation();
  const submit = async () => {
    const errs = zodFieldErrors(financeCreateBody, values);
    if (errs) return setErrors(errs);
    setErrors({});
    const r = await create(financeCreateBody.parse(values));
    if ('data' in r && r.data) {
      notifySuccess(`已新增融资合同 ${r.data.contractNo}`);
      setAdding(false);
    }
  };
  return (
    <>
      <ResourceListPage
        def={financeContractView}
        onEdit={(mode) => mode === 'add' && setAdding(true)}
        rowEditable={() => false}
        rowActions={(row) => (
          <Button size="small" theme="borderless" onClick={() => setDetail(String(row.id))}>
            详情
          </Button>
        )}
      />
      <Modal
        visible={adding}
        title="新增融资合同"
        width={760}
        onCancel={() => setAdding(false)}
        onOk={submit}
        okButtonProps={{ ...NO_ENGLISH_NAME, loading: creating.isLoading }}
      >
        <ResourceForm
          fields={fields(values.kind)}
          mode="add"
          values={values}
          errors={errors}
          onChange={(f, v) => setValues((p) => ({ ...p, [f]: v }))}
        />
      </Modal>
      <Modal visible={!!detail} title="融资合同详情" width={900} footer={null} onCancel={() => setDetail(null)}>
        {detail && <FinanceDetail id={detail} />}
      </Modal>
    </>
  );
}
