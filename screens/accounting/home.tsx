import { Card, Tag } from '@douyinfe/semi-ui';
import { useBooksHomeQuery } from '../../core/api/izs-financing-books.api.ts';
import type { HomeSummary } from '../../core/contract/izs-financing/books.contract.ts';
import { AccountingFrame } from '../../features/account-set/accounting-frame.tsx';
import { moneyCell } from '../../features/voucher/voucher-grid.ts';
import '../../features/ui/accounting.css';

const CARDS: [keyof HomeSummary, string][] = [
  ['cash', '库存现金'],
  ['bank', '银行存款'],
  ['receivable', '应收账款'],
  ['payable', '应付账款'],
  ['profitMonth', '本月利润'],
  ['profitYtd', '本年利润'],
];

function Home() {
  const { data } = useBooksHomeQuery({}, { refetchOnMountOrArgChange: true });
  if (!data) return null;
  return (
    <div data-testid="accounting-home">
      <div className="ly-fin-tools">
        <span className="ly-fin-title">财务首页 · {data.period}</span>
        <Tag>未审核 {data.voucherCounts.saved}</Tag>
        <Tag color="blue">已审核 {data.voucherCounts.reviewed}</Tag>
        <Tag color="green">已过账 {data.voucherCounts.posted}</Tag>
      </div>
      <div className="ly-fin-cards">
        {CARDS.map(([k, label]) => (
          <Card key={k} title={label} bodyStyle={{ padding: '8px 16px' }} headerStyle={{ padding: '8px 16px' }}>
            <div className="ly-fin-figure">{moneyCell(String(data[k])) || '0.00'}</div>
          </Card>
        ))}
      </div>
      <table className="ly-fin-table" style={{ maxWidth: 640, marginTop: 12 }}>
        <thead>
          <tr>
            <th>期间</th>
            <th>营业收入</th>
            <th>利润总额</th>
          </tr>
        </thead>
        <tbody>
          {data.trend.map((t) => (
            <tr key={t.period}>
              <td>{t.period}</td>
              <td className="m">{moneyCell(t.income)}</td>
              <td className="m">{moneyCell(t.profit)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** 财务首页 (/accounting/home): cash, bank, receivable, payable, profit at a glance and the last six months. */
export default function AccountingHomeScreen() {
  return (
    <AccountingFrame testId="fin-home">
      <Home />
    </AccountingFrame>
  );
}
