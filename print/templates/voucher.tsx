/**
 * /print/voucher?id=…&book=… (DESIGN §1 print entry): the printed 记账凭证 of one voucher — company and book, 凭证字号,
 * date, 附单据 count, lines (摘要 / 会计科目 / 借方 / 贷方) on sheets of six rows (过次页 on all but the last), the
 * totals with 人民币大写, 制单 / 审核 / 过账 names. Loads the voucher (izs-financing voucher/detail) and the book
 * (account-set/detail) with the back office's sign-in cookie and the book from the link (else the persisted one),
 * sets @page to voucher paper (241 × 140 mm), renders everything and only then signals ready-to-print
 * (print/bridge.ts). 打印 goes through the desktop client to the department's 财务打印机 (printDevice3, preview or
 * direct by printType); in a plain browser it answers 请在客户端内使用打印功能。
 */
import { useEffect, useMemo, useState } from 'react';
import { callDescriptor } from '../../core/api/call-descriptor.ts';
import { HEADERS } from '../../core/contract/common.ts';
import { ACCOUNT_SETS, type AccountSet } from '../../core/contract/izs-financing/account-set.contract.ts';
import { VOUCHERS, type Voucher } from '../../core/contract/izs-financing/voucher.contract.ts';
import { hasSignIn } from '../../core/printer/print-http.ts';
import { printOptions } from '../../core/printer/print-settings.ts';
import type { PrinterConfig } from '../../core/session/session-slice.ts';
import { loadPersisted } from '../../core/store/persist.ts';
import { requestPrint, signalPrintReady } from '../bridge.ts';
import { PAPER, pageRule } from '../margins.ts';
import { accountText, printMoney, type VoucherSheet, voucherDateText, voucherSheets } from './voucher-model.ts';
import './voucher.css';

/** The book of the link on a finance read (Current-Account-Set-Id; the page refuses to load without one). */
const bookHeaders = (book: string): { headers: Record<string, string> } => ({
  headers: { [HEADERS.accountSetId]: book },
});

interface Persisted {
  session?: { accountSetId?: string; printer?: PrinterConfig };
}

function query(): { id: string; book: string } {
  const q = new URLSearchParams(window.location.search);
  const saved = loadPersisted<Persisted>()?.session?.accountSetId ?? '';
  return { id: (q.get('id') ?? '').trim(), book: (q.get('book') ?? '').trim() || saved };
}

/** The department's 财务打印机 (session.printer, loaded by the back office) on voucher paper. */
function voucherPrintOptions() {
  const printer = loadPersisted<Persisted>()?.session?.printer;
  return { ...(printer ? printOptions(printer, 'finance') : { silent: false, copies: 1 }), pageSize: '241x140mm' };
}

function Sheet({ v, book, sheet }: { v: Voucher; book: AccountSet | null; sheet: VoucherSheet }) {
  return (
    <article className="pv-sheet" data-testid="voucher-sheet">
      <header className="pv-head">
        <div className="pv-title">记 账 凭 证</div>
        <div className="pv-meta">
          <span data-testid="pv-company">核算单位：{book?.deptName || book?.name || ''}</span>
          <span data-testid="pv-date">{voucherDateText(v.voucherDate)}</span>
          <span>
            <b data-testid="pv-no">
              {v.word}字 第 {v.no} 号
            </b>
            {sheet.count > 1 ? ` （${sheet.index}/${sheet.count}）` : ''}
          </span>
        </div>
      </header>
      <table className="pv-table">
        <colgroup>
          <col style={{ width: '28%' }} />
          <col />
          <col style={{ width: '19%' }} />
          <col style={{ width: '19%' }} />
        </colgroup>
        <thead>
          <tr>
            <th>摘要</th>
            <th>会计科目</th>
            <th>借方金额</th>
            <th>贷方金额</th>
          </tr>
        </thead>
        <tbody>
          {sheet.rows.map((l, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed paper rows
            <tr key={i}>
              <td>{l?.summary ?? ''}</td>
              <td>{l ? accountText(l) : ''}</td>
              <td className="pv-m">{l ? printMoney(l.debit) : ''}</td>
              <td className="pv-m">{l ? printMoney(l.credit) : ''}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <td colSpan={2} data-testid="pv-capital">
              {sheet.totalLabel}
              {sheet.last ? `：人民币${sheet.capital}` : ''}
            </td>
            <td className="pv-m" data-testid="pv-debit-total">
              {printMoney(sheet.debit) || '0.00'}
            </td>
            <td className="pv-m" data-testid="pv-credit-total">
              {printMoney(sheet.credit) || '0.00'}
            </td>
          </tr>
        </tfoot>
      </table>
      <aside className="pv-attach">
        附单据
        <br />
        <b>{v.attachments}</b>
        <br />张
      </aside>
      <footer className="pv-foot">
        <span>会计主管：</span>
        <span>记账：{v.posterName}</span>
        <span>审核：{v.reviewerName}</span>
        <span>制单：{v.createUserName}</span>
      </footer>
    </article>
  );
}

export default function VoucherPrintPage() {
  const { id, book } = useMemo(query, []);
  const [state, setState] = useState<{ v: Voucher; book: AccountSet | null } | { error: string } | null>(null);
  const [message, setMessage] = useState('');

  useEffect(() => {
    document.title = '凭证打印 - Loopyard';
    if (!id) return setState({ error: '缺少凭证编号（id）' });
    if (!hasSignIn()) return setState({ error: '请先登录系统后再打印凭证' });
    if (!book) return setState({ error: '缺少账套（book）' });
    let live = true;
    (async () => {
      const v = await callDescriptor(VOUCHERS.detail, { id }, bookHeaders(book));
      if (!v.success || !v.data) return live && setState({ error: v.msg || '凭证不存在' });
      const b = await callDescriptor(ACCOUNT_SETS.detail, { id: book }, bookHeaders(book));
      if (live) setState({ v: v.data, book: b.success ? b.data : null });
    })();
    return () => {
      live = false;
    };
  }, [id, book]);

  const loaded = state && 'v' in state ? state : null;
  useEffect(() => {
    if (!loaded) return;
    const style = document.createElement('style');
    style.textContent = pageRule(PAPER.continuous241, { top: 6, bottom: 6, left: 10, right: 8 });
    document.head.appendChild(style);
    signalPrintReady();
    return () => style.remove();
  }, [loaded]);

  const sheets = loaded ? voucherSheets(loaded.v) : [];
  return (
    <>
      <div className="print-toolbar">
        <strong>凭证打印预览</strong>
        {loaded && (
          <span>
            {loaded.v.voucherNo} · {sheets.length} 页
          </span>
        )}
        <button
          type="button"
          disabled={!loaded}
          data-testid="pv-print"
          onClick={() =>
            requestPrint(voucherPrintOptions())
              .then(() => setMessage(''))
              .catch((e: Error) => setMessage(e.message))
          }
        >
          打印
        </button>
        <span className="print-message" role="alert" data-testid="pv-message">
          {message}
        </span>
      </div>
      {loaded ? (
        <div className="pv-pages" data-testid="voucher-print">
          {sheets.map((s) => (
            <Sheet key={s.index} v={loaded.v} book={loaded.book} sheet={s} />
          ))}
        </div>
      ) : (
        <div className="print-sheet" style={{ width: '241mm', minHeight: '140mm' }}>
          <div className="print-empty" data-testid="pv-error">
            {state && 'error' in state ? state.error : '正在加载凭证…'}
          </div>
        </div>
      )}
    </>
  );
}
