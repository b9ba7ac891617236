/**
 * /print/dispatch-slip?id=…[&paper=a5|80] (issue 24): the printed 派车单 the driver carries — the QR code of the
 * slip's number (what the station and the unattended lane scan), the plate, the plan (direction, party, material,
 * planned quantity, source order, driver) and the validity; a closed or expired slip is stamped 已关闭 / 已过期.
 * A5 landscape by default (as the stock documents print), an 80 mm receipt roll with `paper=80`. The layout is
 * `dispatch-slip-model.ts`; ready-to-print is signalled once the slip is loaded (print/bridge.ts).
 */
import { useEffect, useMemo, useState } from 'react';
import { callDescriptor } from '../../core/api/call-descriptor.ts';
import { engineDetail } from '../../core/contract/engine-reads.ts';
import { type DispatchSlipRow, dispatchSlipResource } from '../../core/contract/izs-weighing/dispatch-slip.contract.ts';
import { businessToday } from '../../core/format/business-day.ts';
import { QrCode } from '../../features/ui/qr-code.tsx';
import { requestPrint, signalPrintReady } from '../bridge.ts';
import { pageRule } from '../margins.ts';
import { SLIP_PAPERS, type SlipPaper, slipPaperOf, slipSheet } from './dispatch-slip-model.ts';
import './dispatch-slip.css';

const SLIP_DETAIL = engineDetail(dispatchSlipResource);

export function DispatchSlipSheet({ row, paper, today }: { row: DispatchSlipRow; paper: SlipPaper; today: string }) {
  const s = slipSheet(row, today);
  const size = SLIP_PAPERS[paper];
  const roll = paper === '80';
  return (
    <article
      className={`ds-sheet${roll ? ' ds-roll' : ''}`}
      data-testid="slip-print"
      data-paper={paper}
      style={{ width: `${size.width}mm`, minHeight: roll ? undefined : `${size.height}mm` }}
    >
      <h1>派车单</h1>
      <div className="ds-body">
        <div className="ds-qr">
          <QrCode value={s.slipNo} size={roll ? '40mm' : '46mm'} title={`派车单 ${s.slipNo}`} />
          <b data-testid="ds-slip-no">{s.slipNo}</b>
          过磅时出示此码
        </div>
        <div>
          <div className="ds-plate" data-testid="ds-plate">
            {s.carNumber}
          </div>
          <table className="ds-lines">
            <tbody>
              {s.lines.map(([k, v]) => (
                <tr key={k}>
                  <th scope="row">{k}</th>
                  <td data-testid={`ds-${k}`}>{v}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="ds-validity">
            有效期：<b data-testid="ds-validity">{s.validity}</b>
          </div>
          <div className="ds-note">请按计划车辆、物料进场过磅；车牌与本单不符将被拦截复核。</div>
        </div>
      </div>
      {s.mark && (
        <div className="ds-mark" data-testid="ds-mark">
          {s.mark}
        </div>
      )}
    </article>
  );
}

export default function DispatchSlipPrintPage() {
  const { id, paper } = useMemo(() => {
    const q = new URLSearchParams(window.location.search);
    return { id: (q.get('id') ?? '').trim(), paper: slipPaperOf(q.get('paper')) };
  }, []);
  const [row, setRow] = useState<DispatchSlipRow | null>(null);
  const [error, setError] = useState('');
  const [message, setMessage] = useState('');
  useEffect(() => {
    if (!id) return setError('缺少派车单编号（id）');
    callDescriptor(SLIP_DETAIL, { id }).then((r) =>
      r.success && r.data ? setRow(r.data) : setError(r.msg || '派车单不存在'),
    );
  }, [id]);
  useEffect(() => {
    if (!row && !error) return;
    const size = SLIP_PAPERS[paper];
    const style = document.createElement('style');
    // the roll is as long as the slip: only its width is fixed
    style.textContent = paper === '80' ? '@page { size: 80mm auto; margin: 0; }' : pageRule(size, {});
    document.head.appendChild(style);
    document.title = `${row ? `派车单 ${row.slipNo}` : '派车单'} - Loopyard`;
    signalPrintReady();
    return () => style.remove();
  }, [row, error, paper]);
  if (error) return <div className="ds-page print-message">{error}</div>;
  if (!row) return null;
  return (
    <div className="ds-page">
      <div className="ds-toolbar" style={{ width: `${SLIP_PAPERS[paper].width}mm` }}>
        <span role="alert">{message}</span>
        <button
          type="button"
          onClick={() =>
            requestPrint({})
              .then(() => setMessage(''))
              .catch((e: Error) => setMessage(e.message))
          }
        >
          打印
        </button>
      </div>
      <DispatchSlipSheet row={row} paper={paper} today={businessToday()} />
    </div>
  );
}
