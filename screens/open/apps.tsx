/**
 * 开放接口 (/open/api, admin only; issue 14): integrator apps — key, secret shown once and rotatable, enabled, IP
 * allow-list, scopes, rate limit, webhook; each app's call log, webhook deliveries (重新推送) and paths.
 */
import { Button, Popconfirm, SideSheet, Space, Table, Tag } from '@douyinfe/semi-ui';
import { useState } from 'react';
import { Link } from 'wouter';
import { notifySuccess } from '../../core/api/notify.ts';
import {
  useOpenAppCallsQuery,
  useOpenAppDeliveriesQuery,
  useOpenAppListQuery,
  useOpenAppRemoveMutation,
  useOpenAppReplayMutation,
  useOpenAppRotateMutation,
} from '../../core/api/open.api.ts';
import type { OpenAppRow } from '../../core/contract/open/open-app.contract.ts';
import { OPEN_EVENTS, OPEN_SCOPES } from '../../core/contract/open/open-v1.contract.ts';
import { PageFrame, useCan } from '../../features/admin-page/common.tsx';
import { AppDialog, SecretDialog, type Secrets } from './app-form.tsx';
import './open.css';

const SCOPE = Object.fromEntries(OPEN_SCOPES.map((s) => [s.value, s.label]));
const EVENT = Object.fromEntries(OPEN_EVENTS.map((s) => [s.value, s.label]));
const STATE: Record<string, { text: string; color: 'green' | 'orange' | 'red' }> = {
  delivered: { text: '已送达', color: 'green' },
  pending: { text: '待重试', color: 'orange' },
  failed: { text: '已放弃', color: 'red' },
};

function CallLog({ app, onClose }: { app: OpenAppRow; onClose: () => void }) {
  const [current, setCurrent] = useState(1);
  const { data, isFetching } = useOpenAppCallsQuery({ appId: app.id, current, size: 20 });
  return (
    <SideSheet visible title={`调用日志 · ${app.name}`} onCancel={onClose} width={880}>
      <Table
        size="small"
        rowKey="id"
        loading={isFetching}
        dataSource={data?.records ?? []}
        pagination={{ currentPage: current, pageSize: 20, total: data?.total ?? 0, onPageChange: setCurrent }}
        columns={[
          { title: '时间', dataIndex: 'createTime', width: 160 },
          { title: '方法', dataIndex: 'method', width: 60 },
          { title: '路径', dataIndex: 'path', render: (v: string) => <span className="ly-open-code">{v}</span> },
          { title: 'HTTP', dataIndex: 'httpStatus', width: 60 },
          {
            title: '返回码',
            dataIndex: 'code',
            width: 80,
            render: (v: number) => <Tag color={v === 200 ? 'green' : 'red'}>{v}</Tag>,
          },
          { title: '说明', dataIndex: 'msg' },
          { title: '耗时(ms)', dataIndex: 'latencyMs', width: 80, align: 'right' },
          { title: 'IP', dataIndex: 'ip', width: 110 },
        ]}
      />
    </SideSheet>
  );
}

function Deliveries({ app, onClose }: { app: OpenAppRow; onClose: () => void }) {
  const [current, setCurrent] = useState(1);
  const { data, isFetching, refetch } = useOpenAppDeliveriesQuery({ appId: app.id, current, size: 20 });
  const [replay] = useOpenAppReplayMutation();
  return (
    <SideSheet visible title={`推送记录 · ${app.name}`} onCancel={onClose} width={880}>
      <Button onClick={() => refetch()} style={{ marginBottom: 8 }}>
        刷新
      </Button>
      <Table
        size="small"
        rowKey="id"
        loading={isFetching}
        dataSource={data?.records ?? []}
        pagination={{ currentPage: current, pageSize: 20, total: data?.total ?? 0, onPageChange: setCurrent }}
        columns={[
          { title: '时间', dataIndex: 'createTime', width: 160 },
          { title: '事件', dataIndex: 'event', render: (v: string) => EVENT[v] ?? v },
          {
            title: '状态',
            dataIndex: 'state',
            width: 80,
            render: (v: string) => <Tag color={STATE[v]?.color}>{STATE[v]?.text ?? v}</Tag>,
          },
          { title: '次数', dataIndex: 'attempts', width: 60 },
          { title: 'HTTP', dataIndex: 'lastStatus', width: 60 },
          { title: '错误', dataIndex: 'lastError' },
          { title: '耗时(ms)', dataIndex: 'lastLatencyMs', width: 80 },
          { title: '下次重试', dataIndex: 'nextAttemptAt', width: 160 },
          {
            title: '操作',
            width: 90,
            render: (_: unknown, d: { id: string }) => (
              <Button
                size="small"
                theme="borderless"
                onClick={async () => {
                  const r = await replay({ id: d.id });
                  if ('data' in r) notifySuccess('已重新排队推送');
                }}
              >
                重新推送
              </Button>
            ),
          },
        ]}
      />
    </SideSheet>
  );
}

