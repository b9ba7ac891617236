import { Modal, Typography } from '@douyinfe/semi-ui';
import { ResourceListPage } from '../../features/crud/resource-list-page.tsx';
import { tenantView } from './tenant.resource.ts';

/** 租户管理 (/system/tenant, off the sidebar per spec §2.10): tenants of the installation, platform administrator only. */
export default function TenantScreen() {
  return (
    <ResourceListPage
      def={tenantView}
      onSaved={(row, mode) =>
        mode === 'add' &&
        Modal.info({
          title: `租户 ${String(row.tenantName)} 已创建`,
          content: (
            <div data-testid="tenant-created">
              <Typography.Paragraph>
                租户编号 <Typography.Text strong>{String(row.tenantId)}</Typography.Text>
                ，管理员账号 <Typography.Text strong>admin</Typography.Text>
                （密码为新增时填写的管理员密码，未填写则为 admin），请登录后立即修改密码。
              </Typography.Paragraph>
            </div>
          ),
          okText: '知道了',
          hasCancel: false,
        })
      }
    />
  );
}
