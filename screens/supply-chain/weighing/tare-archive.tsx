import { Button, DatePicker, Input, Select, Space, Table, Tag } from '@douyinfe/semi-ui';
import { skipToken } from '@reduxjs/toolkit/query';
import { useState } from 'react';
import {
  useTareArchiveDetailQuery,
  useTareArchiveMaxGrossMutation,
  useTareArchivePageQuery,
  useTareArchiveRemoveMutation,
  useTareArchiveSaveMutation,
} from '../../../core/api/izs-weighing-order.api.ts';
import { notifySuccess } from '../../../core/api/notify.ts';
import {
  TARE_KINDS,
  TARE_MENU,
  type TareArchiveAnswer,
} from '../../../core/contract/izs-weighing/anti-cheat.contract.ts';
import { formatKg } from '../../../core/format/amounts.ts';
import { useCan } from '../../../features/admin-page/common.tsx';
import { Named } from '../../../features/ui/field.tsx';
import './station.css';

type ListRow = {
  carId: string;
  plate: string;
  maxGrossKg: string;
  standardTareKg: string | null;
  standardValidUntil: string | null;
  standardValid: boolean;
  trailerCount: number;
  lastTareKg: string | null;
  averageTareKg: string | null;
  weighings: number;
};

type TareChange = TareArchiveAnswer['changes'][number];

const kg = (v: string | null | undefined) => (v ? `${formatKg(v)} kg` : '—');

/** One vehicle's archive: figures, the administrator's tares (set / remove), the tare history, the changes. */
function ArchiveCard({ carId }: { carId: string }) {
  const can = useCan(TARE_MENU);
  const q = useTareArchiveDetailQuery(carId ? { carId } : skipToken);
  const [save] = useTareArchiveSaveMutation();
  const [remove] = useTareArchiveRemoveMutation();
  const [maxGross] = useTareArchiveMaxGrossMutation();
  const [form, setForm] = useState({ kind: 'vehicle', label: '', tareKg: '', validUntil: '' });
  const [gross, setGross] = useState('');
  const a: TareArchiveAnswer | undefined = q.data;
  if (!a) return <div className="ly-ws-card">加载中…</div>;
  return (
    <div className="ly-ws-card" data-testid="tare-card">
      <div className="ly-ws-card-title">
        <span>
          皮重档案 <b data-testid="tare-plate">{a.plate}</b>
        </span>
      </div>
      <div className="ly-tare-figures">
        <div>
          当前比对皮重<b data-testid="tare-reference">{kg(a.referenceTareKg)}</b>
        </div>
        <div>
          最近皮重<b>{kg(a.lastTareKg)}</b>
        </div>
        <div>
          平均皮重（近20次）<b>{kg(a.averageTareKg)}</b>
        </div>
        <div>
          核定总质量<b>{a.maxGrossKg !== '0.000' ? kg(a.maxGrossKg) : '未登记'}</b>
        </div>
      </div>
      <Table
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={a.tares}
        empty="未设置标准皮重（比对近3次平均皮重）"
        columns={[
          { title: '类型', dataIndex: 'kindName', width: 120 },
          { title: '挂车号/箱号', dataIndex: 'label', width: 110 },
          { title: '皮重', dataIndex: 'tareKg', width: 110, align: 'right', render: (v: string) => kg(v) },
          {
            title: '有效期至',
            dataIndex: 'validUntil',
            width: 130,
            render: (v: string | null, r: TareArchiveAnswer['tares'][number]) => (
              <span>
                {v ?? '长期'} {r.valid ? <Tag color="green">有效</Tag> : <Tag color="grey">已过期</Tag>}
              </span>
            ),
          },
          {
            title: '',
            width: 60,
            render: (_: unknown, r: TareArchiveAnswer['tares'][number]) =>
              can('edit') ? (
                <Button
                  size="small"
                  theme="borderless"
                  type="danger"
                  onClick={async () => {
                    if ('data' in (await remove({ id: r.id }))) notifySuccess('已删除');
                  }}
                >
                  删除
                </Button>
              ) : null,
          },
        ]}
      />
      {can('edit') && (
        <Space wrap style={{ margin: '12px 0' }}>
          <Named name="皮重类型">
            <Select
              value={form.kind}
              style={{ width: 140 }}
              onChange={(v) => setForm((f) => ({ ...f, kind: String(v), label: v === 'vehicle' ? '' : f.label }))}
              optionList={TARE_KINDS.map((k) => ({ label: k.label, value: k.value }))}
            />
          </Named>
          {form.kind !== 'vehicle' && (
            <Input
              style={{ width: 130 }}
              placeholder={form.kind === 'trailer' ? '挂车号' : '集装箱号'}
              value={form.label}
              onChange={(v) => setForm((f) => ({ ...f, label: v }))}
            />
          )}
          <Input
            style={{ width: 130 }}
            placeholder="皮重"
            suffix="kg"
            value={form.tareKg}
            onChange={(v) => setForm((f) => ({ ...f, tareKg: v.replace(/[^\d.]/g, '') }))}
            data-testid="tare-input"
          />
          <DatePicker
            placeholder="有效期至（空=长期）"
            style={{ width: 170 }}
            value={form.validUntil || undefined}
            format="yyyy-MM-dd"
            onChange={(_d, s) => setForm((f) => ({ ...f, validUntil: typeof s === 'string' ? s : '' }))}
          />
          <Button
            theme="solid"
            data-testid="tare-save"
            onClick={async () => {
              const r = await save({
                carId,
                kind: form.kind as 'vehicle',
                label: form.label,
                tareKg: form.tareKg,
                validUntil: form.validUntil || null,
              });
              if ('data' in r) {
                notifySuccess('皮重已保存');
                setForm((f) => ({ ...f, tareKg: '' }));
              }
            }}
          >
            保存皮重
          </Button>
          <Input
            style={{ width: 150 }}
            placeholder="核定总质量"
            suffix="kg"
            value={gross}
            onChange={(v) => setGross(v.replace(/[^\d.]/g, ''))}
          />
          <Button
            onClick={async () => {
              if ('data' in (await maxGross({ carId, maxGrossKg: gross }))) notifySuccess('核定总质量已保存');
            }}
          >
            保存核定总质量
          </Button>
        </Space>
      )}
      <div className="ly-ws-card-title" style={{ marginTop: 8 }}>
        <span>过磅皮重记录（已完成，最近20次）</span>
      </div>
      <Table
        size="small"
        rowKey="orderNo"
        pagination={false}
        dataSource={a.history}
        empty="暂无已完成的过磅"
        columns={[
          { title: '完成时间', dataIndex: 'time', width: 160 },
          { title: '磅单', dataIndex: 'orderNo', width: 150 },
          { title: '毛重', dataIndex: 'grossKg', align: 'right', render: (v: string) => kg(v) },
          { title: '皮重', dataIndex: 'tareKg', align: 'right', render: (v: string) => kg(v) },
        ]}
      />
      <div className="ly-ws-card-title" style={{ marginTop: 8 }}>
        <span>皮重变更记录</span>
      </div>
      <Table
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={a.changes}
        empty="暂无变更记录"
        data-testid="tare-changes"
        columns={[
          { title: '变更时间', dataIndex: 'time', width: 160 },
          { title: '操作人', dataIndex: 'userName', width: 100, render: (v: string) => v || '—' },
          {
            title: '皮重类型',
            dataIndex: 'kindName',
            render: (v: string, r: TareChange) => (r.label ? `${v}（${r.label}）` : v),
          },
          { title: '操作', dataIndex: 'action', width: 70, render: (v: string) => (v === 'remove' ? '删除' : '设置') },
          {
            title: '皮重（原 → 新）',
            dataIndex: 'newTareKg',
            align: 'right',
            render: (_: unknown, r: TareChange) => `${kg(r.oldTareKg)} → ${kg(r.newTareKg)}`,
          },
          {
            title: '有效期至（原 → 新）',
            dataIndex: 'newValidUntil',
            render: (_: unknown, r: TareChange) =>
              r.action === 'remove'
                ? `${r.oldValidUntil ?? '长期'} → —`
                : `${r.oldTareKg === null ? '—' : (r.oldValidUntil ?? '长期')} → ${r.newValidUntil ?? '长期'}`,
          },
        ]}
      />
    </div>
  );
}

