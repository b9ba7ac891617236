/**
 * 凭证模板 screen, tab 收付款生成凭证 (issue 11): reviewed 收款 / 付款 / 退款 / 对冲 of the receivables area and (issue 21)
 * the 融资放款 / 融资还款 of supply-chain finance (往来单位 = the fund provider, 利息 = a repayment's interest) in a period
 * → one voucher each through the money templates (BIZ_VOUCHER.moneyRecords / moneyGenerate). A record with a live
 * voucher links to it; the record's own void is refused until the voucher is deleted or reversed.
 */
import {
  useBizVoucherMoneyGenerateMutation,
  useBizVoucherMoneyRecordsQuery,
} from '../../core/api/izs-financing-biz.api.ts';
import type { MoneyTemplateDocType } from '../../core/contract/izs-financing/business.contract.ts';
import { MONEY_KIND_OPTIONS } from '../../core/contract/izs-financing/business-voucher.contract.ts';
import { moneyCell } from '../../features/voucher/voucher-grid.ts';
import { type SourceFilter, VoucherSourceList } from './voucher-source-list.tsx';

const KIND_OPTIONS = MONEY_KIND_OPTIONS.map((d) => ({ value: d.value, label: d.label }));
const ACCOUNT_NAMES: Record<string, string> = { bank: '银行', cash: '现金', '': '—' };

const useMoneyRecords = (f: SourceFilter<MoneyTemplateDocType>) =>
  useBizVoucherMoneyRecordsQuery({ period: f.period, kind: f.kind, state: f.state });

export function MoneyTab() {
  const [gen, { isLoading: busy }] = useBizVoucherMoneyGenerateMutation();
  return (
    <VoucherSourceList
      testId="biz-money"
      rowPrefix="money"
      generateTestId="money-generate"
      kinds={KIND_OPTIONS}
      kindWidth={220}
      useRows={useMoneyRecords}
      generate={async (ids) => {
        const r = await gen({ ids });
        return 'data' in r && r.data ? r.data : undefined;
      }}
      refetchAfterGenerate
      pickWarning="请先勾选收付款单据"
      busy={busy}
      empty="本期没有已审核的收付款单据"
      columns={[
        { title: '日期', render: (d) => d.date },
        { title: '单号', render: (d) => d.orderNo },
        { title: '类型', render: (d) => d.kindName },
        { title: '往来单位', render: (d) => d.partyName },
        { title: '账户', render: (d) => d.bankName || ACCOUNT_NAMES[d.accountType] || d.accountType },
        { title: '金额', figure: true, render: (d) => moneyCell(d.amount) },
        { title: '手续费', figure: true, render: (d) => moneyCell(d.fee) },
        { title: '利息', figure: true, render: (d) => moneyCell(d.interest) },
      ]}
    />
  );
}
