/** 开放路径 (/open/url/:appId, hidden; issue 14): the open endpoints and whether this app may call them. */
import { Banner, Table, Tag } from '@douyinfe/semi-ui';
import { useOpenAppPathsQuery } from '../../core/api/open.api.ts';
import { PageFrame } from '../../features/admin-page/common.tsx';
import type { ScreenProps } from '../../features/shell/guarded-router.tsx';
import './open.css';

export default function OpenAppPathsScreen({ path }: ScreenProps) {
  const appId = decodeURIComponent(path.split('/').pop() ?? '');
  const { data, isFetching } = useOpenAppPathsQuery({ appId });
  return (
    <PageFrame title={`开放路径${data ? ` · ${data.app.name}` : ''}`} testId="open-paths">
      {data && data.app.enabled !== 1 && (
        <Banner type="warning" description="应用已停用：所有路径均不可调用" style={{ marginBottom: 12 }} />
      )}
      <Table
        rowKey="path"
        loading={isFetching}
        dataSource={data?.paths ?? []}
        pagination={false}
        columns={[
          { title: '方法', dataIndex: 'method', width: 70 },
          { title: '路径', dataIndex: 'path', render: (v: string) => <span className="ly-open-code">{v}</span> },
          { title: '说明', dataIndex: 'summary' },
          { title: '接口分组', dataIndex: 'scopeLabel', width: 110 },
          {
            title: '可调用',
            dataIndex: 'allowed',
            width: 90,
            render: (v: boolean) => (v ? <Tag color="green">可调用</Tag> : <Tag color="grey">未开通</Tag>),
          },
        ]}
      />
    </PageFrame>
  );
}
