/**
 * /print/contract?id=… (issue 12): the printed trading contract — parties, lines, total with 人民币大写 and the
 * clauses, rendered from the same canonical text whose SHA-256 a signature keeps (core/trade/printed.ts); the hash
 * is printed at the foot so a paper copy can be checked against the signed one. A4; ready-to-print is signalled
 * once the contract is loaded.
 */
import { useEffect, useState } from 'react';
import type { z } from 'zod';
import type { R } from '../../core/contract/common.ts';
import { type PartyParticulars, TRADING } from '../../core/contract/izs-contract/trading-contract.contract.ts';
import { formatMoney } from '../../core/format/amounts.ts';
import { printHeaders } from '../../core/printer/print-http.ts';
import { priceText } from '../../core/trade/printed.ts';
import { requestPrint, signalPrintReady } from '../bridge.ts';
import './contract.css';

type Print = z.infer<typeof TRADING.print.answer>;

/** The particulars a contract names for each party (issue 26), in the order of a Chinese 购销合同's 当事人 block. */
const PARTICULARS: [keyof PartyParticulars, string][] = [
  ['name', '名称'],
  ['address', '住所（地址）'],
  ['taxpayerId', '统一社会信用代码'],
  ['bankName', '开户银行'],
  ['bankAccount', '银行账号'],
  ['contact', '联系人'],
  ['phone', '联系电话'],
];

function Parties({ buyer, seller }: { buyer: PartyParticulars; seller: PartyParticulars }) {
  return (
    <table className="pc-parties" data-testid="contract-parties">
      <thead>
        <tr>
          <th />
          <th>买方（甲方）</th>
          <th>卖方（乙方）</th>
        </tr>
      </thead>
      <tbody>
        {PARTICULARS.map(([k, label]) => (
          <tr key={k}>
            <th scope="row">{label}</th>
            <td data-testid={`buyer-${k}`}>{buyer[k]}</td>
            <td data-testid={`seller-${k}`}>{seller[k]}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A signature block: the party, its seal, its representative and the date, filled in by hand. */
function SignBlock({ who, p }: { who: string; p: PartyParticulars }) {
  return (
    <div className="pc-sign-block" data-testid="contract-sign-block">
      <div>
        {who}（盖章）：{p.name}
      </div>
      <div>法定代表人或委托代理人（签字）：</div>
      <div>地址：{p.address}</div>
      <div>电话：{p.phone}</div>
      <div>日期：　　　　年　　月　　日</div>
    </div>
  );
}

export default function ContractPrintPage() {
  const [data, setData] = useState<Print | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    const id = new URLSearchParams(window.location.search).get('id') ?? '';
    const url = new URL(TRADING.print.path, window.location.origin);
    url.searchParams.set('id', id);
    fetch(url, { headers: printHeaders() })
      .then((r) => r.json() as Promise<R<Print>>)
      .then((r) => (r.success ? setData(r.data) : setError(r.msg)))
      .catch((e: Error) => setError(e.message));
  }, []);
  useEffect(() => {
    if (!data && !error) return;
    document.title = `${data?.contract.contractNo ?? '合同'} - Loopyard`;
    signalPrintReady();
  }, [data, error]);
  if (error) return <div className="pc-error">{error}</div>;
  if (!data) return null;
  const c = data.contract;
  const clauses = data.printedText.split('\n').slice(4 + c.lines.length + 2);
  return (
    <div className="pc-page">
      <div className="pc-toolbar">
        <button type="button" onClick={() => requestPrint({})}>
          打印
        </button>
      </div>
      <article className="pc-sheet" data-testid="contract-print">
        <h1>{c.title}</h1>
        <div className="pc-meta">
          合同编号：{c.contractNo}　　签订日期：{c.signDate}
        </div>
        <h2>当事人</h2>
        <Parties buyer={data.buyer} seller={data.seller} />
        <h2>一、货物、数量与价格</h2>
        <table>
          <thead>
            <tr>
              <th>序号</th>
              <th>物料</th>
              <th>数量(吨)</th>
              <th>价格</th>
              <th>金额(元)</th>
            </tr>
          </thead>
          <tbody>
            {c.lines.map((l, i) => (
              <tr key={l.id}>
                <td>{i + 1}</td>
                <td>{l.materialName}</td>
                <td className="n">{l.qty}</td>
                <td>{priceText(l)}</td>
                <td className="n">{formatMoney(l.amount)}</td>
              </tr>
            ))}
            <tr>
              <td colSpan={2}>合计</td>
              <td className="n">{c.totalQty}</td>
              <td>
                人民币大写：<span data-testid="contract-capital">{data.totalCapital}</span>
              </td>
              <td className="n">{formatMoney(c.totalAmount)}</td>
            </tr>
          </tbody>
        </table>
        {clauses.map((t) => (
          <p key={t}>{t}</p>
        ))}
        <div className="pc-sign">
          <SignBlock who="甲方" p={data.buyer} />
          <SignBlock who="乙方" p={data.seller} />
        </div>
        <footer className="pc-hash">合同摘要 SHA-256：{data.hash}</footer>
      </article>
    </div>
  );
}
