import { Button, Input, Modal, Select, Space, Table, Tag } from '@douyinfe/semi-ui';
import { useEffect, useState } from 'react';
import {
  useLgTrackingAckMutation,
  useLgTrackingAlarmsQuery,
  useLgTrackingHandleMutation,
  useLgTrackingLiveConfigQuery,
} from '../../core/api/izs-logistical.api.ts';
import { notifySuccess } from '../../core/api/notify.ts';
import { LG_PERMISSIONS } from '../../core/contract/izs-logistical/fields.ts';
import type { AlarmRow } from '../../core/contract/izs-logistical/tracking.contract.ts';
import { ALARM_TYPE_LABELS, ALARM_TYPES } from '../../core/logistics/alarms.ts';
import { useCan } from '../../features/admin-page/common.tsx';
import { SearchItem } from '../../features/crud/search-item.tsx';
import { useLiveVehicles } from '../../features/logistics-map/live.ts';
import { Field } from '../../features/ui/field.tsx';
import { NO_ENGLISH_NAME } from '../../features/ui/semi-zh.ts';

const STATE_TAGS: Record<number, { text: string; color: 'red' | 'orange' | 'green' }> = {
  0: { text: '未处理', color: 'red' },
  1: { text: '已确认', color: 'orange' },
  2: { text: '已处理', color: 'green' },
};

/**
 * 车辆报警 (/logistical/car-alarm): overspeed, geofence enter/leave, off-route, long stop, device offline — raised
 * by the server as positions arrive and pushed live (the list refreshes on every pushed alarm); 确认 and 处理 with a
 * note.
 */
export default function CarAlarmScreen() {
  const can = useCan(LG_PERMISSIONS.alarm);
  const [type, setType] = useState<string | undefined>();
  const [handleState, setHandleState] = useState<number | undefined>();
  const [current, setCurrent] = useState(1);
  const q = useLgTrackingAlarmsQuery({ current, size: 20, type, handleState });
  const live = useLiveVehicles();
  const cfg = useLgTrackingLiveConfigQuery();
  const [ack] = useLgTrackingAckMutation();
  const [handle] = useLgTrackingHandleMutation();
  const [handling, setHandling] = useState<AlarmRow | null>(null);
  const [note, setNote] = useState('');
  const latest = live.alarms[0]?.id;
  // a pushed alarm refreshes the list (a new one appears at the top)
  useEffect(() => {
    if (latest) q.refetch();
  }, [latest, q.refetch]);

  const columns = [
    { title: '报警时间', dataIndex: 'time', width: 170 },
    { title: '车牌号', dataIndex: 'plate', width: 110 },
    {
      title: '报警类型',
      dataIndex: 'type',
      width: 110,
      render: (t: AlarmRow['type']) => <Tag color={t === 'overspeed' ? 'red' : 'blue'}>{ALARM_TYPE_LABELS[t]}</Tag>,
    },
    { title: '说明', dataIndex: 'detail' },
    {
      title: '速度(km/h)',
      dataIndex: 'speed',
      width: 100,
      render: (v: number | null) => (v === null ? '' : v.toFixed(1)),
    },
    {
      title: '状态',
      dataIndex: 'handleState',
      width: 90,
      render: (s: number) => <Tag color={STATE_TAGS[s].color}>{STATE_TAGS[s].text}</Tag>,
    },
    { title: '处理说明', dataIndex: 'handleNote', width: 200 },
    { title: '处理人', dataIndex: 'handlerName', width: 90 },
    {
      title: '操作',
      width: 140,
      render: (_: unknown, row: AlarmRow) =>
        can('edit') && row.handleState < 2 ? (
          <Space spacing={4}>
            {row.handleState === 0 ? (
              <Button
                size="small"
                theme="borderless"
                onClick={async () => {
                  if ('data' in (await ack({ ids: [row.id] }))) notifySuccess('已确认');
                }}
              >
                确认
              </Button>
            ) : null}
            <Button
              size="small"
              theme="borderless"
              onClick={() => {
                setHandling(row);
                setNote('');
              }}
            >
              处理
            </Button>
          </Space>
        ) : null,
    },
  ];

  return (
    <div style={{ padding: 16 }}>
      <Space style={{ marginBottom: 12 }} wrap align="end">
        <SearchItem label="报警类型" wide>
          <Select
            placeholder="报警类型"
            showClear
            style={{ width: 160 }}
            value={type}
            onChange={(v) => {
              setType(v ? String(v) : undefined);
              setCurrent(1);
            }}
            optionList={ALARM_TYPES.map((t) => ({ label: ALARM_TYPE_LABELS[t], value: t }))}
          />
        </SearchItem>
        <SearchItem label="处理状态" wide>
          <Select
            placeholder="处理状态"
            showClear
            style={{ width: 140 }}
            value={handleState}
            onChange={(v) => {
              setHandleState(v === undefined ? undefined : Number(v));
              setCurrent(1);
            }}
            optionList={Object.entries(STATE_TAGS).map(([k, v]) => ({ label: v.text, value: Number(k) }))}
          />
        </SearchItem>
        <Button onClick={() => q.refetch()}>刷新</Button>
        <Tag color={live.connected ? 'green' : 'grey'} data-testid="alarm-live">
          {live.connected ? '实时推送已连接' : '实时推送未连接'}
        </Tag>
        <span>
          未处理 <b data-testid="alarm-open">{q.data?.open ?? 0}</b> 条 · 限速 {cfg.data?.speedLimitKmh ?? ''} km/h
        </span>
      </Space>
      <Table
        rowKey="id"
        size="small"
        loading={q.isFetching && !q.data}
        columns={columns}
        dataSource={q.data?.records ?? []}
        pagination={{ currentPage: current, pageSize: 20, total: q.data?.total ?? 0, onPageChange: setCurrent }}
        data-testid="alarm-table"
      />
      <Modal
        title={handling ? `处理报警：${handling.plate} ${ALARM_TYPE_LABELS[handling.type]}` : ''}
        visible={!!handling}
        onCancel={() => setHandling(null)}
        onOk={async () => {
          if (!handling) return;
          if ('data' in (await handle({ id: handling.id, note }))) {
            notifySuccess('已处理');
            setHandling(null);
          }
        }}
        okText="保存"
        okButtonProps={{ ...NO_ENGLISH_NAME, 'data-testid': 'alarm-save' } as Record<string, string>}
      >
        <Field label="处理说明" required>
          <Input placeholder="请输入处理说明" value={note} onChange={setNote} data-testid="alarm-note" />
        </Field>
      </Modal>
    </div>
  );
}
