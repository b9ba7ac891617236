/** 凭证模板 screen, tab 业务单据生成凭证: reviewed stock documents of a period → one voucher each (BIZ_VOUCHER). */
import { Button, Checkbox, Input, Modal, Tag } from '@douyinfe/semi-ui';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { useBizVoucherDocumentsQuery, useBizVoucherGenerateMutation } from '../../core/api/izs-financing-biz.api.ts';
import { notifySuccess } from '../../core/api/notify.ts';
import {
  BIZ_PERMISSIONS,
  STOCK_TEMPLATE_DOC_TYPES,
  type StockTemplateDocType,
} from '../../core/contract/izs-financing/business.contract.ts';
import { useBook } from '../../features/account-set/accounting-frame.tsx';
import { useResourcePermissions } from '../../features/crud/permissions.ts';
import { Select } from '../../features/ui/select.tsx';
import { moneyCell } from '../../features/voucher/voucher-grid.ts';

const STOCK_OPTIONS = STOCK_TEMPLATE_DOC_TYPES.map((d) => ({ value: d.value, label: d.label }));
export const STATE_OPTIONS = [
  { value: 'open', label: '未生成' },
  { value: 'done', label: '已生成' },
  { value: 'all', label: '全部' },
] as const;
export type ListState = (typeof STATE_OPTIONS)[number]['value'];

/** The option whose value a Select reported (typed by the option list; undefined when none matches). */
export function pick<T extends string>(options: readonly { value: T }[], v: unknown): T | undefined {
  return options.find((o) => o.value === v)?.value;
}

/** 单据生成凭证: reviewed stock documents of a period → one voucher each. */
export function DocumentsTab() {
  const book = useBook();
  const [, navigate] = useLocation();
  const can = useResourcePermissions(BIZ_PERMISSIONS.template);
  const [gen, { isLoading: busy }] = useBizVoucherGenerateMutation();
  const [draft, setDraft] = useState<{ period: string; docType: StockTemplateDocType | ''; state: ListState }>({
    period: book.currentPeriod,
    docType: '',
    state: 'open',
  });
  const [q, setQ] = useState(draft);
  const [picked, setPicked] = useState<string[]>([]);
  const { data, isFetching } = useBizVoucherDocumentsQuery({
    period: q.period,
    docType: q.docType || undefined,
    state: q.state,
  });
  const docs = data ?? [];
  const open = docs.filter((d) => !d.voucherId);
  const generate = async () => {
    if (!picked.length) return Modal.warning({ title: '请先勾选单据' });
    const r = await gen({ orderIds: picked });
    const made = 'data' in r ? r.data : undefined;
    if (made) {
      notifySuccess(`已生成 ${made.length} 张凭证：${made.map((v) => v.voucherNo).join('、')}`);
      setPicked([]);
    }
  };
  return (
    <div data-testid="biz-documents">
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
          style={{ width: 180 }}
          value={draft.docType}
          onChange={(v) => setDraft({ ...draft, docType: pick(STOCK_OPTIONS, v) ?? '' })}
          optionList={[{ value: '', label: '全部' }, ...STOCK_OPTIONS]}
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
            data-testid="biz-generate"
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
            <th>单据日期</th>
            <th>单号</th>
            <th>单据类型</th>
            <th>往来单位</th>
            <th>数量（千克）</th>
            <th>金额</th>
            <th>成本金额</th>
            <th>凭证</th>
          </tr>
        </thead>
        <tbody>
          {docs.map((d) => (
            <tr key={d.id} data-testid={`biz-doc-${d.orderNo}`}>
              <td>
                {!d.voucherId && (
                  <Checkbox
                    aria-label={`选择 ${d.orderNo}`}
                    checked={picked.includes(d.id)}
                    onChange={(e) => setPicked((p) => (e.target.checked ? [...p, d.id] : p.filter((x) => x !== d.id)))}
                  />
                )}
              </td>
              <td>{d.orderDate}</td>
              <td>{d.orderNo}</td>
              <td>{d.docTypeName}</td>
              <td>{d.partyName}</td>
              <td className="m">{d.totalQty}</td>
              <td className="m">{moneyCell(d.totalAmount)}</td>
              <td className="m">{moneyCell(d.totalCost)}</td>
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
          {docs.length === 0 && (
            <tr>
              <td colSpan={9} style={{ textAlign: 'center', color: 'var(--semi-color-text-2)' }}>
                本期没有已审核的业务单据
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
