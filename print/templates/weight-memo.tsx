/**
 * /print-template/weight-memo?id=…[&warehouseId=…] (spec §2.2, DESIGN §1 print entry): the printed weight memo
 * (磅单) of one weighing record. It loads the memo (izs-weighing loadometer-order/memo) and the print settings of
 * the record's warehouse (spec §7.7: template, paper, copies, margins, heading, footer, printers), sets the
 * @page size and margins from them, renders the slip at its real size and only then signals ready-to-print
 * (print/bridge.ts signalPrintReady). 打印 goes through the desktop client with the 磅单 printer and the copies;
 * in a plain browser it answers 请在客户端内使用打印功能。 (spec §8). Each printed copy set is counted
 * (loadometer-order/print), so a reprint is marked 补打.
 *
 * Plain React and CSS like the rest of the print entry (no store, no UI library); the sign-in comes from the
 * back office's cookie (core/printer/print-http.ts).
 */
import { type CSSProperties, useEffect, useMemo, useState } from 'react';
import { callDescriptor } from '../../core/api/call-descriptor.ts';
import {
  DEFAULT_PRINT_CONFIG,
  PAPER_SIZES,
  PRINT_CONFIG,
  type PrintConfig,
  pageOf,
} from '../../core/contract/izs-toolbox/print-config.contract.ts';
import { WEIGHING_ORDER_READS, type WeightMemo } from '../../core/contract/izs-weighing/orders.contract.ts';
import { WEIGHING } from '../../core/contract/izs-weighing/weighing-commands.contract.ts';
import { hasSignIn } from '../../core/printer/print-http.ts';
import { printOptions } from '../../core/printer/print-settings.ts';
import { printerFromServer } from '../../core/session/session-slice.ts';
import { QrCode } from '../../features/ui/qr-code.tsx';
import { requestPrint, signalPrintReady } from '../bridge.ts';
import { pageRule } from '../margins.ts';
import { loadTraceLink } from '../trace-link.ts';
import {
  amountWords,
  deductionBasis,
  isContinuous,
  memoMarks,
  partyLabel,
  printsMoney,
  THREE_PART_COPIES,
  weigherText,
  weightCells,
} from './weight-memo-model.ts';
import './weight-memo.css';

type Layout = Pick<PrintConfig, 'template' | 'paper' | 'copies' | 'title' | 'footer'>;

