import '../../core/csp/zod-jitless.ts';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { callDescriptor } from '../../core/api/call-descriptor.ts';
import { PRINT_CONFIG, type PrintConfig, pageOf } from '../../core/contract/izs-toolbox/print-config.contract.ts';
import { hasSignIn } from '../../core/printer/print-http.ts';
import { printOptions } from '../../core/printer/print-settings.ts';
import { printerFromServer } from '../../core/session/session-slice.ts';
import { requestPrint, signalPrintReady } from '../../print/bridge.ts';
import { PAPER, pageRule } from '../../print/margins.ts';
import '../../print/print.css';

/** The print entry: weighing-slip preview, statement print, and printer settings (spec §2.2). */
const PAGES: Record<string, { title: string; paper: { width: number; height: number } }> = {
  '/print-template/weight-memo': { title: '过磅单打印预览', paper: PAPER.continuous241 },
  '/print/statements/index': { title: '报表打印', paper: { width: 210, height: 297 } },
};

const DEFAULT_PAGE = { title: '打印', paper: PAPER.a5 };
const SettingPrintPage = lazy(() => import('../../screens/setting/setting-print.tsx'));

function Toolbar({ title, config }: { title: string; config: PrintConfig | null }) {
  const [message, setMessage] = useState('');
  return (
    <div className="print-toolbar">
      <strong>{title}</strong>
      <button
        type="button"
        onClick={() =>
          requestPrint(config ? printOptions(printerFromServer(config), 'weight', config) : {})
            .then(() => setMessage(''))
            .catch((e: Error) => setMessage(e.message))
        }
      >
        打印
      </button>
      <span className="print-message" role="alert">
        {message}
      </span>
    </div>
  );
}

/**
 * The weighing slip takes its warehouse's print settings (spec §7.7: paper, margins, copies, printer) when the
 * page is opened with `?warehouseId=` by a signed-in user; otherwise the 241 mm default without margins.
 */
function useWarehouseConfig(): { config: PrintConfig | null; loading: boolean } {
  const warehouseId = new URLSearchParams(window.location.search).get('warehouseId') ?? '';
  const wanted = !!warehouseId && hasSignIn() && window.location.pathname.startsWith('/print-template/weight-memo');
  const [state, setState] = useState<{ config: PrintConfig | null; loading: boolean }>({
    config: null,
    loading: wanted,
  });
  useEffect(() => {
    if (!wanted) return;
    callDescriptor(PRINT_CONFIG.detail, { warehouseId }).then((r) =>
      setState({ config: r.success ? r.data : null, loading: false }),
    );
  }, [wanted, warehouseId]);
  return state;
}

function PrintPage() {
  const page = PAGES[window.location.pathname.replace(/\/$/, '')] ?? DEFAULT_PAGE;
  const { config, loading } = useWarehouseConfig();
  const layout = useMemo(() => (config ? pageOf(config) : { paper: page.paper, margin: {} }), [config, page]);
  useEffect(() => {
    if (loading) return;
    const style = document.createElement('style');
    style.textContent = pageRule(layout.paper, layout.margin);
    document.head.appendChild(style);
    document.title = `${page.title} - Loopyard`;
    signalPrintReady(); // nothing async to wait for until templates load their documents
    return () => style.remove();
  }, [page, layout, loading]);
  return (
    <>
      <Toolbar title={page.title} config={config} />
      <div className="print-sheet" style={{ width: `${layout.paper.width}mm`, minHeight: `${layout.paper.height}mm` }}>
        <div className="print-empty">暂无数据</div>
      </div>
    </>
  );
}

const WeightMemoPrintPage = lazy(() => import('../../print/templates/weight-memo.tsx'));
const VoucherPrintPage = lazy(() => import('../../print/templates/voucher.tsx'));
const ContractPrintPage = lazy(() => import('../../print/templates/contract.tsx'));
const StatementPrintPage = lazy(() => import('../../print/templates/statement.tsx'));
const OutStockPrintPage = lazy(() => import('../../print/templates/out-stock.tsx'));
const DispatchSlipPrintPage = lazy(() => import('../../print/templates/dispatch-slip.tsx'));
const path = window.location.pathname.replace(/\/$/, '');
const isSetting = path === '/setting-print';
createRoot(document.getElementById('root')!).render(
  isSetting ? (
    <Suspense fallback={null}>
      <SettingPrintPage />
    </Suspense>
  ) : path === '/print-template/weight-memo' ? (
    <Suspense fallback={null}>
      <WeightMemoPrintPage />
    </Suspense>
  ) : path === '/print/statements/index' && new URLSearchParams(window.location.search).has('partyId') ? (
    <Suspense fallback={null}>
      <StatementPrintPage />
    </Suspense>
  ) : path === '/print/voucher' ? (
    <Suspense fallback={null}>
      <VoucherPrintPage />
    </Suspense>
  ) : path === '/print/contract' ? (
    <Suspense fallback={null}>
      <ContractPrintPage />
    </Suspense>
  ) : path === '/print/out-stock' ? (
    <Suspense fallback={null}>
      <OutStockPrintPage />
    </Suspense>
  ) : path === '/print/dispatch-slip' ? (
    <Suspense fallback={null}>
      <DispatchSlipPrintPage />
    </Suspense>
  ) : (
    <PrintPage />
  ),
);
