import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { desktopClient, NOT_IN_CLIENT, requestPrint, signalPrintReady } from '../../print/bridge.ts';
import { PAPER, pageRule } from '../../print/margins.ts';
import '../../print/print.css';

/** The print entry: weighing-slip preview, statement print, and printer settings (spec §2.2). */
const PAGES: Record<string, { title: string; paper: { width: number; height: number } }> = {
  '/print-template/weight-memo': { title: '过磅单打印预览', paper: PAPER.continuous241 },
  '/print/statements/index': { title: '报表打印', paper: { width: 210, height: 297 } },
  '/setting-print': { title: '打印设置', paper: PAPER.a5 },
};

function Toolbar({ title }: { title: string }) {
  const [message, setMessage] = useState('');
  return (
    <div className="print-toolbar">
      <strong>{title}</strong>
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
      <span className="print-message" role="alert">
        {message}
      </span>
    </div>
  );
}

function PrinterSettings() {
  const client = desktopClient();
  const [printers, setPrinters] = useState<string[]>([]);
  useEffect(() => {
    client?.listPrinters().then(setPrinters);
  }, [client]);
  if (!client) return <div className="print-empty">{NOT_IN_CLIENT}</div>;
  return (
    <div>
      {(['weight', 'statement', 'finance'] as const).map((k) => (
        <p key={k}>
          {{ weight: '磅单打印机', statement: '报表打印机', finance: '财务打印机' }[k]}：
          <select onChange={(e) => client.setPrinters({ mode: 1, [k]: e.target.value })}>
            {printers.map((p) => (
              <option key={p}>{p}</option>
            ))}
          </select>
        </p>
      ))}
    </div>
  );
}

function PrintPage() {
  const page = PAGES[window.location.pathname.replace(/\/$/, '')] ?? { title: '打印', paper: PAPER.a5 };
  useEffect(() => {
    const style = document.createElement('style');
    style.textContent = pageRule(page.paper);
    document.head.appendChild(style);
    document.title = `${page.title} - Loopyard`;
    signalPrintReady(); // nothing async to wait for until templates load their documents
    return () => style.remove();
  }, [page]);
  const isSetting = window.location.pathname.startsWith('/setting-print');
  return (
    <>
      <Toolbar title={page.title} />
      <div className="print-sheet" style={{ width: `${page.paper.width}mm`, minHeight: `${page.paper.height}mm` }}>
        {isSetting ? <PrinterSettings /> : <div className="print-empty">暂无数据</div>}
      </div>
    </>
  );
}

createRoot(document.getElementById('root')!).render(<PrintPage />);
