import { Banner, Button, Checkbox, Modal, Space, Tag } from '@douyinfe/semi-ui';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { isYearEnd } from '../../core/accounting/period.ts';
import {
  useClosingCarryForwardMutation,
  useClosingCarryForwardPreviewQuery,
  useClosingCheckQuery,
  useClosingCloseMutation,
  useClosingPeriodListQuery,
  useClosingReopenMutation,
  useClosingYearEndMutation,
  useVouchersPostMutation,
  useVouchersReviewMutation,
} from '../../core/api/izs-financing.api.ts';
import { notifySuccess } from '../../core/api/notify.ts';
import type { GeneratedVoucherPreview } from '../../core/contract/izs-financing/closing.contract.ts';
import type { Voucher } from '../../core/contract/izs-financing/voucher.contract.ts';
import { AccountingFrame, useBook } from '../../features/account-set/accounting-frame.tsx';
import { Select } from '../../features/ui/select.tsx';
import { moneyText, sumOf } from './fin-model.ts';
import { printVoucher } from './print-link.ts';
import '../../features/ui/accounting.css';
import './finance.css';

function PreviewTable({ previews }: { previews: GeneratedVoucherPreview[] }) {
  if (!previews.length)
    return <div className="ly-fin-muted">损益类科目本期没有余额（已结转或无发生额），无需结转。</div>;
  return (
    <>
      {previews.map((p) => (
        <table
          key={p.kind + p.summary}
          className="ly-fin-table"
          style={{ marginBottom: 8 }}
          data-testid="carry-preview"
        >
          <thead>
            <tr>
              <th>摘要</th>
              <th>科目</th>
              <th style={{ width: 130 }}>借方金额</th>
              <th style={{ width: 130 }}>贷方金额</th>
            </tr>
          </thead>
          <tbody>
            {p.lines.map((l) => (
              <tr key={`${l.accountCode}:${l.auxKey}:${l.debit}:${l.credit}`}>
                <td>{l.summary}</td>
                <td>
                  {l.accountCode} {l.accountName}
                </td>
                <td className="m">{l.debit !== '0.00' ? moneyText(l.debit) : ''}</td>
                <td className="m">{l.credit !== '0.00' ? moneyText(l.credit) : ''}</td>
              </tr>
            ))}
            <tr className="is-total">
              <td colSpan={2}>合计</td>
              <td className="m">{moneyText(sumOf(p.lines.map((l) => l.debit)))}</td>
              <td className="m">{moneyText(sumOf(p.lines.map((l) => l.credit)))}</td>
            </tr>
          </tbody>
        </table>
      ))}
    </>
  );
}

