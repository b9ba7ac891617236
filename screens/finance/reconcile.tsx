import { Button, Empty, Tag } from '@douyinfe/semi-ui';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { useReconcileLastQuery, useReconcileRunMutation } from '../../core/api/izs-financing-books.api.ts';
import type { ReconRun } from '../../core/contract/izs-financing/reconcile.contract.ts';
import { formatMoney } from '../../core/format/amounts.ts';
import { AccountingFrame, useBook } from '../../features/account-set/accounting-frame.tsx';
import '../../features/ui/accounting.css';
import { PeriodBar } from './period-bar.tsx';

const STOCK_LABELS = ['采购入库', '销售出库', '采购退货', '销售退货', '组装', '拆解分拣', '转换'];
const m = (v: string) => formatMoney(v);
const isZero = (v: string) => /^-?0\.00$/.test(v);

type Cause = ReconRun['checks'][number]['rows'][number]['causes'][number];

/** A cause's record: a voucher opens in 凭证列表, a stock document in its printed form; the rest shows its number. */
function RecordLink({ c }: { c: Pick<Cause, 'kind' | 'id' | 'no' | 'label'> }) {
  const [, navigate] = useLocation();
  if (c.kind === 'voucher' && c.id)
    return (
      <Button size="small" theme="borderless" onClick={() => navigate(`/finance/voucher/list/${c.id}`)}>
        {c.no}
      </Button>
    );
  if (c.kind === 'document' && c.id && STOCK_LABELS.includes(c.label))
    return (
      <Button size="small" theme="borderless" onClick={() => window.open(`/print/out-stock?id=${c.id}`, '_blank')}>
        {c.no}
      </Button>
    );
  return <span>{c.no}</span>;
}

