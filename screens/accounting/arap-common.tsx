/** Pieces shared by the receivables / payables screens (issue 11): side from the path, party select, labels. */
import { Select, Tag } from '@douyinfe/semi-ui';
import type { ReactNode } from 'react';
import { dec, moneyText } from '../../core/accounting/amount.ts';
import { useBizCache } from '../../core/biz-cache/use-biz-cache.ts';
import { METHOD_NAMES, type Side, SOURCE_NAMES, STATE_NAMES } from '../../core/contract/izs-finance-ar/fields.ts';
import { businessMonthStart, businessToday } from '../../core/format/business-day.ts';
import { SearchItem } from '../../features/crud/search-item.tsx';
import './arap.css';

export const sideOf = (path: string): Side => (path.includes('/payable/') ? 'ap' : 'ar');
export const WORDS = {
  ar: { doc: '应收单', cash: '收款单', party: '客户', money: '收款', advance: '预收', refund: '收款退款' },
  ap: { doc: '应付单', cash: '付款单', party: '供应商', money: '付款', advance: '预付', refund: '付款退款' },
} as const;
export const SETTLE_TAGS = {
  open: { text: '未核销', color: 'orange' },
  partial: { text: '部分核销', color: 'blue' },
  settled: { text: '已核销', color: 'green' },
} as const;

export const yuan = (v: string | undefined | null) => (v == null ? '' : moneyText(v));
/** A rate fraction ('0.1300') as a percent (13%). */
export const ratePct = (r: string) => `${dec(r).times(100).toString()}%`;
export const TAX_SOURCES: Record<string, string> = {
  document: '单据明细',
  template: '凭证模板',
  config: '业务参数',
  manual: '手工录入',
};
export const methodName = (m: string) => METHOD_NAMES[m] ?? m;
/** A document's source in Chinese (issue 26: 应付单 showed the raw `lg_freight`). */
export const sourceName = (s: string) => SOURCE_NAMES[s] ?? s;
export const stateTag = (s: string) => (
  <Tag color={s === 'voided' ? 'grey' : s === 'reviewed' ? 'green' : 'orange'}>{STATE_NAMES[s] ?? s}</Tag>
);

/** 今天 and the month's first day on the server (TZ), not the browser's clock (issue 26). */
export const today = () => businessToday();
export const monthStart = () => businessMonthStart();

/**
 * Customers (ar) or suppliers (ap) from the business data cache. `label`: a filter bar's visible label (客户 /
 * 供应商) naming the select (SearchItem); inside a dialog's `Field` leave it out — the field's label names it.
 */
export function PartySelect({
  side,
  value,
  onChange,
  placeholder,
  testId,
  both = false,
  label,
}: {
  side: Side;
  value?: string;
  onChange: (v: string | undefined) => void;
  placeholder?: string;
  testId?: string;
  /** every party that is a customer or a supplier (对冲, 对账单) */
  both?: boolean;
  label?: string;
}) {
  const cache = useBizCache({ customerEnable: true, supplierEnable: true });
  const list = both
    ? [...cache.customerList, ...cache.supplierList.filter((s) => !cache.customerList.some((c) => c.id === s.id))]
    : side === 'ar'
      ? cache.customerList
      : cache.supplierList;
  const select = (
    <Select
      data-testid={testId}
      filter
      showClear
      style={{ width: 240 }}
      placeholder={placeholder ?? `选择${WORDS[side].party}`}
      value={value}
      onChange={(v) => onChange((v as string | undefined) || undefined)}
      optionList={list.map((p) => ({ value: String(p.id), label: String(p.name ?? p.id) }))}
    />
  );
  return label ? <SearchItem label={label}>{select}</SearchItem> : select;
}

export function Page({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <div className="ly-page ly-arap" data-testid={testId}>
      <h1 className="ly-page-title">{title}</h1>
      {children}
    </div>
  );
}