/**
 * 皮重档案 (/supply-chain/tare-archive, issue 24): every vehicle (车辆列表) with its standard tare and expiry, its
 * last and average tares from completed weighings and its registered maximum gross; the card on the right edits
 * one vehicle's archive (the edit button of 皮重档案: an administrator's).
 */
export default function TareArchiveScreen() {
  const [plate, setPlate] = useState('');
  const [current, setCurrent] = useState(1);
  const [carId, setCarId] = useState('');
  const q = useTareArchivePageQuery({ current, size: 20, plate: plate || undefined });
  const rows = (q.data?.records ?? []) as ListRow[];
  const selected = carId || rows[0]?.carId || '';
  return (
    <div style={{ padding: 16 }} data-testid="tare-archive">
      <Space style={{ marginBottom: 12 }}>
        <Input
          placeholder="车牌号"
          style={{ width: 160 }}
          value={plate}
          onChange={(v) => {
            setPlate(v.trim());
            setCurrent(1);
          }}
          showClear
        />
        <Button onClick={() => q.refetch()}>刷新</Button>
      </Space>
      <div className="ly-tare-grid">
        <Table
          rowKey="carId"
          size="small"
          loading={q.isFetching && !q.data}
          dataSource={rows}
          empty="暂无车辆（在 物流 › 车辆列表 中登记）"
          onRow={(r?: ListRow) => ({
            onClick: () => r && setCarId(r.carId),
            style: {
              cursor: 'pointer',
              background: r?.carId === selected ? 'var(--semi-color-primary-light-default)' : undefined,
            },
          })}
          pagination={{ currentPage: current, pageSize: 20, total: q.data?.total ?? 0, onPageChange: setCurrent }}
          columns={[
            { title: '车牌号', dataIndex: 'plate', width: 110 },
            {
              title: '标准皮重',
              dataIndex: 'standardTareKg',
              align: 'right',
              render: (v: string | null, r: ListRow) =>
                v ? (
                  <span>
                    {kg(v)} {r.standardValid ? null : <Tag color="grey">已过期</Tag>}
                  </span>
                ) : (
                  '—'
                ),
            },
            { title: '最近皮重', dataIndex: 'lastTareKg', align: 'right', render: (v: string | null) => kg(v) },
            { title: '平均皮重', dataIndex: 'averageTareKg', align: 'right', render: (v: string | null) => kg(v) },
            {
              title: '核定总质量',
              dataIndex: 'maxGrossKg',
              align: 'right',
              render: (v: string) => (v !== '0.000' ? kg(v) : '—'),
            },
            { title: '挂车/箱', dataIndex: 'trailerCount', width: 70, align: 'right' },
            { title: '过磅次数', dataIndex: 'weighings', width: 80, align: 'right' },
          ]}
        />
        {selected ? <ArchiveCard key={selected} carId={selected} /> : null}
      </div>
    </div>
  );
}
