/**
 * The list both 凭证模板 generating tabs share (业务单据生成凭证, 收付款生成凭证): period / kind / state filters, 查询,
 * 生成凭证 for the ticked rows (one voucher each through the templates), the rows with their voucher link or 未生成.
 * Each tab names its rows' hook, its generation, its kinds and its columns.
 */
import { Button, Checkbox, Input, Modal, Tag } from '@douyinfe/semi-ui';
import { type ReactNode, useState } from 'react';
import { useLocation } from 'wouter';
import { notifySuccess } from '../../core/api/notify.ts';
import { BIZ_PERMISSIONS } from '../../core/contract/izs-financing/business.contract.ts';
import { useBook } from '../../features/account-set/accounting-frame.tsx';
import { useResourcePermissions } from '../../features/crud/permissions.ts';
import { Select } from '../../features/ui/select.tsx';

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

/** A row that can become a voucher: its voucher once generated. */
export interface SourceRow {
  id: string;
  orderNo: string;
  voucherId?: string | null;
  voucherPeriod?: string | null;
  voucherNo?: string | null;
}

export interface SourceFilter<K extends string> {
  period: string;
  kind: K | '';
  state: ListState;
}

export interface SourceColumn<R> {
  title: string;
  /** Right-aligned figures (money, quantity). */
  figure?: boolean;
  render: (row: R) => ReactNode;
}

export interface VoucherSourceListProps<K extends string, R extends SourceRow> {
  /** data-testid of the tab; rows are `${rowPrefix}-${orderNo}`, the button `generateTestId`. */
  testId: string;
  rowPrefix: string;
  generateTestId: string;
  kinds: readonly { value: K; label: string }[];
  kindWidth: number;
  /** The rows of a filter (a typed query hook, called once per render). */
  useRows: (f: SourceFilter<K>) => { data?: readonly R[]; isFetching: boolean; refetch: () => unknown };
  /** One voucher per ticked row; the vouchers made, or undefined when the server refused (its toast shows). */
  generate: (ids: string[]) => Promise<readonly { voucherNo: string }[] | undefined>;
  /** Load the rows again after generating (when the generation does not invalidate the rows' query). */
  refetchAfterGenerate?: boolean;
  pickWarning: string;
  columns: SourceColumn<R>[];
  empty: string;
  busy: boolean;
}

export function VoucherSourceList<K extends string, R extends SourceRow>(p: VoucherSourceListProps<K, R>) {
  const book = useBook();
  const [, navigate] = useLocation();
  const can = useResourcePermissions(BIZ_PERMISSIONS.template);
  const [draft, setDraft] = useState<SourceFilter<K>>({ period: book.currentPeriod, kind: '', state: 'open' });
  const [q, setQ] = useState(draft);
  const [picked, setPicked] = useState<string[]>([]);
  const { data, isFetching, refetch } = p.useRows(q);
  const rows = data ?? [];
  const open = rows.filter((d) => !d.voucherId);
  const generate = async () => {
    if (!picked.length) return Modal.warning({ title: p.pickWarning });
    const made = await p.generate(picked);
    if (made) {
      notifyMade(made);
      setPicked([]);
      if (p.refetchAfterGenerate) refetch();
    }
  };
  return (
    <div data-testid={p.testId}>
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
          style={{ width: p.kindWidth }}
          value={draft.kind}
          onChange={(v) => setDraft({ ...draft, kind: pick(p.kinds, v) ?? '' })}
          optionList={[{ value: '', label: '全部' }, ...p.kinds]}
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
            loading={p.busy}
            onClick={generate}
            data-testid={p.generateTestId}
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
            {p.columns.map((c) => (
              <th key={c.title}>{c.title}</th>
            ))}
            <th>凭证</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((d) => (
            <tr key={d.id} data-testid={`${p.rowPrefix}-${d.orderNo}`}>
              <td>
                {!d.voucherId && (
                  <Checkbox
                    aria-label={`选择 ${d.orderNo}`}
                    checked={picked.includes(d.id)}
                    onChange={(e) => setPicked((x) => (e.target.checked ? [...x, d.id] : x.filter((y) => y !== d.id)))}
                  />
                )}
              </td>
              {p.columns.map((c) => (
                <td key={c.title} className={c.figure ? 'm' : undefined}>
                  {c.render(d)}
                </td>
              ))}
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
          {rows.length === 0 && (
            <tr>
              <td colSpan={p.columns.length + 2} style={{ textAlign: 'center', color: 'var(--semi-color-text-2)' }}>
                {p.empty}
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}

function notifyMade(made: readonly { voucherNo: string }[]) {
  notifySuccess(`已生成 ${made.length} 张凭证：${made.map((v) => v.voucherNo).join('、')}`);
}
