import { Button, Modal, Toast } from '@douyinfe/semi-ui';
import { useState } from 'react';
import { useStockPartySupplierMergeMutation } from '../../../core/api/izs-stock.api.ts';
import { SUPPLIER_SELECT } from '../../../core/contract/izs-stock/fields.ts';
import { hasPermission } from '../../../core/permissions/permissions-slice.ts';
import { useAppSelector } from '../../../core/store/hooks.ts';
import { FieldControl } from '../../../features/crud/field-kinds.tsx';
import { SearchItem } from '../../../features/crud/search-item.tsx';
import { PartySummaryCard } from './party-detail.tsx';

const MOVED: Record<string, string> = {
  weighings: '磅单',
  stockOrders: '出入库单据',
  tradeOrders: '订单',
  dropShippings: '直发单',
  prices: '价格',
};

/**
 * 供应商合并 (/supply-chain/purchase/supplier/merge): pick the duplicate and the supplier to keep, see what the
 * duplicate carries (weighings, documents, totals), confirm; everything moves to the kept one and the duplicate is
 * removed. Needs the merge menu's 编辑 button.
 */
export default function SupplierMergeScreen() {
  const map = useAppSelector((s) => s.permissions.map);
  const [mergeId, setMergeId] = useState<string>();
  const [keepId, setKeepId] = useState<string>();
  const [moved, setMoved] = useState<Record<string, number> | null>(null);
  const [merge, state] = useStockPartySupplierMergeMutation();
  const same = !!mergeId && mergeId === keepId;
  const confirm = () =>
    Modal.confirm({
      title: '提示',
      content: '合并后被合并供应商的全部业务归入保留的供应商，且被合并供应商将被删除，确定合并吗?',
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        const r = await merge({ keepId: String(keepId), mergeId: String(mergeId) });
        if ('error' in r) return;
        Toast.success({ content: '合并成功', duration: 3 });
        setMoved(r.data.moved);
        setMergeId(undefined);
      },
    });
  const pick = (label: string, value: string | undefined, set: (v: string | undefined) => void) => (
    <SearchItem label={label} wide>
      <FieldControl
        spec={{ field: label, label, kind: 'select', options: SUPPLIER_SELECT }}
        value={value}
        onChange={(v) => set(v ? String(v) : undefined)}
      />
    </SearchItem>
  );
  return (
    <div className="ly-page ly-crud" data-testid="supplier-merge">
      <div className="ly-crud-search">
        {pick('被合并的供应商', mergeId, setMergeId)}
        {pick('保留的供应商', keepId, setKeepId)}
        <div className="ly-crud-search-buttons">
          <Button
            theme="solid"
            type="danger"
            disabled={!mergeId || !keepId || same || !hasPermission(map, 'supply_chain_purchase_supplier_merge_edit')}
            loading={state.isLoading}
            onClick={confirm}
          >
            确认合并
          </Button>
        </div>
      </div>
      {same && <div className="ly-crud-error">不能把供应商合并到自己</div>}
      {mergeId && <PartySummaryCard id={mergeId} docLabel="将转移的入库单" />}
      {moved && (
        <div className="ly-crud-hint" data-testid="merge-result">
          已转移：
          {Object.entries(moved)
            .map(([k, n]) => `${MOVED[k] ?? k} ${n}`)
            .join('，')}
        </div>
      )}
    </div>
  );
}
