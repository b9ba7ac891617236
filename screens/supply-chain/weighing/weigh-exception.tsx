import { Button, Input, Modal, Select, Space, Table, Tag } from '@douyinfe/semi-ui';
import Decimal from 'decimal.js';
import { useState } from 'react';
import { Link } from 'wouter';
import {
  useWeighExceptionCountsQuery,
  useWeighExceptionPageQuery,
  useWeighExceptionReleaseMutation,
  useWeighExceptionVoidMutation,
} from '../../../core/api/izs-weighing-order.api.ts';
import { notifySuccess } from '../../../core/api/notify.ts';
import {
  EXCEPTION_RELEASE,
  EXCEPTION_STATES,
  type ExceptionRow,
} from '../../../core/contract/izs-weighing/anti-cheat.contract.ts';
import { formatKg } from '../../../core/format/amounts.ts';
import { hasPermission } from '../../../core/permissions/permissions-slice.ts';
import { useAppSelector } from '../../../core/store/hooks.ts';
import { FLAG_KINDS, type FlagKind } from '../../../core/weighing/anti-cheat.ts';
import { SearchItem } from '../../../features/crud/search-item.tsx';
import { Field } from '../../../features/ui/field.tsx';
import './station.css';

const STATE_COLORS: Record<string, 'red' | 'green' | 'grey'> = { open: 'red', released: 'green', voided: 'grey' };

/** The last 30 s of readings as a small line (stable readings dark, moving ones light). */
function ReadingsLine({ rs }: { rs: ExceptionRow['readings'] }) {
  if (rs.length < 2) return <span className="ly-wx-muted">无读数</span>;
  const W = 140;
  const H = 36;
  const t0 = rs[0].t;
  const span = Math.max(1, rs[rs.length - 1].t - t0);
  const vs = rs.map((r) => new Decimal(r.v));
  const lo = Decimal.min(...vs);
  const hi = Decimal.max(...vs);
  const range = hi.minus(lo).gt(0) ? hi.minus(lo) : new Decimal(1);
  const pts = rs.map((r, i) => {
    const x = ((r.t - t0) / span) * (W - 4) + 2;
    const y =
      H -
      2 -
      vs[i]
        .minus(lo)
        .div(range)
        .times(H - 4)
        .toNumber();
    return { x, y, s: r.s };
  });
  return (
    <svg
      width={W}
      height={H}
      role="img"
      aria-label={`近30秒读数 ${formatKg(lo.toString())}–${formatKg(hi.toString())} kg`}
    >
      <title>{`近30秒 ${rs.length} 条读数，${formatKg(lo.toString())}–${formatKg(hi.toString())} kg`}</title>
      <polyline
        fill="none"
        stroke="var(--semi-color-text-3)"
        strokeWidth="1"
        points={pts.map((p) => `${p.x},${p.y}`).join(' ')}
      />
      {pts.map((p, i) =>
        p.s ? <circle key={rs[i].t} cx={p.x} cy={p.y} r="1.6" fill="var(--semi-color-primary)" /> : null,
      )}
    </svg>
  );
}

const photoSrc = (p: string) => (/^(https?:|data:|\/)/.test(p) ? p : '');

/**
 * 异常过磅 (/supply-chain/weigh-exception, issue 24): every flag a capture raised — the weighing it holds, what was
 * found, the plate the camera read, every camera's photo and the last 30 s of readings. A supervisor (放行 button)
 * releases the weighing (the clerk can then complete it) or voids it, each with a note.
 */
