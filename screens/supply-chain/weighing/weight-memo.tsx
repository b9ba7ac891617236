import { Button } from '@douyinfe/semi-ui';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { hasPermission } from '../../../core/permissions/permissions-slice.ts';
import { useAppSelector } from '../../../core/store/hooks.ts';
import { ResourceListPage } from '../../../features/crud/resource-list-page.tsx';
import { openMemoPrint, VoidMemoDialog } from './memo-actions.tsx';
import { weighingOrderView } from './weight-memo.resource.ts';

export const memoDetailPath = (id: unknown) => `/supply-chain/weight-memo-detail/${String(id)}`;

/**
 * 磅单 (/supply-chain/weight-memo): weighing records filtered by date, plate, counterparty, material and state;
 * the number opens the detail page. Records are made at the workstation and never deleted, so the list is
 * read-only: 打印 reprints, 作废 (button supply_chain_weight_memo_void) voids with a reason.
 */
export default function WeightMemoScreen() {
  const [, navigate] = useLocation();
  const canVoid = hasPermission(
    useAppSelector((s) => s.permissions.map),
    `${weighingOrderView.permission}_void`,
  );
  const [voiding, setVoiding] = useState<{ id: string; orderNo: string } | null>(null);
  return (
    <>
      <ResourceListPage
        def={weighingOrderView}
        readOnly
        detailPath={(row) => memoDetailPath(row.id)}
        onView={(row) => navigate(memoDetailPath(row.id))}
        rowActions={(row) =>
          row.weighState !== 'voided' && (
            <>
              <Button
                theme="borderless"
                size="small"
                onClick={() => openMemoPrint(String(row.id), row.warehouseId as string)}
              >
                打印
              </Button>
              {canVoid && (
                <Button
                  theme="borderless"
                  size="small"
                  type="danger"
                  onClick={() => setVoiding({ id: String(row.id), orderNo: String(row.orderNo) })}
                >
                  作废
                </Button>
              )}
            </>
          )
        }
      />
      <VoidMemoDialog id={voiding?.id ?? null} orderNo={voiding?.orderNo} onClose={() => setVoiding(null)} />
    </>
  );
}