export default function OpenAppsScreen() {
  const can = useCan('open_api');
  const { data = [], isFetching } = useOpenAppListQuery(undefined);
  const [editing, setEditing] = useState<OpenAppRow | null | 'new'>(null);
  const [secrets, setSecrets] = useState<Secrets | null>(null);
  const [calls, setCalls] = useState<OpenAppRow | null>(null);
  const [deliveries, setDeliveries] = useState<OpenAppRow | null>(null);
  const [rotate] = useOpenAppRotateMutation();
  const [remove] = useOpenAppRemoveMutation();
  return (
    <PageFrame title="开放接口" testId="open-apps">
      <div className="ly-open-toolbar">
        {can('add') && (
          <Button theme="solid" onClick={() => setEditing('new')} data-testid="open-app-add">
            新增应用
          </Button>
        )}
        <Button onClick={() => window.open('/api/open/v1/docs', '_blank')}>接口文档</Button>
        <Button onClick={() => window.open('/api/open/v1/openapi.json', '_blank')}>OpenAPI 3.1</Button>
        <Link href="/open/chain">
          <Button>溯源链校验</Button>
        </Link>
      </div>
      <Table
        rowKey="id"
        loading={isFetching}
        dataSource={data}
        pagination={false}
        empty="暂无应用"
        columns={[
          { title: '应用名称', dataIndex: 'name', width: 160 },
          { title: 'App Key', dataIndex: 'appKey', render: (v: string) => <span className="ly-open-code">{v}</span> },
          {
            title: '状态',
            dataIndex: 'enabled',
            width: 70,
            render: (v: number) => (v === 1 ? <Tag color="green">启用</Tag> : <Tag color="grey">停用</Tag>),
          },
          {
            title: '接口分组',
            dataIndex: 'scopes',
            render: (v: string[]) => (
              <Space wrap>
                {v.map((s) => (
                  <Tag key={s}>{SCOPE[s] ?? s}</Tag>
                ))}
              </Space>
            ),
          },
          { title: '限流/分钟', dataIndex: 'rateLimit', width: 90, align: 'right' },
          { title: '24小时调用', dataIndex: 'calls24h', width: 100, align: 'right' },
          { title: 'IP白名单', dataIndex: 'ipAllow', render: (v: string) => v || '不限' },
          {
            title: '操作',
            width: 330,
            render: (_: unknown, a: OpenAppRow) => (
              <Space wrap spacing={4}>
                {can('add') && (
                  <Button size="small" theme="borderless" onClick={() => setEditing(a)}>
                    编辑
                  </Button>
                )}
                <Link href={`/open/url/${a.id}`}>
                  <Button size="small" theme="borderless">
                    接口路径
                  </Button>
                </Link>
                <Button size="small" theme="borderless" onClick={() => setCalls(a)}>
                  调用日志
                </Button>
                <Button size="small" theme="borderless" onClick={() => setDeliveries(a)}>
                  推送记录
                </Button>
                {can('edit') && (
                  <Popconfirm
                    title="重置密钥后旧密钥立即失效，确定重置？"
                    onConfirm={async () => {
                      const r = await rotate({ id: a.id });
                      if ('data' in r && r.data?.secret && r.data.webhookSecret) {
                        setSecrets({ appKey: a.appKey, secret: r.data.secret, webhookSecret: r.data.webhookSecret });
                      }
                    }}
                  >
                    <Button size="small" theme="borderless" type="warning">
                      重置密钥
                    </Button>
                  </Popconfirm>
                )}
                {can('delete') && (
                  <Popconfirm
                    title="确定删除该应用？"
                    onConfirm={async () => {
                      const r = await remove({ id: a.id });
                      if ('data' in r) notifySuccess('删除成功');
                    }}
                  >
                    <Button size="small" theme="borderless" type="danger">
                      删除
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
      {editing && (
        <AppDialog app={editing === 'new' ? null : editing} onClose={() => setEditing(null)} onSecrets={setSecrets} />
      )}
      {secrets && <SecretDialog s={secrets} onClose={() => setSecrets(null)} />}
      {calls && <CallLog app={calls} onClose={() => setCalls(null)} />}
      {deliveries && <Deliveries app={deliveries} onClose={() => setDeliveries(null)} />}
    </PageFrame>
  );
}
