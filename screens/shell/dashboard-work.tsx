/**
 * 首页 by role (issue 26): the blocks of /api/izs-visual/dashboard/work the caller may see — a yard manager's trade by
 * material, price moves, stock and its age, open 异常过磅 and cash; an accountant's period, 业财对账 and this month's
 * VAT; a clerk's own weighings and the trucks waiting for a second pass. A block the server answers null is not
 * shown; the page is one layout whatever the role.
 */
import { Button, Card, Tag } from '@douyinfe/semi-ui';
import type { ReactNode } from 'react';
import { useLocation } from 'wouter';
// zod-free and decimal.js-free (the home page is on the first load after sign-in; its figures are shown, not computed)
import { WORKBENCH_LINKS as L } from '../../core/contract/izs-visual/home-links.ts';
import type { WorkbenchAnswer } from '../../core/contract/izs-visual/workbench.contract.ts';
import { groupThousands, kgToTonnesText as kgToTonnes } from '../../core/format/decimal-text.ts';

function Block({ title, to, testId, children }: { title: string; to?: string; testId: string; children: ReactNode }) {
  const [, navigate] = useLocation();
  return (
    <Card
      className="ly-work-card"
      data-testid={testId}
      header={
        <div className="ly-work-head">
          <h3 className="ly-card-title">{title}</h3>
          {to && (
            <Button size="small" theme="borderless" onClick={() => navigate(to)}>
              查看
            </Button>
          )}
        </div>
      }
      bodyStyle={{ padding: '8px 16px 12px' }}
    >
      {children}
    </Card>
  );
}

function Table({ head, rows, empty }: { head: string[]; rows: ReactNode[][]; empty: string }) {
  if (!rows.length) return <p className="ly-work-empty">{empty}</p>;
  return (
    <table className="ly-work-table">
      <thead>
        <tr>
          {head.map((h, i) => (
            <th key={h} className={i ? 'is-num' : undefined}>
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are the server's order, never reordered here
          <tr key={i}>
            {r.map((c, j) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns
              <td key={j} className={j ? 'is-num' : undefined}>
                {c}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Pair({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <div className="ly-work-pair">
      <span>{label}</span>
      <b data-testid={testId}>{value}</b>
    </div>
  );
}

const money = (v: string) => groupThousands(v);
const TOP = 8;

export function WorkBlocks({ work }: { work: WorkbenchAnswer }) {
  const blocks: ReactNode[] = [];
  if (work.station) {
    const s = work.station;
    blocks.push(
      <Block key="station" title="我的过磅" to={L.station.path} testId="work-station">
        <Pair label="今天我过磅" value={`${s.mineToday} 车`} testId="work-station-mine" />
        <Pair label="其中完成净重" value={`${kgToTonnes(s.mineNetKg)} 吨`} />
        <Pair label="等待二次过磅" value={`${s.waitingCount} 车`} testId="work-station-waiting" />
        {s.waiting.length > 0 && (
          <div className="ly-work-tags">
            {s.waiting.map((w) => (
              <span key={w.orderNo} title={`${w.orderNo} 一次过磅 ${w.firstTime}`}>
                <Tag color="orange">{w.carNumber || w.orderNo}</Tag>
              </span>
            ))}
          </div>
        )}
      </Block>,
    );
  }
  if (work.trade) {
    blocks.push(
      <Block key="trade" title="今日分物料购销（已审核单据）" to={L.trade.path} testId="work-trade">
        <Table
          head={['物料', '入库(吨)', '采购额(元)', '出库(吨)', '销售额(元)']}
          empty="今天还没有已审核的采购入库或销售出库"
          rows={work.trade
            .slice(0, TOP)
            .map((t) => [t.name, kgToTonnes(t.inKg), money(t.inAmount), kgToTonnes(t.outKg), money(t.outAmount)])}
        />
      </Block>,
    );
  }
  if (work.prices) {
    blocks.push(
      <Block key="prices" title="采购价格变动（元/吨，入库单金额 ÷ 净重）" to={L.trade.path} testId="work-prices">
        <Table
          head={['物料', '今日均价', '近30日均价', '变动']}
          empty="近30天没有已审核的采购入库"
          rows={work.prices
            .slice(0, TOP)
            .map((p) => [
              p.name,
              p.today ? money(p.today) : '—',
              p.avg30 ? money(p.avg30) : '—',
              p.change ? (
                <span key="change" className={p.change.startsWith('-') ? 'is-down' : 'is-up'}>{`${p.change}%`}</span>
              ) : (
                '—'
              ),
            ])}
        />
      </Block>,
    );
  }
  if (work.stock) {
    blocks.push(
      <Block key="stock" title="库存与库龄" to={L.stock.path} testId="work-stock">
        <Table
          head={['物料', '库存(吨)', '金额(元)', '距最近入库(天)']}
          empty="没有库存"
          rows={work.stock
            .slice(0, TOP)
            .map((s) => [s.name, kgToTonnes(s.qtyKg), money(s.amount), s.lastInDays === null ? '—' : s.lastInDays])}
        />
      </Block>,
    );
  }
  if (work.cashBank || work.exceptionsOpen !== null) {
    blocks.push(
      <Block key="cash" title="资金与异常" testId="work-cash">
        {work.cashBank && (
          <>
            <Pair
              label={`库存现金（${work.cashBank.book}）`}
              value={money(work.cashBank.cash)}
              testId="work-cash-cash"
            />
            <Pair label="银行存款" value={money(work.cashBank.bank)} testId="work-cash-bank" />
          </>
        )}
        {work.exceptionsOpen !== null && (
          <Pair
            label="待处理异常过磅"
            value={
              <a href={L.exceptions.path} className={work.exceptionsOpen ? 'is-alert' : undefined}>
                {work.exceptionsOpen} 单
              </a>
            }
            testId="work-exceptions"
          />
        )}
      </Block>,
    );
  }
  if (work.finance || work.reconcile) {
    const f = work.finance;
    const r = work.reconcile;
    blocks.push(
      <Block key="finance" title="会计期间与税费" to={L.vouchers.path} testId="work-finance">
        {f && (
          <>
            <Pair label="账套" value={f.book} />
            <Pair label="当前期间" value={f.currentPeriod} testId="work-period" />
            <Pair label="已结账至" value={f.closedThrough || '尚未结账'} />
            <Pair label="本月销项税额（账面）" value={money(f.outputVat)} />
            <Pair label="本月进项税额（账面）" value={money(f.inputVat)} />
            <Pair label="本月应纳增值税（销项 − 进项）" value={money(f.vatDue)} testId="work-vat-due" />
          </>
        )}
        {r && (
          <Pair
            label={`业财对账 ${r.period}`}
            value={
              <a href={L.reconcile.path} title={`${r.book} ${r.runTime}`}>
                {r.clean ? <Tag color="green">一致</Tag> : <Tag color="red">{r.differences} 项差异</Tag>}
              </a>
            }
            testId="work-reconcile"
          />
        )}
      </Block>,
    );
  }
  if (!blocks.length) return null;
  return (
    <>
      <h2 className="ly-section-title">我的工作台</h2>
      <div className="ly-work-grid" data-testid="dashboard-work">
        {blocks}
      </div>
    </>
  );
}
