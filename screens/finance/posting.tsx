import { Banner, Button, Checkbox, Modal, Space, Tag } from '@douyinfe/semi-ui';
import { useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import {
  useVouchersNumbersQuery,
  useVouchersPageQuery,
  useVouchersPostMutation,
  useVouchersRenumberMutation,
  useVouchersReviewMutation,
  useVouchersUnpostMutation,
  useVouchersUnreviewMutation,
} from '../../core/api/izs-financing.api.ts';
import { notifySuccess } from '../../core/api/notify.ts';
import { VOUCHER_KINDS, VOUCHER_STATES, type Voucher } from '../../core/contract/izs-financing/voucher.contract.ts';
import { AccountingFrame, useBook } from '../../features/account-set/accounting-frame.tsx';
import { Named } from '../../features/ui/field.tsx';
import { Select } from '../../features/ui/select.tsx';
import { bookPeriods, gapsByWord, moneyText } from './fin-model.ts';
import { printVoucher } from './print-link.ts';
import '../../features/ui/accounting.css';
import './finance.css';
import { usePager } from '../../features/ui/use-pager.tsx';

const STATE_COLOR = { saved: 'grey', reviewed: 'blue', posted: 'green' } as const;

function Posting() {
  const book = useBook();
  const [, navigate] = useLocation();
  const [review] = useVouchersReviewMutation();
  const [unreview] = useVouchersUnreviewMutation();
  const [postVouchers] = useVouchersPostMutation();
  const [unpost] = useVouchersUnpostMutation();
  const [renumberPeriod] = useVouchersRenumberMutation();
  const [period, setPeriod] = useState(book.currentPeriod);
  const [state, setState] = useState('');
  const { current, size, setCurrent, pager } = usePager(50, {
    sizes: [20, 50, 100],
    small: true,
    style: { marginTop: 8 },
  });
  const [picked, setPicked] = useState<string[]>([]);
  const [order, setOrder] = useState<'date' | 'entry'>('date');
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const fresh = { refetchOnMountOrArgChange: true };
  const page = useVouchersPageQuery({ period, state, current, size }, fresh);
  // the whole period's numbers and states (no lines, no limit): counts, the gap hint and 全部未审核 …
  const all = useVouchersNumbersQuery({ period }, fresh);
  const records = page.data?.records ?? [];
  const gaps = useMemo(() => gapsByWord(all.data ?? []), [all.data]);
  const counts = useMemo(() => {
    const c = { saved: 0, reviewed: 0, posted: 0 };
    for (const v of all.data ?? []) c[v.state] += 1;
    return c;
  }, [all.data]);
  const closed = !!book.closedThrough && period <= book.closedThrough;

  const run = async (
    action: (arg: { ids: string[] }) => { unwrap(): Promise<unknown> },
    label: string,
    ids = picked,
  ) => {
    if (!ids.length) return Modal.warning({ title: '请先勾选凭证' });
    setResult(null);
    try {
      await action({ ids }).unwrap();
      setResult({ ok: true, text: `${label}成功：${ids.length} 张凭证` });
      notifySuccess(`${label}成功`);
      setPicked([]);
    } catch (e) {
      setResult({ ok: false, text: `${label}失败：${(e as Error).message}` });
    }
  };
  const ofState = (s: Voucher['state']) => (all.data ?? []).filter((v) => v.state === s).map((v) => v.id);
  const renumber = () =>
    Modal.confirm({
      title: `凭证整理：${period}`,
      content: `按${order === 'date' ? '凭证日期' : '录入顺序'}重新编号，消除断号。已审核、已过账的凭证也会改号。`,
      onOk: async () => {
        try {
          const r = await renumberPeriod({ period, order }).unwrap();
          setResult({
            ok: true,
            text: r.changes.length
              ? `凭证整理完成：${r.changes.map((c) => `${c.word}-${c.from} → ${c.word}-${c.to}`).join('，')}`
              : '凭证号连续，无需整理',
          });
          notifySuccess('凭证整理成功');
        } catch (e) {
          setResult({ ok: false, text: `凭证整理失败：${(e as Error).message}` });
        }
      },
    });
  const allOn = records.length > 0 && records.every((v) => picked.includes(v.id));

  return (
    <div data-testid="posting">
      <div className="ly-fin-tools">
        <span className="ly-fin-title">凭证审核与过账</span>
        <Select
          size="small"
          prefix="期间"
          value={period}
          style={{ width: 150 }}
          onChange={(v) => {
            setPeriod(String(v));
            setCurrent(1);
            setPicked([]);
          }}
          optionList={bookPeriods(book, 1).map((p) => ({ value: p, label: p }))}
          data-testid="posting-period"
        />
        <Select
          size="small"
          prefix="状态"
          value={state}
          style={{ width: 150 }}
          onChange={(v) => {
            setState(String(v));
            setCurrent(1);
          }}
          optionList={[{ value: '', label: '全部' }, ...VOUCHER_STATES]}
        />
        <Tag>未审核 {counts.saved}</Tag>
        <Tag color="blue">已审核 {counts.reviewed}</Tag>
        <Tag color="green">已过账 {counts.posted}</Tag>
        {closed && <Tag color="orange">该期间已结账</Tag>}
      </div>
      <div className="ly-fin-tools">
        <Space wrap>
          <Button size="small" onClick={() => run(review, '审核')} data-testid="posting-review">
            审核
          </Button>
          <Button size="small" onClick={() => run(unreview, '反审核')} data-testid="posting-unreview">
            反审核
          </Button>
          <Button size="small" onClick={() => run(postVouchers, '过账')} data-testid="posting-post">
            过账
          </Button>
          <Button size="small" onClick={() => run(unpost, '反过账')} data-testid="posting-unpost">
            反过账
          </Button>
          <Button
            size="small"
            theme="solid"
            disabled={!counts.saved}
            onClick={() => run(review, '全部审核', ofState('saved'))}
            data-testid="posting-review-all"
          >
            全部审核（{counts.saved}）
          </Button>
          <Button
            size="small"
            theme="solid"
            disabled={!counts.reviewed}
            onClick={() => run(postVouchers, '全部过账', ofState('reviewed'))}
            data-testid="posting-post-all"
          >
            全部过账（{counts.reviewed}）
          </Button>
        </Space>
        <span className="ly-fin-spacer" />
        <Space>
          <Named name="整理方式">
            <Select
              size="small"
              prefix="整理"
              value={order}
              style={{ width: 160 }}
              onChange={(v) => setOrder(v as 'date' | 'entry')}
              optionList={[
                { value: 'date', label: '按凭证日期' },
                { value: 'entry', label: '按录入顺序' },
              ]}
            />
          </Named>
          <Button size="small" onClick={renumber} disabled={closed} data-testid="posting-renumber">
            凭证整理
          </Button>
        </Space>
      </div>
      {gaps.length > 0 && (
        <Banner
          type="warning"
          closeIcon={null}
          data-testid="posting-gaps"
          description={`凭证号不连续：${gaps.map((g) => `${g.word}字缺 ${g.missing.join('、')} 号`).join('；')}。结账前可用“凭证整理”重新编号。`}
        />
      )}
      {result && (
        <Banner
          type={result.ok ? 'success' : 'danger'}
          closeIcon={null}
          description={result.text}
          data-testid="posting-result"
        />
      )}
      <table className="ly-fin-table" data-testid="posting-table" style={{ marginTop: 8 }}>
        <thead>
          <tr>
            <th style={{ width: 32 }}>
              <Checkbox
                checked={allOn}
                onChange={(e) => setPicked(e.target.checked ? records.map((v) => v.id) : [])}
                aria-label="全选"
              />
            </th>
            <th style={{ width: 92 }}>日期</th>
            <th style={{ width: 72 }}>凭证字号</th>
            <th>摘要</th>
            <th style={{ width: 130 }}>金额</th>
            <th style={{ width: 64 }}>附单据</th>
            <th style={{ width: 72 }}>类型</th>
            <th style={{ width: 72 }}>制单人</th>
            <th style={{ width: 72 }}>审核人</th>
            <th style={{ width: 72 }}>过账人</th>
            <th style={{ width: 70 }}>状态</th>
            <th style={{ width: 60 }}>操作</th>
          </tr>
        </thead>
        <tbody>
          {records.map((v) => (
            <tr key={v.id} data-voucher={v.voucherNo}>
              <td>
                <Checkbox
                  aria-label={`选择凭证 ${v.voucherNo}`}
                  checked={picked.includes(v.id)}
                  onChange={(e) => setPicked((p) => (e.target.checked ? [...p, v.id] : p.filter((x) => x !== v.id)))}
                />
              </td>
              <td>{v.voucherDate}</td>
              <td>
                <Button size="small" theme="borderless" onClick={() => navigate(`/finance/voucher/list/${v.id}`)}>
                  {v.voucherNo}
                </Button>
              </td>
              <td>{v.summary}</td>
              <td className="m">{moneyText(v.debitTotal)}</td>
              <td style={{ textAlign: 'center' }}>{v.attachments}</td>
              <td>{VOUCHER_KINDS.find((k) => k.value === v.kind)?.label ?? v.kind}</td>
              <td>{v.createUserName}</td>
              <td>{v.reviewerName}</td>
              <td>{v.posterName}</td>
              <td>
                <Tag size="small" color={STATE_COLOR[v.state]}>
                  {VOUCHER_STATES.find((s) => s.value === v.state)?.label}
                </Tag>
              </td>
              <td>
                <Button size="small" theme="borderless" onClick={() => printVoucher(v.id, book.id)}>
                  打印
                </Button>
              </td>
            </tr>
          ))}
          {!records.length && (
            <tr>
              <td colSpan={12} style={{ textAlign: 'center', padding: 24 }} className="ly-fin-muted">
                {page.isFetching ? '加载中…' : '该期间暂无凭证'}
              </td>
            </tr>
          )}
        </tbody>
      </table>
      {pager(page.data?.total ?? 0)}
    </div>
  );
}

/**
 * 凭证过账 (/finance/voucher/posting, period_rules §3, §5): one period's vouchers with 审核 / 反审核 / 过账 / 反过账 of
 * the ticked ones or of all at once, and 凭证整理 (renumbering the period's gaps by date or by entry order).
 */
export default function PostingScreen() {
  return (
    <AccountingFrame testId="fin-posting">
      <Posting />
    </AccountingFrame>
  );
}