export default function WeighExceptionScreen() {
  const map = useAppSelector((s) => s.permissions.map);
  const canRelease = hasPermission(map, EXCEPTION_RELEASE);
  const [state, setState] = useState<'open' | 'released' | 'voided' | undefined>('open');
  const [kind, setKind] = useState<FlagKind | undefined>();
  const [plate, setPlate] = useState('');
  const [current, setCurrent] = useState(1);
  const q = useWeighExceptionPageQuery({ current, size: 20, state, kind, carNumber: plate || undefined });
  const counts = useWeighExceptionCountsQuery();
  const [release] = useWeighExceptionReleaseMutation();
  const [voidIt] = useWeighExceptionVoidMutation();
  const [acting, setActing] = useState<{ row: ExceptionRow; action: 'release' | 'void' } | null>(null);
  const [note, setNote] = useState('');

  const columns = [
    { title: '发生时间', dataIndex: 'createTime', width: 105 },
    {
      title: '磅单 / 车牌',
      dataIndex: 'orderNo',
      width: 160,
      render: (v: string, r: ExceptionRow) => (
        <span>
          <Link href={`/supply-chain/weight-memo-detail/${r.weighingId}`}>{v}</Link>
          <div>
            <b>{r.carNumber}</b>
            {r.plateRead && r.plateRead !== r.carNumber ? (
              <span className="ly-wx-warn"> 识别 {r.plateRead}</span>
            ) : null}
          </div>
        </span>
      ),
    },
    {
      title: '异常',
      dataIndex: 'detail',
      render: (v: string, r: ExceptionRow) => (
        <span>
          <Tag color="orange">{r.kindName}</Tag>
          <div style={{ marginTop: 4 }}>{v}</div>
        </span>
      ),
    },
    {
      title: '重量(kg)',
      dataIndex: 'weight',
      width: 100,
      align: 'right' as const,
      render: (v: string, r: ExceptionRow) => (
        <span>
          {formatKg(v)}
          <div className="ly-wx-muted">{r.pass === 'first' ? '一次过磅' : '二次过磅'}</div>
        </span>
      ),
    },
    {
      title: '近30秒读数',
      dataIndex: 'readings',
      width: 150,
      render: (rs: ExceptionRow['readings']) => <ReadingsLine rs={rs} />,
    },
    {
      title: '抓拍',
      dataIndex: 'photos',
      width: 90,
      render: (ps: string[]) =>
        ps.length ? (
          <Space spacing={4} wrap>
            {ps.map((p, i) =>
              photoSrc(p) ? (
                <a key={p} href={photoSrc(p)} target="_blank" rel="noreferrer" title={p}>
                  照片{i + 1}
                </a>
              ) : (
                <span key={p} title={p}>
                  照片{i + 1}
                </span>
              ),
            )}
          </Space>
        ) : (
          <span className="ly-wx-muted">无照片</span>
        ),
    },
    {
      title: '状态',
      dataIndex: 'stateName',
      width: 76,
      render: (v: string, r: ExceptionRow) => <Tag color={STATE_COLORS[r.state] ?? 'grey'}>{v}</Tag>,
    },
    {
      title: '处理',
      dataIndex: 'resolveNote',
      width: 160,
      render: (v: string, r: ExceptionRow) =>
        r.state === 'open' ? (
          canRelease ? (
            <Space spacing={4}>
              <Button
                size="small"
                theme="solid"
                type="primary"
                data-testid={`release-${r.orderNo}`}
                onClick={() => {
                  setActing({ row: r, action: 'release' });
                  setNote('');
                }}
              >
                放行
              </Button>
              <Button
                size="small"
                type="danger"
                onClick={() => {
                  setActing({ row: r, action: 'void' });
                  setNote('');
                }}
              >
                作废
              </Button>
            </Space>
          ) : (
            <span className="ly-wx-muted">待主管处理</span>
          )
        ) : (
          <span>
            {v}
            <div className="ly-wx-muted">
              {r.resolveUserName ?? ''} {r.resolveTime ?? ''}
            </div>
          </span>
        ),
    },
  ];

  const c = counts.data;
  return (
    <div style={{ padding: 16 }} data-testid="weigh-exception">
      <div className="ly-wx-counts" data-testid="wx-counts">
        <span>
          待处理 <b data-testid="wx-open">{c?.open ?? 0}</b> 条（{c?.heldWeighings ?? 0} 张磅单被拦截）
        </span>
        <span>
          今日 <b>{c?.today ?? 0}</b> 条
        </span>
        {c?.byKind
          .filter((k) => k.open > 0)
          .map((k) => (
            <Tag key={k.kind} color="orange">
              {k.label} {k.open}
            </Tag>
          ))}
      </div>
      <Space style={{ margin: '12px 0' }} wrap align="end">
        <SearchItem label="处理状态" wide>
          <Select
            placeholder="处理状态"
            showClear
            style={{ width: 130 }}
            value={state}
            onChange={(v) => {
              setState((v as typeof state) || undefined);
              setCurrent(1);
            }}
            optionList={EXCEPTION_STATES.map((s) => ({ label: s.label, value: s.value }))}
          />
        </SearchItem>
        <SearchItem label="异常类型" wide>
          <Select
            placeholder="异常类型"
            showClear
            style={{ width: 170 }}
            value={kind}
            onChange={(v) => {
              setKind((v as FlagKind) || undefined);
              setCurrent(1);
            }}
            optionList={FLAG_KINDS.map((k) => ({ label: k.label, value: k.value }))}
          />
        </SearchItem>
        <SearchItem label="车牌号" wide>
          <Input
            placeholder="车牌号"
            style={{ width: 140 }}
            value={plate}
            onChange={(v) => {
              setPlate(v.trim());
              setCurrent(1);
            }}
            showClear
          />
        </SearchItem>
        <Button
          onClick={() => {
            q.refetch();
            counts.refetch();
          }}
        >
          刷新
        </Button>
      </Space>
      <Table
        rowKey="id"
        size="small"
        loading={q.isFetching && !q.data}
        columns={columns}
        dataSource={q.data?.records ?? []}
        empty="暂无异常过磅"
        pagination={{ currentPage: current, pageSize: 20, total: q.data?.total ?? 0, onPageChange: setCurrent }}
        data-testid="wx-table"
      />
      <Modal
        title={
          acting
            ? `${acting.action === 'release' ? '放行' : '作废'}磅单 ${acting.row.orderNo}（${acting.row.carNumber}）`
            : ''
        }
        visible={!!acting}
        onCancel={() => setActing(null)}
        onOk={async () => {
          if (!acting) return;
          const body = { weighingId: acting.row.weighingId, note };
          const r = acting.action === 'release' ? await release(body) : await voidIt(body);
          if ('data' in r) {
            notifySuccess(acting.action === 'release' ? '已放行，磅单可以在过磅作业中完成' : '磅单已作废');
            setActing(null);
          }
        }}
        okText={acting?.action === 'release' ? '放行' : '作废'}
        okButtonProps={{ 'data-testid': 'wx-confirm' } as Record<string, string>}
      >
        <p style={{ marginTop: 0 }}>
          {acting?.action === 'release'
            ? '放行该磅单的全部待处理异常。请写明核实情况：'
            : '作废该磅单（已生成的出入库单一并作废）。请写明原因：'}
        </p>
        <Field label={acting?.action === 'release' ? '放行说明' : '作废原因'} required>
          <Input
            placeholder={acting?.action === 'release' ? '请输入放行说明' : '请输入作废原因'}
            value={note}
            onChange={setNote}
            data-testid="wx-note"
          />
        </Field>
      </Modal>
    </div>
  );
}
