import { Button, Modal, Toast, Typography } from '@douyinfe/semi-ui';
import { useClientResetSecretMutation } from '../../core/api/blade-system.api.ts';
import { useResourcePermissions } from '../../features/crud/permissions.ts';
import { ResourceListPage } from '../../features/crud/resource-list-page.tsx';
import { clientView } from './client.resource.ts';

/** The plain secret, shown once (it is stored hashed): copyable, with a warning. */
function showSecret(clientId: string, secret: string) {
  Modal.info({
    title: `应用 ${clientId} 的密钥`,
    content: (
      <div data-testid="client-secret">
        <Typography.Paragraph copyable={{ content: secret }} className="ly-crud-code">
          {secret}
        </Typography.Paragraph>
        <Typography.Text type="warning">密钥只显示这一次，请立即复制保存；遗失后只能重置。</Typography.Text>
      </div>
    ),
    okText: '我已保存',
    hasCancel: false,
  });
}

/** 应用管理 (/system/app): OAuth clients; a new or reset secret is shown once. */
export default function AppScreen() {
  const can = useResourcePermissions(clientView.permission);
  const [resetSecret] = useClientResetSecretMutation();
  const reset = (id: string, clientId: string) =>
    Modal.confirm({
      title: `重置应用 ${clientId} 的密钥?`,
      content: '旧密钥立即失效，使用它的客户端需要换成新密钥。',
      onOk: async () => {
        const r = await resetSecret({ id });
        if (!r.data) return;
        Toast.success('密钥已重置');
        showSecret(clientId, r.data.clientSecret);
      },
    });
  return (
    <ResourceListPage
      def={clientView}
      onSaved={(row, mode) =>
        mode === 'add' && row.clientSecret && showSecret(String(row.clientId), String(row.clientSecret))
      }
      rowActions={(row) =>
        can.edit && (
          <Button theme="borderless" size="small" onClick={() => reset(String(row.id), String(row.clientId))}>
            重置密钥
          </Button>
        )
      }
    />
  );
}
