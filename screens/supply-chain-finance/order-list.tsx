import { Modal } from '@douyinfe/semi-ui';
import { useState } from 'react';
import { Link } from 'wouter';
import { useScfCertIssueMutation } from '../../core/api/izs-contract.api.ts';
import { notifySuccess } from '../../core/api/notify.ts';
import { SCF_API } from '../../core/contract/izs-contract/scf.contract.ts';
import { PARTY_SELECT } from '../../core/contract/izs-contract/scf-resources.contract.ts';
import type { FormFieldDef } from '../../core/contract/resource.ts';
import { zodFieldErrors } from '../../features/admin-page/common.tsx';
import { type FieldErrors, ResourceForm } from '../../features/crud/resource-form.tsx';
import { ResourceListPage } from '../../features/crud/resource-list-page.tsx';
import { NO_ENGLISH_NAME } from '../../features/ui/semi-zh.ts';
import { goldCertView } from './scf-resources.resource.ts';

const FIELDS: FormFieldDef<Record<string, unknown>>[] = [
  { field: 'issuerName', label: '开单企业', kind: 'text', required: true },
  { field: 'holderPartyId', label: '持有人（空 = 本公司）', kind: 'select', options: PARTY_SELECT },
  { field: 'face', label: '金额', kind: 'money', required: true, decimals: 2 },
  { field: 'payableRef', label: '对应应付', kind: 'text' },
  { field: 'issueDate', label: '开单日', kind: 'date', required: true },
  { field: 'maturityDate', label: '到期日', kind: 'date', required: true },
];
const issueBody = SCF_API.certIssue.body;

/** 金单列表 (/supply-chain-finance/order-list): issued certificates and their splits; 详情 traces the family. */
export default function GoldOrderListScreen() {
  const [adding, setAdding] = useState(false);
  const [values, setValues] = useState<Record<string, unknown>>({});
  const [errors, setErrors] = useState<FieldErrors>({});
  const [issue, issuing] = useScfCertIssueMutation();
  return (
    <>
      <ResourceListPage
        def={goldCertView}
        detailPath={(row) => `/supply-chain-finance/order-list/detail?id=${row.id}`}
        onEdit={(mode) => mode === 'add' && setAdding(true)}
        rowEditable={() => false}
        rowActions={(row) => (
          <Link href={`/supply-chain-finance/order-list/detail?id=${row.id}`} className="ly-crud-link">
            详情
          </Link>
        )}
      />
      <Modal
        visible={adding}
        title="开立金单"
        width={720}
        onCancel={() => setAdding(false)}
        okButtonProps={{ ...NO_ENGLISH_NAME, loading: issuing.isLoading }}
        onOk={async () => {
          const errs = zodFieldErrors(issueBody, values);
          if (errs) return setErrors(errs);
          setErrors({});
          const r = await issue(issueBody.parse(values));
          if ('data' in r && r.data) {
            notifySuccess(`已开立金单 ${r.data.certNo}`);
            setAdding(false);
          }
        }}
      >
        <ResourceForm
          fields={FIELDS}
          mode="add"
          values={values}
          errors={errors}
          onChange={(f, v) => setValues((p) => ({ ...p, [f]: v }))}
        />
      </Modal>
    </>
  );
}
