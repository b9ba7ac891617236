/**
 * Actions on a weight memo shared by the workstation, the list and the detail page: open its print page (the
 * print entry's /print-template/weight-memo, which prints through the desktop client — spec §2.2, §8) and void
 * it with a reason (button supply_chain_weight_memo_void; the stock document made from it is voided with it).
 */
import { Toast } from '@douyinfe/semi-ui';
import { useWeighVoidMutation } from '../../../core/api/izs-weighing-order.api.ts';
import { weighingVoidBody } from '../../../core/contract/izs-weighing/orders.contract.ts';
import type { FormFieldDef } from '../../../core/contract/resource.ts';
import { FormDialog } from '../../../features/crud/form-dialog.tsx';

export const MEMO_PRINT_PATH = '/print-template/weight-memo';

export function memoPrintUrl(id: string, warehouseId?: string | null): string {
  const q = new URLSearchParams({ id });
  if (warehouseId) q.set('warehouseId', warehouseId);
  return `${MEMO_PRINT_PATH}?${q.toString()}`;
}

/** Opens the memo's print page in its own window (the desktop client's print loader, or a browser preview). */
export function openMemoPrint(id: string, warehouseId?: string | null): void {
  window.open(memoPrintUrl(id, warehouseId), `weight-memo-${id}`, 'width=1000,height=760');
}

const VOID_FIELDS: FormFieldDef<Record<string, unknown>>[] = [
  {
    field: 'reason',
    label: '作废原因',
    kind: 'textarea',
    required: true,
    span: 2,
    placeholder: '例如：车牌录错，重新过磅',
  },
];

/** The 作废 dialog: a required reason, then POST void; `onDone` after the server took it. */
export function VoidMemoDialog({
  id,
  orderNo,
  onClose,
  onDone,
}: {
  id: string | null;
  orderNo?: string;
  onClose: () => void;
  onDone?: () => void;
}) {
  const [voidMemo] = useWeighVoidMutation();
  return (
    <FormDialog
      title={`作废磅单${orderNo ? ` ${orderNo}` : ''}`}
      visible={!!id}
      fields={VOID_FIELDS}
      schema={weighingVoidBody}
      extra={{ id }}
      onClose={onClose}
      onSubmit={async (body) => {
        const r = await voidMemo(body as { id: string; reason: string });
        if ('error' in r) return false;
        Toast.success({ content: '磅单已作废', duration: 3 });
        onDone?.();
        return true;
      }}
    />
  );
}
