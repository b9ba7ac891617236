/** The app dialog of 开放接口 (add / edit) and the one-time secret dialog. */
import { Banner, Checkbox, Form, Input, Modal, Switch, TextArea } from '@douyinfe/semi-ui';
import { useState } from 'react';
import { useOpenAppSaveMutation } from '../../core/api/open.api.ts';
import type { OpenAppRow } from '../../core/contract/open/open-app.contract.ts';
import { openAppForm } from '../../core/contract/open/open-app.contract.ts';
import { OPEN_EVENTS, OPEN_SCOPES } from '../../core/contract/open/open-v1.contract.ts';
import { zodFieldErrors } from '../../features/admin-page/common.tsx';

export interface Secrets {
  appKey: string;
  secret: string;
  webhookSecret: string;
}

export function SecretDialog({ s, onClose }: { s: Secrets; onClose: () => void }) {
  return (
    <Modal visible title="应用密钥" onOk={onClose} onCancel={onClose} hasCancel={false} okText="我已保存" width={640}>
      <Banner
        type="warning"
        description="密钥只显示这一次，请立即保存；遗失后只能重置。"
        style={{ marginBottom: 12 }}
      />
      <div className="ly-open-secret" data-testid="open-secret">
        <span>App Key</span>
        <code>{s.appKey}</code>
        <span>App Secret</span>
        <code data-testid="open-secret-value">{s.secret}</code>
        <span>推送签名密钥</span>
        <code>{s.webhookSecret}</code>
      </div>
    </Modal>
  );
}

type FormState = {
  name: string;
  enabled: number;
  scopes: string[];
  rateLimit: string;
  ipAllow: string;
  webhookUrl: string;
  webhookEvents: string[];
  remark: string;
};

export function AppDialog({
  app,
  onClose,
  onSecrets,
}: {
  app: OpenAppRow | null;
  onClose: () => void;
  onSecrets: (s: Secrets) => void;
}) {
  const [save, { isLoading }] = useOpenAppSaveMutation();
  const [v, setV] = useState<FormState>({
    name: app?.name ?? '',
    enabled: app?.enabled ?? 1,
    scopes: app?.scopes ?? [],
    rateLimit: String(app?.rateLimit ?? 60),
    ipAllow: app?.ipAllow ?? '',
    webhookUrl: app?.webhookUrl ?? '',
    webhookEvents: app?.webhookEvents ?? [],
    remark: app?.remark ?? '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof FormState>(k: K, value: FormState[K]) => setV((p) => ({ ...p, [k]: value }));
  const submit = async () => {
    const body = { ...v, id: app?.id };
    const bad = zodFieldErrors(openAppForm, body);
    setErrors(bad ?? {});
    if (bad) return;
    const r = await save(body);
    if ('data' in r && r.data) {
      if (r.data.secret && r.data.webhookSecret) {
        onSecrets({ appKey: r.data.app.appKey, secret: r.data.secret, webhookSecret: r.data.webhookSecret });
      }
      onClose();
    }
  };
  const err = (k: string) => (errors[k] ? <div className="semi-form-field-error-message">{errors[k]}</div> : null);
  return (
    <Modal
      visible
      title={app ? '编辑应用' : '新增应用'}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={isLoading}
      width={640}
    >
      <Form labelPosition="left" labelWidth={110} data-testid="open-app-form">
        <Form.Slot label="应用名称">
          <Input value={v.name} onChange={(t) => set('name', t)} data-testid="open-app-name" />
          {err('name')}
        </Form.Slot>
        <Form.Slot label="启用">
          <Switch checked={v.enabled === 1} onChange={(on) => set('enabled', on ? 1 : 0)} />
        </Form.Slot>
        <Form.Slot label="接口分组">
          <Checkbox.Group
            direction="horizontal"
            value={v.scopes}
            options={OPEN_SCOPES.map((s) => ({ label: s.label, value: s.value }))}
            onChange={(vals) => set('scopes', vals as string[])}
          />
        </Form.Slot>
        <Form.Slot label="限流(次/分钟)">
          <Input style={{ width: 160 }} value={v.rateLimit} onChange={(t) => set('rateLimit', t)} />
          {err('rateLimit')}
        </Form.Slot>
        <Form.Slot label="IP白名单">
          <TextArea
            rows={2}
            value={v.ipAllow}
            placeholder="IP 或 CIDR，逗号分隔；留空表示不限"
            onChange={(t) => set('ipAllow', t)}
          />
          {err('ipAllow')}
        </Form.Slot>
        <Form.Slot label="回调地址">
          <Input value={v.webhookUrl} placeholder="https://…" onChange={(t) => set('webhookUrl', t)} />
          {err('webhookUrl')}
        </Form.Slot>
        <Form.Slot label="推送事件">
          <Checkbox.Group
            direction="horizontal"
            value={v.webhookEvents}
            options={OPEN_EVENTS.map((s) => ({ label: s.label, value: s.value }))}
            onChange={(vals) => set('webhookEvents', vals as string[])}
          />
        </Form.Slot>
        <Form.Slot label="备注">
          <TextArea rows={2} value={v.remark} onChange={(t) => set('remark', t)} />
          {err('remark')}
        </Form.Slot>
      </Form>
    </Modal>
  );
}