function CarryDown() {
  const book = useBook();
  const [, navigate] = useLocation();
  const [review] = useVouchersReviewMutation();
  const [postVouchers] = useVouchersPostMutation();
  const fresh = { refetchOnMountOrArgChange: true };
  const periods = useClosingPeriodListQuery(undefined, fresh);
  const [carryForward] = useClosingCarryForwardMutation();
  const [closePeriod] = useClosingCloseMutation();
  const [reopenPeriod] = useClosingReopenMutation();
  const [transferYearEnd] = useClosingYearEndMutation();
  const [period, setPeriod] = useState(book.currentPeriod);
  const [split, setSplit] = useState(false);
  const [made, setMade] = useState<Voucher[]>([]);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState('');
  const preview = useClosingCarryForwardPreviewQuery({ period }, fresh);
  const check = useClosingCheckQuery({ period }, fresh);
  const closed = !!book.closedThrough && period <= book.closedThrough;
  // a new period forgets the vouchers generated for the previous one
  const [madeFor, setMadeFor] = useState(period);
  if (madeFor !== period) {
    setMadeFor(period);
    setMade([]);
  }

  const act = async (label: string, fn: () => Promise<string | undefined>) => {
    setBusy(label);
    setMessage(null);
    try {
      const text = await fn();
      setMessage({ ok: true, text: text ?? `${label}成功` });
      notifySuccess(`${label}成功`);
    } catch (e) {
      setMessage({ ok: false, text: `${label}失败：${(e as Error).message}` });
    } finally {
      setBusy('');
    }
  };
  const generate = () =>
    act('结转损益', async () => {
      const vs = await carryForward({ period, split }).unwrap();
      setMade(vs);
      return `已生成结转损益凭证：${vs.map((v) => v.voucherNo).join('、')}`;
    });
  const reviewAndPost = () =>
    act('审核并过账', async () => {
      const ids = made.filter((v) => v.state !== 'posted').map((v) => v.id);
      const saved = made.filter((v) => v.state === 'saved').map((v) => v.id);
      if (saved.length) await review({ ids: saved }).unwrap();
      const posted = await postVouchers({ ids }).unwrap();
      setMade(posted);
      return `已审核并过账：${posted.map((v) => v.voucherNo).join('、')}`;
    });
  const close = () =>
    act('结账', async () => {
      const r = await closePeriod({ period }).unwrap();
      const next = r.currentPeriod;
      setPeriod(next);
      return `${period} 已结账，当前期间 ${next}`;
    });
  const reopen = (target: string) =>
    Modal.confirm({
      title: `反结账到 ${target}？`,
      content: `${target} 及其后已结账的期间将重新打开，凭证保留；结转损益需重新生成后再结账。`,
      onOk: () =>
        act('反结账', async () => {
          const r = await reopenPeriod({ period: target }).unwrap();
          setPeriod(target);
          return [`已反结账到 ${target}`, ...(r.notes ?? [])].join('；');
        }),
    });
  const yearEnd = () =>
    act('年末结转', async () => {
      const vs = await transferYearEnd({ period }).unwrap();
      setMade(vs);
      return `已生成年末结转凭证：${vs.map((v) => v.voucherNo).join('、')}`;
    });

  const list = periods.data?.periods ?? [];
  const c = check.data;
  return (
    <div data-testid="carry-down">
      <div className="ly-fin-tools">
        <span className="ly-fin-title">期末处理</span>
        <Select
          size="small"
          prefix="期间"
          value={period}
          style={{ width: 150 }}
          onChange={(v) => setPeriod(String(v))}
          optionList={[...list]
            .reverse()
            .map((p) => ({ value: p.period, label: `${p.period}${p.closed ? '（已结账）' : ''}` }))}
          data-testid="carry-period"
        />
        {closed ? <Tag color="green">已结账</Tag> : <Tag color="blue">未结账</Tag>}
        <span className="ly-fin-meta">
          已结账至 {book.closedThrough || '—'} · 当前期间 {book.currentPeriod}
        </span>
      </div>
      {message && (
        <Banner
          type={message.ok ? 'success' : 'danger'}
          closeIcon={null}
          description={message.text}
          data-testid="carry-message"
          style={{ marginBottom: 8 }}
        />
      )}
      <div className="ly-fin-steps">
        <section className="ly-fin-section">
          <h3>① 结转损益（{period}）</h3>
          <PreviewTable previews={preview.data ?? []} />
          <Space>
            <Checkbox checked={split} onChange={(e) => setSplit(!!e.target.checked)}>
              收益、损失分别生成凭证
            </Checkbox>
            <Button
              theme="solid"
              size="small"
              disabled={closed || !(preview.data ?? []).length}
              loading={busy === '结转损益'}
              onClick={generate}
              data-testid="carry-generate"
            >
              生成结转凭证
            </Button>
            {made.length > 0 && made.some((v) => v.state !== 'posted') && (
              <Button size="small" loading={busy === '审核并过账'} onClick={reviewAndPost} data-testid="carry-post">
                审核并过账
              </Button>
            )}
          </Space>
          {made.length > 0 && (
            <div style={{ marginTop: 8 }} data-testid="carry-made">
              {made.map((v) => (
                <Space key={v.id} style={{ marginRight: 12 }}>
                  <Button size="small" theme="borderless" onClick={() => navigate(`/finance/voucher/list/${v.id}`)}>
                    {v.voucherNo}
                  </Button>
                  <span>{moneyText(v.debitTotal)}</span>
                  <Tag size="small">
                    {v.state === 'posted' ? '已过账' : v.state === 'reviewed' ? '已审核' : '未审核'}
                  </Tag>
                  <Button size="small" theme="borderless" onClick={() => printVoucher(v.id, book.id)}>
                    打印
                  </Button>
                </Space>
              ))}
            </div>
          )}
          {isYearEnd(period) && (
            <div style={{ marginTop: 12 }}>
              <Button size="small" disabled={closed} loading={busy === '年末结转'} onClick={yearEnd}>
                年末结转（本年利润 → 未分配利润）
              </Button>
            </div>
          )}
        </section>
        <section className="ly-fin-section">
          <h3>② 结账检查（{period}）</h3>
          {c && (
            <ul className="ly-fin-check-list" data-testid="close-check">
              {c.blocking.map((b) => (
                <li key={b} className="is-block">
                  {b}
                </li>
              ))}
              {c.warnings.map((w) => (
                <li key={w} className="is-warn">
                  {w}
                </li>
              ))}
              {!c.blocking.length && !c.warnings.length && <li className="is-ok">检查通过，可以结账</li>}
              {!c.blocking.length && c.warnings.length > 0 && <li className="is-ok">没有阻止结账的问题</li>}
            </ul>
          )}
          <Space>
            <Button size="small" onClick={() => check.refetch()} loading={check.isFetching}>
              重新检查
            </Button>
            <Button
              theme="solid"
              size="small"
              disabled={closed || !c?.canClose}
              loading={busy === '结账'}
              onClick={close}
              data-testid="period-close"
            >
              结账
            </Button>
          </Space>
          <h3 style={{ marginTop: 16 }}>③ 反结账</h3>
          <div className="ly-fin-periods" data-testid="period-list">
            {list.map((p) => (
              <Tag key={p.period} color={p.closed ? 'green' : 'grey'}>
                {p.period} {p.closed ? '已结账' : '未结账'} · {p.voucherCount} 张
              </Tag>
            ))}
          </div>
          <Space style={{ marginTop: 8 }}>
            {list
              .filter((p) => p.closed)
              .slice(-3)
              .map((p) => (
                <Button
                  key={p.period}
                  size="small"
                  type="danger"
                  disabled={!book.supervisor}
                  onClick={() => reopen(p.period)}
                  data-testid={`period-reopen-${p.period}`}
                >
                  反结账到 {p.period}
                </Button>
              ))}
            {!book.supervisor && <span className="ly-fin-muted">反结账需要账套主管</span>}
          </Space>
        </section>
      </div>
    </div>
  );
}

/**
 * 结转损益 / 期末处理 (/finance/carry/down, period_rules §8–§11): preview and generate the 结转损益 voucher (one, or
 * income and loss separately) and review+post it, the close checklist of period/check (✗ blocks, ⚠ warns), 结账,
 * 反结账 to an earlier closed period (账套主管), and in December the 年末结转 to 未分配利润.
 */
export default function CarryDownScreen() {
  return (
    <AccountingFrame testId="fin-carry-down">
      <CarryDown />
    </AccountingFrame>
  );
}
