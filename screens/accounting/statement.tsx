/**
 * 对账单 (/accounting/statement): one counterparty and period — opening balance, every document, collection,
 * payment, refund and offset with the running balance, closing balance (also in capital numerals). 打印 opens the
 * A4 print page (/print/statements/index) with the same query; 导出Excel writes the same figures.
 */
import { Button, Select, Table } from '@douyinfe/semi-ui';
import { useEffect, useState } from 'react';
import { useArapStatementQuery } from '../../core/api/izs-finance-ar.api.ts';
import { useBizCache } from '../../core/biz-cache/use-biz-cache.ts';
import type { Statement } from '../../core/contract/izs-finance-ar/arap.contract.ts';
import type { Side } from '../../core/contract/izs-finance-ar/fields.ts';
import { safeRow } from '../../core/format/spreadsheet.ts';
import { SearchItem } from '../../features/crud/search-item.tsx';
import { DateInput } from '../../features/ui/date-input.tsx';
import { monthStart, Page, PartySelect, sourceName, today, yuan } from './arap-common.tsx';

const KIND: Record<string, string> = { collection: '收款', payment: '付款', refund: '退款', offset: '对冲' };
const kindName = (k: string) => KIND[k] ?? sourceName(k);

async function exportExcel(st: Statement) {
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('对账单');
  ws.addRow([`${st.companyName} 往来对账单`]);
  ws.addRow([`${st.side === 'ar' ? '客户' : '供应商'}：${st.partyName}`, `期间：${st.beginDate} 至 ${st.endDate}`]);
  ws.addRow(['日期', '单号', '类型', '摘要', '借方', '贷方', '余额']);
  ws.addRow(['', '', '', '期初余额', null, null, Number(st.opening)]);
  for (const l of st.lines)
    ws.addRow(
      safeRow([l.date, l.orderNo, kindName(l.kind), l.summary, Number(l.debit), Number(l.credit), Number(l.balance)]),
    );
  ws.addRow(['', '', '', '本期合计', Number(st.totalDebit), Number(st.totalCredit), null]);
  ws.addRow(['', '', '', `期末余额（大写：${st.closingCapital}）`, null, null, Number(st.closing)]);
  for (const c of ['E', 'F', 'G']) ws.getColumn(c).numFmt = '#,##0.00';
  ws.columns.forEach((col, i) => {
    col.width = [12, 18, 10, 36, 14, 14, 14][i];
  });
  const buf = await wb.xlsx.writeBuffer();
  const a = document.createElement('a');
  a.href = URL.createObjectURL(
    new Blob([buf], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
  );
  a.download = `对账单-${st.partyName}-${st.beginDate}-${st.endDate}.xlsx`;
  a.click();
  URL.revokeObjectURL(a.href);
}

export default function StatementScreen() {
  const [side, setSide] = useState<Side>('ar');
  const [partyId, setPartyId] = useState<string>();
  const [beginDate, setBegin] = useState(monthStart());
  const [endDate, setEnd] = useState(today());
  const cache = useBizCache({ customerEnable: true, supplierEnable: true });
  const first = (side === 'ar' ? cache.customerList : cache.supplierList)[0]?.id;
  // the first party of the side is shown until one is chosen
  useEffect(() => {
    if (!partyId && first) setPartyId(String(first));
  }, [partyId, first]);
  const { data: st, isFetching } = useArapStatementQuery(
    { side, partyId: partyId ?? '', beginDate, endDate },
    { skip: !partyId },
  );
  const printUrl = `/print/statements/index?${new URLSearchParams({ side, partyId: partyId ?? '', beginDate, endDate }).toString()}`;
  return (
    <Page title="对账单" testId="statement">
      <div className="ly-arap-bar">
        <SearchItem label="对账对象" wide>
          <Select
            style={{ width: 120 }}
            value={side}
            onChange={(v) => {
              setSide(v as Side);
              setPartyId(undefined);
            }}
            optionList={[
              { value: 'ar', label: '客户（应收）' },
              { value: 'ap', label: '供应商（应付）' },
            ]}
          />
        </SearchItem>
        <PartySelect label="往来单位" side={side} value={partyId} onChange={setPartyId} testId="statement-party" />
        <DateInput label="开始日期" value={beginDate} onChange={setBegin} testId="statement-begin" />
        <span>至</span>
        <DateInput label="结束日期" value={endDate} onChange={setEnd} />
        <Button disabled={!st} onClick={() => window.open(printUrl, '_blank')} data-testid="statement-print">
          打印
        </Button>
        <Button disabled={!st} onClick={() => st && exportExcel(st)}>
          导出Excel
        </Button>
      </div>
      {!partyId && <p>请选择往来单位。</p>}
      {st && (
        <>
          <div className="ly-arap-cards">
            <div className="ly-arap-card">
              <span>期初余额</span>
              <b data-testid="st-opening">{yuan(st.opening)}</b>
            </div>
            <div className="ly-arap-card">
              <span>本期借方</span>
              <b>{yuan(st.totalDebit)}</b>
            </div>
            <div className="ly-arap-card">
              <span>本期贷方</span>
              <b>{yuan(st.totalCredit)}</b>
            </div>
            <div className="ly-arap-card">
              <span>期末余额</span>
              <b data-testid="st-closing">{yuan(st.closing)}</b>
            </div>
          </div>
          <p>
            期末余额大写：{st.closingCapital}
            {st.unapplied !== '0.00' ? `；其中未核销${side === 'ar' ? '预收' : '预付'} ${yuan(st.unapplied)} 元` : ''}
          </p>
          <Table
            size="small"
            loading={isFetching}
            pagination={false}
            rowKey={(l?: Statement['lines'][number]) => `${l?.orderNo}:${l?.kind}:${l?.date}`}
            dataSource={st.lines}
            data-testid="statement-lines"
            columns={[
              { title: '日期', dataIndex: 'date' },
              { title: '单号', dataIndex: 'orderNo' },
              { title: '类型', dataIndex: 'kind', render: kindName },
              { title: '摘要', dataIndex: 'summary' },
              {
                title: '借方',
                dataIndex: 'debit',
                render: (v: string) => (v === '0.00' ? '' : yuan(v)),
                align: 'right',
              },
              {
                title: '贷方',
                dataIndex: 'credit',
                render: (v: string) => (v === '0.00' ? '' : yuan(v)),
                align: 'right',
              },
              { title: '余额', dataIndex: 'balance', render: yuan, align: 'right' },
            ]}
          />
        </>
      )}
    </Page>
  );
}
