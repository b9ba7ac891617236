/**
 * The printed trading contract as text: one canonical rendering shared by the server (its SHA-256 is what a
 * signature keeps, so any later change of a printed field is seen) and the print entry (which shows the same
 * clauses). Pure; no dates of "now" inside, so the same contract always prints the same text.
 */
import { toCapital } from '../accounting/capital.ts';

export interface PrintableLine {
  materialName: string;
  qty: string;
  priceType: 'fixed' | 'pricing';
  refName: string;
  refDate: string;
  refPrice: string | null;
  premium: string | null;
  unitPrice: string;
  amount: string;
}
export interface PrintableContract {
  contractNo: string;
  title: string;
  side: 'purchase' | 'sale';
  companyName: string;
  partyName: string;
  signDate: string;
  deliveryStart: string;
  deliveryEnd: string;
  deliveryPlace: string;
  tolerancePct: string;
  toleranceOption: string;
  weightBasis: string;
  prepaymentPct: string;
  balanceDays: number;
  deductions: string;
  totalQty: string;
  totalAmount: string;
  lines: PrintableLine[];
}

const BASIS: Record<string, string> = { supplier: '以供方磅为准', buyer: '以需方磅为准', agreed: '双方协商' };
const OPTION: Record<string, string> = { seller: '卖方', buyer: '买方' };

export function priceText(l: PrintableLine): string {
  if (l.priceType === 'fixed') return `固定价 ${l.unitPrice} 元/吨`;
  return `点价：${l.refName || '基准价'}（${l.refDate || '点价日'}）${l.refPrice ?? '待点价'} 元/吨 + 升贴水 ${
    l.premium ?? '0.00'
  } 元/吨 = ${l.unitPrice} 元/吨`;
}

/** The parties: 甲方 is the buyer. */
export function partiesOf(c: Pick<PrintableContract, 'side' | 'companyName' | 'partyName'>) {
  return c.side === 'purchase'
    ? { buyer: c.companyName, seller: c.partyName }
    : { buyer: c.partyName, seller: c.companyName };
}

export function printedText(c: PrintableContract): string {
  const p = partiesOf(c);
  const out = [
    `${c.title}`,
    `合同编号：${c.contractNo}    签订日期：${c.signDate}`,
    `买方（甲方）：${p.buyer}`,
    `卖方（乙方）：${p.seller}`,
    '一、货物、数量与价格',
    ...c.lines.map((l, i) => `${i + 1}. ${l.materialName}  ${l.qty} 吨  ${priceText(l)}  金额 ${l.amount} 元`),
    `合计：${c.totalQty} 吨，金额 ${c.totalAmount} 元（人民币大写：${toCapital(c.totalAmount)}）`,
    `二、溢短装：±${c.tolerancePct}%，由${OPTION[c.toleranceOption] ?? c.toleranceOption}选择；结算重量${
      BASIS[c.weightBasis] ?? c.weightBasis
    }。`,
    `三、交货期限：${c.deliveryStart} 至 ${c.deliveryEnd}；交货地点：${c.deliveryPlace || '双方约定'}。`,
    `四、付款方式：合同签订后预付 ${c.prepaymentPct}%，余款于每批货物结算后 ${c.balanceDays} 日内付清。`,
    `五、质量与扣款：${c.deductions || '按国家及行业标准验收，杂质按实扣除。'}`,
    '六、争议解决：协商不成的，提交合同签订地人民法院诉讼解决。',
  ];
  return out.join('\n');
}
