import { IconPrint } from '@douyinfe/semi-icons';
import { Button, Tag } from '@douyinfe/semi-ui';
import { useMemo, useState } from 'react';
import { Link } from 'wouter';
import { refOf, useResourceDetailQuery } from '../../../core/api/crud.api.ts';
import { DOC_STATES } from '../../../core/contract/izs-stock/fields.ts';
import { inStockResource, outStockResource } from '../../../core/contract/izs-stock/stock-order.contract.ts';
import { formatKg } from '../../../core/format/amounts.ts';
import { formatDecimal } from '../../../core/format/decimal.ts';
import { hasPermission } from '../../../core/permissions/permissions-slice.ts';
import { useAppSelector } from '../../../core/store/hooks.ts';
import { ResourceDetailPage } from '../../../features/crud/resource-detail-page.tsx';
import { ValueGrid } from '../../../features/crud/value-grid.tsx';
import type { ScreenProps } from '../../../features/shell/guarded-router.tsx';
import { openMemoPrint, VoidMemoDialog } from './memo-actions.tsx';
import { MemoLinksCard } from './memo-links.tsx';
import { weighingOrderView } from './weight-memo.resource.ts';
import './station.css';

const STATE_NAMES = Object.fromEntries(DOC_STATES.map((s) => [s.value, s.label]));

/** The in-stock / out-stock document the completed weighing made (DESIGN §5), with a link to its page. */
function StockDocCard({ id, orderType }: { id: string; orderType: string }) {
  const def = orderType === 'sale' ? outStockResource : inStockResource;
  const ref = useMemo(() => refOf(def), [def]);
  const doc = useResourceDetailQuery({ ref, id });
  const d = doc.data;
  const page =
    orderType === 'sale' ? '/supply-chain/sale/out-stock-detail/' : '/supply-chain/purchase/in-stock-detail/';
  return (
    <section className="ly-detail-card" data-testid="detail-card-stock-doc">
      <div className="ly-detail-head">
        <h3 className="ly-detail-card-title">{def.title}</h3>
        {d && (
          <Link href={`${page}${encodeURIComponent(String(d.orderNo))}`} className="ly-crud-link">
            查看{def.title}
          </Link>
        )}
      </div>
      <ValueGrid
        items={[
          ['单号', d?.orderNo as string],
          [
            '状态',
            d ? (
              <Tag key="state" size="small">
                {STATE_NAMES[String(d.state)] ?? String(d.state)}
              </Tag>
            ) : null,
          ],
          ['单据日期', d?.orderDate as string],
          ['数量(kg)', d ? formatKg(String(d.totalQty)) : null],
          ['金额(元)', d ? formatDecimal(String(d.totalAmount), 2) : null],
          ['审核人', (d?.reviewerName as string) ?? null],
          ['审核时间', (d?.reviewTime as string) ?? null],
          ['作废原因', (d?.voidReason as string) || null],
        ]}
      />
    </section>
  );
}

/**
 * 磅单详情 (/supply-chain/weight-memo-detail/{id}): the record's cards (both passes with their photos, weights
 * and amount, the chain link), the 派车单 it was made under and its 电子磅单 trace link (when present), the stock
 * document made from it, 打印 (reprint) and 作废 with a reason.
 */
export default function WeightMemoDetailScreen({ path }: ScreenProps) {
  const id = path.split('/').pop() ?? '';
  const map = useAppSelector((s) => s.permissions.map);
  const canVoid = hasPermission(map, `${weighingOrderView.permission}_void`);
  const [voiding, setVoiding] = useState(false);
  const ref = useMemo(() => refOf(weighingOrderView), []);
  const row = useResourceDetailQuery({ ref, id }).data;
  return (
    <div className="ly-memo-detail">
      <ResourceDetailPage
        def={weighingOrderView}
        id={id}
        title={(r) => `磅单详情：${r.orderNo}（${r.carNumber}）`}
        actions={(r) =>
          r.weighState !== 'voided' && (
            <span className="ly-detail-actions">
              <Button
                icon={<IconPrint />}
                theme="solid"
                onClick={() => openMemoPrint(id, r.warehouseId as string)}
                data-testid="memo-print"
              >
                {Number(r.printCount) > 0 ? `补打（已打印${r.printCount}次）` : '打印'}
              </Button>
              {canVoid && (
                <Button type="danger" onClick={() => setVoiding(true)} data-testid="memo-void">
                  作废
                </Button>
              )}
            </span>
          )
        }
      />
      {row && (row.dispatchSlipId || row.eticketPath) ? (
        <div className="ly-memo-detail-extra">
          <MemoLinksCard
            dispatchSlipId={row.dispatchSlipId ? String(row.dispatchSlipId) : null}
            eticketPath={String(row.eticketPath ?? '')}
          />
        </div>
      ) : null}
      {row?.stockOrderId ? (
        <div className="ly-memo-detail-extra">
          <StockDocCard id={String(row.stockOrderId)} orderType={String(row.orderType)} />
        </div>
      ) : null}
      <VoidMemoDialog id={voiding ? id : null} orderNo={row?.orderNo as string} onClose={() => setVoiding(false)} />
    </div>
  );
}