/** The slip itself, at its paper size (margins as padding on screen; @page margins when printed). */
export function WeightMemoSheet({
  memo,
  layout,
  margin,
  traceLink = '',
}: {
  memo: WeightMemo;
  layout: Layout;
  margin: PrintMarginMm;
  /** The public trace link with its token (a completed weighing's; '' prints no QR code). */
  traceLink?: string;
}) {
  const paper = PAPER_SIZES[layout.paper] ?? PAPER_SIZES['c241-half'];
  const cells = weightCells(memo, layout.template);
  const marks = memoMarks(memo);
  const words = printsMoney(memo, layout.template) ? amountWords(memo) : '';
  const basis = layout.template === 'simple' ? '' : deductionBasis(memo);
  const compact = paper.height < 120;
  const t = (s: string | null | undefined) => s || '—';
  return (
    <article
      className={`wm-sheet${compact ? ' is-compact' : ''}`}
      data-testid="weight-memo"
      data-paper={layout.paper}
      style={
        {
          '--wm-w': `${paper.width}mm`,
          '--wm-h': `${paper.height}mm`,
          '--wm-pad': `${margin.top}mm ${margin.right}mm ${margin.bottom}mm ${margin.left}mm`,
          '--wm-print-w': `${Math.max(0, paper.width - margin.left - margin.right)}mm`,
          '--wm-print-h': `${Math.max(0, paper.height - margin.top - margin.bottom)}mm`,
        } as CSSProperties
      }
    >
      <div className="wm-body">
        <header className="wm-head">
          <div className="wm-company" data-testid="wm-company">
            {layout.title || memo.companyName}
          </div>
          <div className="wm-title">
            过磅单<small>（{memo.orderTypeName || '过磅'}）</small>
          </div>
          <div className="wm-no">
            No.<b data-testid="wm-order-no">{memo.orderNo}</b>
          </div>
        </header>
        <table className="wm-info">
          <colgroup>
            <col className="wm-col-label" />
            <col />
            <col className="wm-col-label" />
            <col />
            <col className="wm-col-label" />
            <col />
          </colgroup>
          <tbody>
            <tr>
              <th>车号</th>
              <td className="wm-plate" data-testid="wm-plate">
                {memo.carNumber}
              </td>
              <th>{partyLabel(memo.orderType)}</th>
              <td colSpan={3} data-testid="wm-party">
                {t(memo.partyName)}
              </td>
            </tr>
            <tr>
              <th>物料</th>
              <td data-testid="wm-material">{t(memo.materialName)}</td>
              <th>仓库</th>
              <td>{t(memo.warehouseName)}</td>
              <th>地磅</th>
              <td>{t(memo.weighbridgeName)}</td>
            </tr>
            <tr>
              <th>毛重时间</th>
              <td>{t(memo.grossTime)}</td>
              <th>皮重时间</th>
              <td>{t(memo.tareTime)}</td>
              <th>司机</th>
              <td>{t(memo.driverName)}</td>
            </tr>
          </tbody>
        </table>
        <table className="wm-weights" data-testid="wm-weights">
          <thead>
            <tr>
              {cells.map((c) => (
                <th key={c.key}>{c.label}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            <tr>
              {cells.map((c) => (
                <td key={c.key} data-testid={`wm-${c.key}`}>
                  {c.value || '—'}
                  {c.manual ? <em className="wm-manual">手工</em> : null}
                </td>
              ))}
            </tr>
          </tbody>
        </table>
        {(words || basis) && (
          <div className="wm-lines">
            {words && (
              <div className="wm-words" data-testid="wm-words">
                金额大写：<b>{words}</b>
              </div>
            )}
            {basis && <div className="wm-basis">{basis}</div>}
          </div>
        )}
        <footer className="wm-foot">
          <span>
            司磅员：<b data-testid="wm-weigher">{weigherText(memo) || '—'}</b>
          </span>
          <span>{memo.orderType === 'sale' ? '收货人' : '送货人'}签字：</span>
          <span className="wm-print-info" data-testid="wm-print-count">
            打印：{memo.printTime} 第{memo.printCount + 1}次{marks.reprint ? '（补打）' : ''}
          </span>
          {traceLink && (
            <span className="wm-trace" data-testid="wm-trace">
              <QrCode value={traceLink} size="15mm" />
              <small>扫码溯源</small>
            </span>
          )}
        </footer>
        {memo.remark && <div className="wm-remark">备注：{memo.remark}</div>}
        {(layout.footer || isContinuous(layout.paper)) && (
          <div className="wm-copies">
            {layout.footer && <span>{layout.footer}</span>}
            {isContinuous(layout.paper) && <span>{THREE_PART_COPIES}</span>}
          </div>
        )}
      </div>
      {marks.manual && (
        <div className="wm-manual-box" data-testid="wm-manual">
          含手工录入重量
        </div>
      )}
      {marks.stamp && (
        <div className={`wm-stamp${marks.stamp === '作废' ? ' is-void' : ''}`} data-testid="wm-stamp">
          {marks.stamp}
        </div>
      )}
    </article>
  );
}

export interface PrintMarginMm {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

interface Loaded {
  memo: WeightMemo;
  config: PrintConfig | null;
  traceLink: string;
}

function query(): { id: string; warehouseId: string } {
  const q = new URLSearchParams(window.location.search);
  return { id: (q.get('id') ?? '').trim(), warehouseId: (q.get('warehouseId') ?? '').trim() };
}

/** Memo and its trace link, then the warehouse's print settings (the record's own warehouse when the link did not say). */
async function load(id: string, warehouseId: string): Promise<Loaded | { error: string }> {
  const memo = await callDescriptor(WEIGHING.memo, { id });
  if (!memo.success) return { error: memo.msg || '磅单不存在' };
  const traceLink = memo.data.weighState === 'completed' ? await loadTraceLink('weighing', memo.data.orderNo) : '';
  let wh = warehouseId;
  if (!wh) {
    const d = await callDescriptor(WEIGHING_ORDER_READS.detail, { id });
    wh = (d.success && d.data.warehouseId) || '';
  }
  if (!wh) return { memo: memo.data, config: null, traceLink };
  const cfg = await callDescriptor(PRINT_CONFIG.detail, { warehouseId: wh });
  return { memo: memo.data, config: cfg.success ? cfg.data : null, traceLink };
}

export default function WeightMemoPrintPage() {
  const { id, warehouseId } = useMemo(query, []);
  const [state, setState] = useState<Loaded | { error: string } | null>(null);
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    document.title = '过磅单打印 - Loopyard';
    if (!id) return setState({ error: '缺少磅单编号（id）' });
    if (!hasSignIn()) return setState({ error: '请先登录系统后再打印磅单' });
    let live = true;
    load(id, warehouseId).then((s) => live && setState(s));
    return () => {
      live = false;
    };
  }, [id, warehouseId]);

  const loaded = state && 'memo' in state ? state : null;
  const config = loaded?.config ?? null;
  const layout: Layout = config ?? DEFAULT_PRINT_CONFIG;
  const page = useMemo(() => pageOf(config ?? DEFAULT_PRINT_CONFIG), [config]);

  // @page from the settings, then "ready": the loader prints only a complete page
  useEffect(() => {
    if (!loaded) return;
    const style = document.createElement('style');
    style.dataset.weightMemo = '1';
    style.textContent = pageRule(page.paper, page.margin);
    document.head.appendChild(style);
    signalPrintReady();
    return () => style.remove();
  }, [loaded, page]);

  const print = async () => {
    if (!loaded) return;
    setBusy(true);
    setMessage('');
    try {
      await requestPrint(config ? printOptions(printerFromServer(config), 'weight', config) : { copies: 1 });
      const r = await callDescriptor(WEIGHING.print, { id });
      if (r.success) setState({ ...loaded, memo: { ...loaded.memo, printCount: r.data.printCount } });
      else setMessage(r.msg);
    } catch (e) {
      setMessage((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const paper = PAPER_SIZES[layout.paper] ?? PAPER_SIZES['c241-half'];
  const voided = loaded?.memo.weighState === 'voided';
  return (
    <>
      <div className="print-toolbar">
        <strong>过磅单打印预览</strong>
        <span className="wm-toolbar-info">
          {paper.label} · {layout.copies} 份{config?.printDevice ? ` · ${config.printDevice}` : ''}
        </span>
        <button type="button" onClick={print} disabled={!loaded || busy || voided} data-testid="wm-print">
          打印
        </button>
        <span className="print-message" role="alert" data-testid="wm-message">
          {voided ? '磅单已作废，不能打印' : message}
        </span>
      </div>
      {loaded ? (
        <WeightMemoSheet
          memo={loaded.memo}
          layout={layout}
          margin={page.margin as PrintMarginMm}
          traceLink={loaded.traceLink}
        />
      ) : (
        <div className="print-sheet" style={{ width: `${paper.width}mm`, minHeight: `${paper.height}mm` }}>
          <div className="print-empty" data-testid="wm-error">
            {state && 'error' in state ? state.error : '正在加载磅单…'}
          </div>
        </div>
      )}
    </>
  );
}