function Result({ run }: { run: ReconRun }) {
  const [open, setOpen] = useState<Record<string, boolean>>({});
  return (
    <>
      <div data-testid="recon-summary" style={{ margin: '8px 0', display: 'flex', alignItems: 'center', gap: 12 }}>
        {run.clean ? (
          <Tag color="green" size="large" data-testid="recon-clean">
            账实一致：总账与往来、库存、发票逐项相符，没有未生成凭证的单据和无来源单据的凭证
          </Tag>
        ) : (
          <Tag color="orange" size="large" data-testid="recon-dirty">
            {run.differences} 处差异（逐项原因见下表）
          </Tag>
        )}
        <span style={{ color: 'var(--semi-color-text-2)' }}>
          {run.bookName} · {run.period} · 对账时间 {run.runTime}（{run.trigger === 'nightly' ? '每日自动' : '手动'}）
        </span>
      </div>
      <table className="ly-fin-table" data-testid="recon-checks" style={{ width: '100%', tableLayout: 'fixed' }}>
        <thead>
          <tr>
            <th style={{ width: 130 }}>核对项</th>
            <th>账面（总账）</th>
            <th>业务</th>
            <th style={{ width: 130 }}>账面金额</th>
            <th style={{ width: 130 }}>业务金额</th>
            <th style={{ width: 130 }}>差额</th>
          </tr>
        </thead>
        <tbody>
          {run.checks.map((ch) => (
            <tr key={ch.key} data-testid={`recon-check-${ch.key}`}>
              <td>
                {ch.title}{' '}
                {isZero(ch.difference) && ch.rows.length === 0 ? (
                  <Tag color="green" size="small">
                    相符
                  </Tag>
                ) : (
                  <Tag color="orange" size="small">
                    {ch.rows.length} 项不符
                  </Tag>
                )}
              </td>
              <td style={{ whiteSpace: 'normal' }}>{ch.ledger}</td>
              <td style={{ whiteSpace: 'normal' }}>{ch.business}</td>
              <td className="m">{m(ch.gl)}</td>
              <td className="m">{m(ch.sub)}</td>
              <td className="m">{m(ch.difference)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {run.checks
        .filter((ch) => ch.rows.length > 0)
        .map((ch) => (
          <div key={ch.key} style={{ marginTop: 16 }} data-testid={`recon-rows-${ch.key}`}>
            <h4 style={{ margin: '6px 0' }}>{ch.title}：差异明细（账面 − 业务）</h4>
            <table className="ly-fin-table">
              <thead>
                <tr>
                  <th>{ch.key === 'ar' ? '客户' : ch.key === 'ap' ? '供应商' : '项目'}</th>
                  <th>账面</th>
                  <th>业务</th>
                  <th>差额</th>
                  <th>原因</th>
                </tr>
              </thead>
              <tbody>
                {ch.rows.map((r) => {
                  const k = `${ch.key}:${r.key}`;
                  const shown = open[k] ? r.causes : r.causes.slice(0, 3);
                  return (
                    <tr key={k}>
                      <td>{r.name}</td>
                      <td className="m">{m(r.gl)}</td>
                      <td className="m">{m(r.sub)}</td>
                      <td className="m">{m(r.difference)}</td>
                      <td>
                        {shown.map((c) => (
                          <div key={`${c.kind}${c.id}${c.no}${c.effect}`} className="ly-recon-cause">
                            <RecordLink c={c} /> {c.text}
                            <span style={{ color: 'var(--semi-color-text-2)' }}>
                              {c.date ? ` · ${c.date}` : ''} · 影响 {m(c.effect)}
                            </span>
                          </div>
                        ))}
                        {r.causes.length > 3 && (
                          <Button size="small" theme="borderless" onClick={() => setOpen({ ...open, [k]: !open[k] })}>
                            {open[k] ? '收起' : `展开全部 ${r.causes.length} 条`}
                          </Button>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        ))}
      {run.orphans.length > 0 && (
        <div style={{ marginTop: 16 }} data-testid="recon-orphans">
          <h4 style={{ margin: '6px 0' }}>本期未生成凭证的单据 / 无来源单据的凭证（{run.orphans.length}）</h4>
          <table className="ly-fin-table">
            <thead>
              <tr>
                <th>单号 / 凭证号</th>
                <th>类型</th>
                <th>日期</th>
                <th>金额</th>
                <th>说明</th>
              </tr>
            </thead>
            <tbody>
              {run.orphans.map((o) => (
                <tr key={`${o.kind}${o.id}`}>
                  <td>
                    <RecordLink c={o} />
                  </td>
                  <td>{o.label}</td>
                  <td>{o.date}</td>
                  <td className="m">{m(o.amount)}</td>
                  <td>{o.text}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

function Reconcile() {
  const book = useBook();
  const [period, setPeriod] = useState(book.currentPeriod);
  const { data, isFetching } = useReconcileLastQuery({ period }, { refetchOnMountOrArgChange: true });
  const [runNow, { isLoading }] = useReconcileRunMutation();
  return (
    <div data-testid="reconcile">
      <PeriodBar title="业财对账" initial={period} loading={isFetching} onQuery={setPeriod}>
        <Button size="small" loading={isLoading} onClick={() => runNow({ period })} data-testid="recon-run">
          立即对账
        </Button>
      </PeriodBar>
      {data ? (
        <Result run={data} />
      ) : (
        !isFetching && (
          <Empty
            description={
              <span>
                {period} 还没有对账结果（每日凌晨自动对账）。
                <Button theme="borderless" onClick={() => runNow({ period })}>
                  立即对账
                </Button>
              </span>
            }
          />
        )
      )}
      <p style={{ color: 'var(--semi-color-text-2)' }}>
        核对：应收账款 / 应付账款按客户 /
        供应商辅助核算与本公司已审核的应收单、应付单及收付款；存货科目与本公司仓库的库存金额； 销项 /
        进项税额本期发生额与本期发票税额；本期未生成凭证的单据与无来源单据的凭证。每项差额列出造成它的单据或凭证。
      </p>
    </div>
  );
}

/** 业财对账 (/finance/reconcile): the last run of the book and period, re-run on demand. */
export default function ReconcileScreen() {
  return (
    <AccountingFrame testId="fin-reconcile">
      <Reconcile />
    </AccountingFrame>
  );
}
