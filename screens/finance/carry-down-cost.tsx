import { Button, Tag } from '@douyinfe/semi-ui';
import { useState } from 'react';
import { useLocation } from 'wouter';
import {
  useStockReportsCostCarryMutation,
  useStockReportsCostCarryPreviewQuery,
} from '../../core/api/izs-financing-books.api.ts';
import { notifySuccess } from '../../core/api/notify.ts';
import { BIZ_PERMISSIONS } from '../../core/contract/izs-financing/business.contract.ts';
import { AccountingFrame, useBook } from '../../features/account-set/accounting-frame.tsx';
import { useResourcePermissions } from '../../features/crud/permissions.ts';
import { moneyCell } from '../../features/voucher/voucher-grid.ts';
import '../../features/ui/accounting.css';
import { PeriodBar } from './period-bar.tsx';

function CarryDownCost() {
  const book = useBook();
  const [, navigate] = useLocation();
  const can = useResourcePermissions(BIZ_PERMISSIONS.costCarry);
  const [carry] = useStockReportsCostCarryMutation();
  const [period, setPeriod] = useState(book.currentPeriod);
  const [busy, setBusy] = useState(false);
  const { data, isFetching } = useStockReportsCostCarryPreviewQuery({ period }, { refetchOnMountOrArgChange: true });
  const generate = async () => {
    setBusy(true);
    const v = await carry({ period })
      .unwrap()
      .catch(() => null);
    setBusy(false);
    if (v) {
      notifySuccess(`已生成凭证 ${v.voucherNo}`);
      navigate(`/finance/voucher/list/${v.id}`);
    }
  };
  const ready = !!data && data.problems.length === 0 && data.lines.length > 0;
  return (
    <div data-testid="carry-down-cost">
      <PeriodBar title="结转销售成本" initial={period} loading={isFetching} onQuery={setPeriod}>
        <span className="ly-fin-spacer" />
        {can.add && (
          <Button size="small" type="primary" theme="solid" disabled={!ready} loading={busy} onClick={generate}>
            生成凭证
          </Button>
        )}
      </PeriodBar>
      {data && (
        <div className="ly-fin-tools" data-testid="carry-cost-figures">
          <Tag color="blue">待结转成本 {moneyCell(data.costAmount) || '0.00'}</Tag>
          <Tag color="green">已结转 {moneyCell(data.carriedAmount) || '0.00'}</Tag>
          <Tag>单据 {data.documents.length} 张</Tag>
          {data.problems.map((p) => (
            <Tag key={p} color="orange">
              {p}
            </Tag>
          ))}
        </div>
      )}
      <table className="ly-fin-table">
        <thead>
          <tr>
            <th>摘要</th>
            <th>科目</th>
            <th>借方金额</th>
            <th>贷方金额</th>
          </tr>
        </thead>
        <tbody>
          {(data?.lines ?? []).map((l) => (
            <tr key={`${l.accountCode}-${l.debit}`}>
              <td>{l.summary}</td>
              <td>
                {l.accountCode} {l.accountName}
              </td>
              <td className="m">{moneyCell(l.debit)}</td>
              <td className="m">{moneyCell(l.credit)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {data && data.documents.length > 0 && (
        <>
          <h4 style={{ margin: '12px 0 6px' }}>本次结转的单据（销售出库减销售退货）</h4>
          <table className="ly-fin-table">
            <thead>
              <tr>
                <th>单据日期</th>
                <th>单据类型</th>
                <th>单号</th>
                <th>成本金额</th>
              </tr>
            </thead>
            <tbody>
              {data.documents.map((d) => (
                <tr key={d.id}>
                  <td>{d.orderDate}</td>
                  <td>{d.docType === 'sale_return' ? <Tag color="red">销售退货</Tag> : '销售出库'}</td>
                  <td>{d.orderNo}</td>
                  <td className="m">{moneyCell(d.costAmount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </div>
  );
}

/**
 * 结转成本 (/finance/carry/down/cost): preview and generate 借 主营业务成本 贷 库存商品 from the out-stock cost less the
 * cost of the period's sales returns.
 */
export default function CarryDownCostScreen() {
  return (
    <AccountingFrame testId="fin-carry-down-cost">
      <CarryDownCost />
    </AccountingFrame>
  );
}
