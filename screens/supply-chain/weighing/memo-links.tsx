import { useMemo } from 'react';
import { Link } from 'wouter';
import { refOf, useResourceDetailQuery } from '../../../core/api/crud.api.ts';
import { ValueGrid } from '../../../features/crud/value-grid.tsx';
import { dispatchSlipView } from './dispatch-slip.resource.ts';

/** 派车单详情 of a slip (its QR code, plan and the weighings made under it). */
export const dispatchSlipScreen = (id: string) => `/supply-chain/dispatch-slip-detail/${encodeURIComponent(id)}`;

/**
 * 派车单与电子磅单 (issue 24): the slip a weighing was made under (its number, a link to 派车单详情) and the
 * driver's e-ticket (the weighing's public trace link) — shown only when the weighing has either.
 */
export function MemoLinksView({
  slipId,
  slipNo,
  eticketPath,
}: {
  slipId: string | null;
  slipNo: string | null;
  eticketPath: string;
}) {
  if (!slipNo && !eticketPath) return null;
  return (
    <section className="ly-detail-card" data-testid="detail-card-memo-links">
      <div className="ly-detail-head">
        <h3 className="ly-detail-card-title">派车单与电子磅单</h3>
      </div>
      <ValueGrid
        items={[
          [
            '派车单号',
            slipNo && slipId ? (
              <Link key="slip" href={dispatchSlipScreen(slipId)} className="ly-crud-link" data-testid="memo-slip-link">
                {slipNo}
              </Link>
            ) : null,
          ],
          [
            '电子磅单',
            eticketPath ? (
              <a
                key="eticket"
                href={eticketPath}
                target="_blank"
                rel="noreferrer"
                className="ly-crud-link"
                data-testid="memo-eticket-link"
              >
                查看电子磅单（溯源链接）
              </a>
            ) : null,
          ],
        ]}
      />
    </section>
  );
}

/** Resolves the weighing's dispatch_slip_id to the slip's number and shows {@link MemoLinksView}. */
export function MemoLinksCard({ dispatchSlipId, eticketPath }: { dispatchSlipId: string | null; eticketPath: string }) {
  const ref = useMemo(() => refOf(dispatchSlipView), []);
  const slip = useResourceDetailQuery({ ref, id: dispatchSlipId ?? '' }, { skip: !dispatchSlipId });
  const slipNo = dispatchSlipId ? String(slip.data?.slipNo ?? `#${dispatchSlipId}`) : null;
  return <MemoLinksView slipId={dispatchSlipId} slipNo={slipNo} eticketPath={eticketPath} />;
}
