/**
 * /print/statements/index?side=ar|ap&partyId=…&beginDate=…&endDate=… (issue 11): the printed 对账单 — A4, company
 * header, the party and period, opening balance, every line with its running balance, totals, the closing balance
 * in figures and in capital numerals (大写), and a confirmation block for the counterparty. The figures are the
 * server's statement answer, the same the back-office screen shows. Signals ready-to-print once rendered.
 */
import { useEffect, useState } from 'react';
import { moneyText } from '../../core/accounting/amount.ts';
import { type CallResult, callDescriptor } from '../../core/api/call-descriptor.ts';
import { ARAP_ENDPOINTS, type Statement } from '../../core/contract/izs-finance-ar/arap.contract.ts';
import { requestPrint, signalPrintReady } from '../bridge.ts';
import { pageRule } from '../margins.ts';
import './statement.css';

const KIND: Record<string, string> = {
  out_stock: '销售出库',
  drop_sale: '直发销售',
  in_stock: '采购入库',
  drop_purchase: '直发采购',
  sale_return: '销售退货',
  purchase_return: '采购退货',
  manual: '其他',
  freight: '运费',
  lg_freight: '物流运费',
  collection: '收款',
  payment: '付款',
  refund: '退款',
  offset: '对冲',
};

/** The link's side, party and period, checked by the descriptor's own query schema before the call. */
async function load(): Promise<CallResult<typeof ARAP_ENDPOINTS.statement>> {
  const q = new URLSearchParams(window.location.search);
  const query = ARAP_ENDPOINTS.statement.query.safeParse(
    Object.fromEntries(['side', 'partyId', 'beginDate', 'endDate'].map((k) => [k, q.get(k) ?? ''])),
  );
  if (!query.success)
    return { success: false, code: 400, data: null, msg: query.error.issues[0]?.message ?? '参数错误' };
  return callDescriptor(ARAP_ENDPOINTS.statement, query.data);
}

/** Today in the browser's time zone (the office's). */
const localDay = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

const m = (v: string) => (v === '0.00' ? '' : moneyText(v));

export default function StatementPrint() {
  const [st, setSt] = useState<Statement | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    const style = document.createElement('style');
    style.textContent = pageRule({ width: 210, height: 297 }, { top: 12, bottom: 12, left: 12, right: 12 });
    document.head.appendChild(style);
    document.title = '对账单 - Loopyard';
    load().then((r) => {
      if (r.success) setSt(r.data);
      else setError(r.msg || '加载失败');
    });
    return () => style.remove();
  }, []);
  useEffect(() => {
    if (st || error) signalPrintReady();
  }, [st, error]);
  if (error)
    return (
      <div className="ps-error" role="alert">
        {error}
      </div>
    );
  if (!st) return null;
  const ar = st.side === 'ar';
  return (
    <>
      <div className="print-toolbar ps-noprint">
        <strong>对账单打印</strong>
        <button type="button" onClick={() => requestPrint({ pageSize: 'A4' }).catch(() => undefined)}>
          打印
        </button>
      </div>
      <article className="ps-sheet" data-testid="statement-sheet">
        <header>
          <div className="ps-company" data-testid="ps-company">
            {st.companyName}
          </div>
          <h1>往来对账单</h1>
          <div className="ps-meta">
            <span>
              {ar ? '客户' : '供应商'}：<b data-testid="ps-party">{st.partyName}</b>
            </span>
            <span>
              对账期间：{st.beginDate} 至 {st.endDate}
            </span>
            <span>单位：元</span>
          </div>
        </header>
        <table className="ps-table">
          <colgroup>
            <col className="ps-date" />
            <col className="ps-no" />
            <col className="ps-kind" />
            <col />
            <col className="ps-money" />
            <col className="ps-money" />
            <col className="ps-money" />
          </colgroup>
          <thead>
            <tr>
              <th>日期</th>
              <th>单号</th>
              <th>类型</th>
              <th>摘要</th>
              <th>借方</th>
              <th>贷方</th>
              <th>余额</th>
            </tr>
          </thead>
          <tbody>
            <tr className="ps-strong">
              <td colSpan={6}>期初余额</td>
              <td className="m" data-testid="ps-opening">
                {moneyText(st.opening)}
              </td>
            </tr>
            {st.lines.map((l) => (
              <tr key={`${l.orderNo}:${l.date}:${l.kind}`}>
                <td>{l.date}</td>
                <td>{l.orderNo}</td>
                <td>{KIND[l.kind] ?? l.kind}</td>
                <td>{l.summary}</td>
                <td className="m">{m(l.debit)}</td>
                <td className="m">{m(l.credit)}</td>
                <td className="m">{moneyText(l.balance)}</td>
              </tr>
            ))}
            <tr className="ps-strong">
              <td colSpan={4}>本期合计</td>
              <td className="m">{moneyText(st.totalDebit)}</td>
              <td className="m">{moneyText(st.totalCredit)}</td>
              <td />
            </tr>
            <tr className="ps-strong">
              <td colSpan={4}>期末余额（{ar ? '贵方尚欠我方' : '我方尚欠贵方'}）</td>
              <td colSpan={2}>
                人民币大写：<span data-testid="ps-capital">{st.closingCapital}</span>
              </td>
              <td className="m" data-testid="ps-closing">
                {moneyText(st.closing)}
              </td>
            </tr>
          </tbody>
        </table>
        {st.unapplied !== '0.00' && (
          <p>
            其中未核销{ar ? '预收' : '预付'}款：{moneyText(st.unapplied)} 元（已在余额中扣减）。
          </p>
        )}
        <section className="ps-confirm">
          <p>
            请贵方核对上述往来记录。如无误，请在“信息证明无误”处签章后寄回；如有不符，请在“信息不符”处列明不符金额及原因。
          </p>
          <div className="ps-boxes">
            <div>
              <b>信息证明无误</b>
              <p>（公章）</p>
              <p>经办人：</p>
              <p>日期：　　年　　月　　日</p>
            </div>
            <div>
              <b>信息不符，请列明不符项目及金额</b>
              <p>（公章）</p>
              <p>经办人：</p>
              <p>日期：　　年　　月　　日</p>
            </div>
          </div>
          <p className="ps-from">
            {st.companyName}（盖章）　　　制表日期：{localDay()}
          </p>
        </section>
      </article>
    </>
  );
}
