import { Button } from '@douyinfe/semi-ui';
import { useState } from 'react';
import type { z } from 'zod';
import { useFixedAssetsChangeMutation, useFixedAssetsDisposeMutation } from '../../core/api/izs-financing.api.ts';
import {
  type AssetCard,
  type AssetChangeBody,
  assetChangeBody,
  assetDisposeBody,
} from '../../core/contract/izs-financing/fixed-assets.contract.ts';
import type { FormFieldDef } from '../../core/contract/resource.ts';
import { businessToday } from '../../core/format/business-day.ts';
import { AccountingFrame } from '../../features/account-set/accounting-frame.tsx';
import { FormDialog } from '../../features/crud/form-dialog.tsx';
import { useResourcePermissions } from '../../features/crud/permissions.ts';
import { ResourceListPage } from '../../features/crud/resource-list-page.tsx';
import { assetCardView } from '../../features/layouts/fixed-asset-card.resource.ts';

type Field = FormFieldDef<Record<string, unknown>>;
const CHANGE_FIELDS: Field[] = [
  { field: 'changeDate', label: '变动日期', kind: 'date', required: true },
  { field: 'cost', label: '原值', kind: 'money' },
  { field: 'lifeMonths', label: '使用月数', kind: 'number', min: 1 },
  { field: 'residualRate', label: '残值率', kind: 'text', placeholder: '如 0.05' },
  { field: 'useDept', label: '使用部门', kind: 'text' },
  { field: 'expenseAccount', label: '折旧费用科目', kind: 'code' },
  { field: 'reason', label: '变动原因', kind: 'textarea', span: 2 },
];
const DISPOSE_FIELDS: Field[] = [
  { field: 'disposalDate', label: '处置日期', kind: 'date', required: true },
  { field: 'reason', label: '处置原因', kind: 'textarea', span: 2 },
];

/**
 * 资产卡片 (/finance/fixed-assets/fixed-assets-list): acquisition (新增), edits before any depreciation, 变动 (原值 /
 * 使用月数 / 残值率 / 部门, from the month after), 处置 (the disposal month is still depreciated); the code opens the history.
 */
export default function FixedAssetsListScreen() {
  const perms = useResourcePermissions(assetCardView.permission);
  const [change] = useFixedAssetsChangeMutation();
  const [dispose] = useFixedAssetsDisposeMutation();
  // the card list (its engine tag) and the books follow through the descriptors' invalidation
  const done = (p: Promise<unknown>) =>
    p.then(
      () => true,
      () => false,
    );
  const [dialog, setDialog] = useState<{ kind: 'change' | 'dispose'; card: AssetCard } | null>(null);
  const today = businessToday();
  const history = (row: Record<string, unknown>) => `/finance/fixed-assets/fixed-assets-history/${row.id}`;
  return (
    <AccountingFrame testId="fa-list">
      <ResourceListPage
        def={assetCardView}
        detailPath={history}
        rowEditable={(row) => row.state !== 'disposed'}
        rowActionsWidth={100}
        rowActions={(row) => (
          <>
            {perms.edit && row.state !== 'disposed' && (
              <>
                <Button
                  size="small"
                  theme="borderless"
                  onClick={() => setDialog({ kind: 'change', card: row as AssetCard })}
                >
                  变动
                </Button>
                <Button
                  size="small"
                  theme="borderless"
                  onClick={() => setDialog({ kind: 'dispose', card: row as AssetCard })}
                >
                  处置
                </Button>
              </>
            )}
          </>
        )}
      />
      <FormDialog
        title={`资产变动：${dialog?.card.name ?? ''}`}
        visible={dialog?.kind === 'change'}
        fields={CHANGE_FIELDS}
        schema={assetChangeBody}
        initial={{ changeDate: today, useDept: dialog?.card.useDept }}
        extra={{ id: dialog?.card.id }}
        onClose={() => setDialog(null)}
        onSubmit={(v) => done(change(v as AssetChangeBody).unwrap())}
      />
      <FormDialog
        title={`资产处置：${dialog?.card.name ?? ''}`}
        visible={dialog?.kind === 'dispose'}
        fields={DISPOSE_FIELDS}
        schema={assetDisposeBody}
        initial={{ disposalDate: today }}
        extra={{ id: dialog?.card.id }}
        onClose={() => setDialog(null)}
        onSubmit={(v) => done(dispose(v as z.input<typeof assetDisposeBody>).unwrap())}
      />
    </AccountingFrame>
  );
}
