import { useState } from 'react';
import {
  useBaseConfigBusinessDetailQuery,
  useBaseConfigBusinessUpdateMutation,
  useBaseConfigFinanceDetailQuery,
  useBaseConfigFinanceUpdateMutation,
} from '../../core/api/izs-base.api.ts';
import {
  businessConfigBody,
  businessConfigForm,
  financeConfigBody,
  financeConfigForm,
} from '../../core/contract/izs-base/config.contract.ts';
import { DEPT_TREE } from '../../core/contract/izs-base/fields.ts';
import type { FormFieldDef } from '../../core/contract/resource.ts';
import { useAppSelector } from '../../core/store/hooks.ts';
import { FieldControl } from '../../features/crud/field-kinds.tsx';
import { useResourcePermissions } from '../../features/crud/permissions.ts';
import { RecordForm } from '../../features/crud/record-form.tsx';
import { SearchItem } from '../../features/crud/search-item.tsx';
import { businessConfigFields, financeConfigFields } from './dept-config.resource.ts';

type Fields = FormFieldDef<Record<string, unknown>>[];

const fresh = { refetchOnMountOrArgChange: true } as const;

function BusinessConfigCard({ deptId, canEdit }: { deptId: string; canEdit: boolean }) {
  const query = useBaseConfigBusinessDetailQuery({ deptId }, fresh);
  const [save, state] = useBaseConfigBusinessUpdateMutation();
  return (
    <RecordForm
      title="业务配置"
      testId="business-config"
      fields={businessConfigFields as Fields}
      schema={businessConfigForm}
      query={query}
      onSave={async (v) => !('error' in (await save(businessConfigBody.parse(v))))}
      saving={state.isLoading}
      body={{ deptId }}
      canEdit={canEdit}
    />
  );
}

function FinanceConfigCard({ deptId, canEdit }: { deptId: string; canEdit: boolean }) {
  const query = useBaseConfigFinanceDetailQuery({ deptId }, fresh);
  const [save, state] = useBaseConfigFinanceUpdateMutation();
  return (
    <RecordForm
      title="财务参数"
      testId="finance-config"
      fields={financeConfigFields as Fields}
      schema={financeConfigForm}
      query={query}
      onSave={async (v) => !('error' in (await save(financeConfigBody.parse(v))))}
      saving={state.isLoading}
      body={{ deptId }}
      canEdit={canEdit}
    />
  );
}

/**
 * 业务配置 (/base/dept/config, spec §7.6): per department, the business config (system-business-config) and the
 * finance parameters (system-finace-config), each read with detail-dept and saved with update.
 */
export default function DeptConfigScreen() {
  const defaultDept = useAppSelector((s) => s.session.defaultDeptId);
  const [deptId, setDeptId] = useState<string>(defaultDept);
  const business = useResourcePermissions('base_dept_config');
  const finance = useResourcePermissions('finance_setting_system_config');
  return (
    <div className="ly-page ly-detail" data-testid="dept-config">
      <SearchItem label="所属机构" style={{ maxWidth: 420 }}>
        <FieldControl
          id="dept-config-dept"
          spec={{ field: 'deptId', label: '机构', kind: 'tree', options: DEPT_TREE }}
          value={deptId}
          onChange={(v) => v && setDeptId(String(v))}
        />
      </SearchItem>
      <BusinessConfigCard deptId={deptId} canEdit={business.edit} />
      <FinanceConfigCard deptId={deptId} canEdit={finance.edit} />
    </div>
  );
}
