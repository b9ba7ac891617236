/**
 * 凭证模板 screen, tab 收付款生成凭证 (issue 11): reviewed 收款 / 付款 / 退款 / 对冲 of the receivables area in a period
 * → one voucher each through the money templates (BIZ_VOUCHER.moneyRecords / moneyGenerate). A record with a live
 * voucher links to it; the record's own void is refused until the voucher is deleted or reversed.
 */
import { Button, Checkbox, Input, Modal, Tag } from '@douyinfe/semi-ui';
import { useState } from 'react';
import { useLocation } from 'wouter';
import {
  useBizVoucherMoneyGenerateMutation,
  useBizVoucherMoneyRecordsQuery,
} from '../../core/api/izs-financing-biz.api.ts';
import { notifySuccess } from '../../core/api/notify.ts';
import { BIZ_PERMISSIONS, type MoneyTemplateDocType } from '../../core/contract/izs-financing/business.contract.ts';
import { MONEY_KIND_OPTIONS } from '../../core/contract/izs-financing/business-voucher.contract.ts';
import { useBook } from '../../features/account-set/accounting-frame.tsx';
import { useResourcePermissions } from '../../features/crud/permissions.ts';
import { Select } from '../../features/ui/select.tsx';
import { moneyCell } from '../../features/voucher/voucher-grid.ts';
import { type ListState, pick, STATE_OPTIONS } from './voucher-template-docs.tsx';

const KIND_OPTIONS = MONEY_KIND_OPTIONS.map((d) => ({ value: d.value, label: d.label }));
const ACCOUNT_NAMES: Record<string, string> = { bank: '银行', cash: '现金', '': '—' };

export function MoneyTab() {
  const book = useBook();
  const [, navigate] = useLocation();
  const can = useResourcePermissions(BIZ_PERMISSIONS.template);
  const [gen, { isLoading: busy }] = useBizVoucherMoneyGenerateMutation();
  const [draft, setDraft] = useState<{ period: string; kind: MoneyTemplateDocType | ''; state: ListState }>({
    period: book.currentPeriod,
    kind: '',
    state: 'open',
  });
  const [q, setQ] = useState(draft);
  const [picked, setPicked] = useState<string[]>([]);
  const { data, isFetching, refetch } = useBizVoucherMoneyRecordsQuery({
    period: q.period,
    kind: q.kind,
    state: q.state,
  });
  const list = data ?? [];
  const open = list.filter((d) => !d.voucherId);
  const generate = async () => {
    if (!picked.length) return Modal.warning({ title: '请先勾选收付款单据' });
    const r = await gen({ ids: picked });
    if ('data' in r && r.data) {
      notifySuccess(`已生成 ${r.data.length} 张凭证：${r.data.map((v) => v.voucherNo).join('、')}`);
      setPicked([]);
      refetch();
    }
  };
  return (
    <div data-testid="biz-money">
      <div className="ly-fin-tools">
        <Input
          size="small"
          prefix="期间"
          style={{ width: 140 }}
          value={draft.period}
          placeholder="yyyy-MM"
          onChange={(v) => setDraft({ ...draft, period: v })}
        />
        <Select
          size="small"
          prefix="单据类型"
          style={{ width: 220 }}
          value={draft.kind}
          onChange={(v) => setDraft({ ...draft, kind: pick(KIND_OPTIONS, v) ?? '' })}
          optionList={[{ value: '', label: '全部' }, ...KIND_OPTIONS]}
        />
        <Select
          size="small"
          prefix="状态"
          style={{ width: 150 }}
          value={draft.state}
          onChange={(v) => setDraft({ ...draft, state: pick(STATE_OPTIONS, v) ?? 'open' })}
          optionList={[...STATE_OPTIONS]}
        />
        <Button
          size="small"
          theme="solid"
          loading={isFetching}
          onClick={() => {
            setQ(draft);
            setPicked([]);
          }}
        >
          查询
        </Button>
        <span className="ly-fin-spacer" />
        {can.add && (
          <Button
            size="small"
            type="primary"
            theme="solid"
            loading={busy}
            onClick={generate}
            data-testid="money-generate"
          >
            生成凭证{picked.length ? `（${picked.length}）` : ''}
          </Button>
        )}
      </div>
      <table className="ly-fin-table">
        <thead>
          <tr>
            <th style={{ width: 36 }}>
              <Checkbox
                aria-label="全选"
                checked={open.length > 0 && open.every((d) => picked.includes(d.id))}
                onChange={(e) => setPicked(e.target.checked ? open.map((d) => d.id) : [])}
              />
            </th>
            <th>日期</th>
            <th>单号</th>
            <th>类型</th>
            <th>往来单位</th>
            <th>账户</th>
            <th>金额</th>
            <th>手续费</th>
            <th>凭证</th>
          </tr>
        </thead>
        <tbody>
          {list.map((d) => (
            <tr key={d.id} data-testid={`money-${d.orderNo}`}>
              <td>
                {!d.voucherId && (
                  <Checkbox
                    aria-label={`选择 ${d.orderNo}`}
                    checked={picked.includes(d.id)}
                    onChange={(e) => setPicked((p) => (e.target.checked ? [...p, d.id] : p.filter((x) => x !== d.id)))}
                  />
                )}
              </td>
              <td>{d.date}</td>
              <td>{d.orderNo}</td>
              <td>{d.kindName}</td>
              <td>{d.partyName}</td>
              <td>{d.bankName || ACCOUNT_NAMES[d.accountType] || d.accountType}</td>
              <td className="m">{moneyCell(d.amount)}</td>
              <td className="m">{moneyCell(d.fee)}</td>
              <td>
                {d.voucherId ? (
                  <Button
                    size="small"
                    theme="borderless"
                    onClick={() => navigate(`/finance/voucher/list/${d.voucherId}`)}
                  >
                    {d.voucherPeriod} {d.voucherNo}
                  </Button>
                ) : (
                  <Tag size="small">未生成</Tag>
                )}
              </td>
            </tr>
          ))}
          {list.length === 0 && (
            <tr>
              <td colSpan={9} style={{ textAlign: 'center', color: 'var(--semi-color-text-2)' }}>
                本期没有已审核的收付款单据
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
