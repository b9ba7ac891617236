/**
 * /print/out-stock?id=… (issue 14): the printed 销售出库单 the buyer takes away — and, from the same page, the
 * 采购入库单 and the returns — on the half sheet a yard prints (241 × 140 mm continuous paper, three-ply; A5
 * landscape fits too): the tenant's name, the document number, party, date, warehouse and plate, the lines with
 * net kg and tonnes, price (含税 or 不含税), tax rate and the stored 不含税金额 / 税额 / 价税合计 of each line and of
 * the document (issue 21: the figures the detail, 应收/应付 and vouchers read), the 价税合计 in 人民币大写, the
 * signatures, and the QR code of the public trace link (with the record's unguessable token) with its short text. Ready-to-print is signalled once the document
 * and its link are loaded (print/bridge.ts).
 */
import { useEffect, useState } from 'react';
import { callDescriptor } from '../../core/api/call-descriptor.ts';
import { STOCK_PRINT, type StockPrint } from '../../core/contract/izs-toolbox/stock-print.contract.ts';
import { groupThousands } from '../../core/format/amounts.ts';
import { QrCode } from '../../features/ui/qr-code.tsx';
import { requestPrint, signalPrintReady } from '../bridge.ts';
import './out-stock.css';

/** Weights, prices and money as the server fixed them, grouped by thousands (issue 26: one money format on paper too). */
const g = (fixed: string) => groupThousands(fixed);

const STATES: Record<string, string> = { draft: '草稿', submitted: '待审核', reviewed: '已审核', voided: '已作废' };

/** '13.00' → '13%', '9.50' → '9.5%' (a string operation: no float). */
const rateText = (r: string) => `${r.includes('.') ? r.replace(/\.?0+$/, '') : r}%`;

export function StockDocSheet({ doc, origin }: { doc: StockPrint; origin: string }) {
  const link = doc.tracePath ? `${origin}${doc.tracePath}` : '';
  return (
    <article className="os-sheet" data-testid="stock-print" data-doc-type={doc.docType}>
      <header className="os-head">
        <div className="os-company" data-testid="os-company">
          {doc.companyName}
        </div>
        <h1>{doc.docTitle}</h1>
        <div className="os-no">
          No.<b data-testid="os-order-no">{doc.orderNo}</b>
          {doc.state !== 'reviewed' && <span className="os-state">（{STATES[doc.state] ?? doc.state}）</span>}
        </div>
      </header>
      <div className="os-info">
        <span>
          {doc.partyLabel}：<b data-testid="os-party">{doc.partyName || '—'}</b>
        </span>
        <span>日期：{doc.orderDate}</span>
        <span>仓库：{doc.warehouseName || '—'}</span>
        <span>车牌号：{doc.carNumber || '—'}</span>
      </div>
      <table className="os-lines">
        <thead>
          <tr>
            <th>序号</th>
            <th>物料</th>
            <th>净重(kg)</th>
            <th>净重(吨)</th>
            <th>单价</th>
            <th>税率</th>
            <th>不含税金额(元)</th>
            <th>税额(元)</th>
            <th>价税合计(元)</th>
          </tr>
        </thead>
        <tbody>
          {doc.lines.map((l) => (
            <tr key={l.lineNo}>
              <td className="c">{l.lineNo}</td>
              <td>
                {l.materialName}
                {l.spec && <small> {l.spec}</small>}
              </td>
              <td className="n">{g(l.qtyKg)}</td>
              <td className="n">{g(l.qtyT)}</td>
              <td className="n">
                {g(l.unitPrice)}
                <small>
                  {' '}
                  {l.priceUnit}
                  {l.priceIncludesTax ? '（含税）' : '（不含税）'}
                </small>
              </td>
              <td className="n">{rateText(l.taxRate)}</td>
              <td className="n">{g(l.netAmount)}</td>
              <td className="n">{g(l.taxAmount)}</td>
              <td className="n">{g(l.grossAmount)}</td>
            </tr>
          ))}
          <tr className="os-total">
            <td className="c">合计</td>
            <td />
            <td className="n" data-testid="os-total-kg">
              {g(doc.totalKg)}
            </td>
            <td className="n">{g(doc.totalT)}</td>
            <td />
            <td />
            <td className="n" data-testid="os-net">
              {g(doc.netAmount)}
            </td>
            <td className="n" data-testid="os-tax">
              {g(doc.taxAmount)}
            </td>
            <td className="n" data-testid="os-total">
              {g(doc.grossAmount)}
            </td>
          </tr>
          <tr>
            <td colSpan={9}>
              价税合计（大写）：<b data-testid="os-capital">{doc.totalCapital}</b>
            </td>
          </tr>
        </tbody>
      </table>
      {doc.remark && <div className="os-remark">备注：{doc.remark}</div>}
      <footer className="os-foot">
        <div className="os-sign">
          <span>制单：{doc.makerName}</span>
          <span>审核：{doc.reviewerName}</span>
          <span>{doc.partyLabel === '客户' ? '提货人' : '送货人'}签字：</span>
          <span>仓管签字：</span>
        </div>
        {link && (
          <div className="os-trace" data-testid="os-trace">
            <QrCode value={link} size="22mm" title="溯源二维码" />
            <small>
              扫码查看区块链溯源
              <br />
              链上记录由手机浏览器校验
            </small>
          </div>
        )}
      </footer>
    </article>
  );
}

export default function OutStockPrintPage() {
  const [doc, setDoc] = useState<StockPrint | null>(null);
  const [error, setError] = useState('');
  const [message, setMessage] = useState('');
  useEffect(() => {
    const id = new URLSearchParams(window.location.search).get('id') ?? '';
    callDescriptor(STOCK_PRINT.detail, { id }).then((r) =>
      r.success ? setDoc(r.data) : setError(r.msg || '单据不存在或不可打印'),
    );
  }, []);
  useEffect(() => {
    if (!doc && !error) return;
    document.title = `${doc ? `${doc.docTitle} ${doc.orderNo}` : '出库单'} - Loopyard`;
    signalPrintReady();
  }, [doc, error]);
  if (error) return <div className="os-error">{error}</div>;
  if (!doc) return null;
  return (
    <div className="os-page">
      <div className="os-toolbar">
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
        <span role="alert">{message}</span>
      </div>
      <StockDocSheet doc={doc} origin={window.location.origin} />
    </div>
  );
}
