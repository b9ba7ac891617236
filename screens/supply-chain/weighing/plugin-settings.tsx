/** This PC's plugin link address (station setting), with 保存并重新连接 — a gear button beside the weighbridge. */
import { IconSetting } from '@douyinfe/semi-icons';
import { Button, Input, Popover } from '@douyinfe/semi-ui';
import { useState } from 'react';
import { pluginUrlError } from './station-settings.ts';
import type { useStationLink } from './use-station.ts';

export function PluginSettings({ link }: { link: ReturnType<typeof useStationLink> }) {
  const [draft, setDraft] = useState(link.localUrl);
  const error = pluginUrlError(draft);
  return (
    <Popover
      trigger="click"
      position="bottomRight"
      content={
        <div className="ly-ws-plugin" data-testid="plugin-settings">
          <div className="ly-ws-card-title">地磅插件地址（本机）</div>
          <Input value={draft} onChange={setDraft} placeholder={link.url || 'ws://127.0.0.1:9610/ws'} />
          <small className={error ? 'is-error' : ''}>
            {error || `当前：${link.url || '默认地址'}；留空使用服务器默认`}
          </small>
          <Button
            theme="solid"
            size="small"
            disabled={!!error}
            onClick={() => {
              link.setPluginUrl(draft);
              link.reset();
            }}
          >
            保存并重新连接
          </Button>
        </div>
      }
    >
      <Button icon={<IconSetting />} theme="borderless" aria-label="地磅插件设置" />
    </Popover>
  );
}
