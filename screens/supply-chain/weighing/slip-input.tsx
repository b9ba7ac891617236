import { Button, Input } from '@douyinfe/semi-ui';
import { useState } from 'react';

/**
 * 派车单 at the station (issue 24): the clerk types the slip's number, or a scanner (which types what the QR code
 * holds, then Enter) fills it; Enter or 读取 asks the server and fills the truck from the slip.
 */
export function SlipInput({ onApply }: { onApply: (code: string) => Promise<unknown> }) {
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const apply = async () => {
    if (!code.trim() || busy) return;
    setBusy(true);
    try {
      if (await onApply(code)) setCode('');
    } finally {
      setBusy(false);
    }
  };
  return (
    <span className="ly-ws-slip">
      <Input
        size="small"
        value={code}
        onChange={setCode}
        placeholder="扫码或输入派车单号"
        maxLength={500}
        style={{ width: 190 }}
        data-testid="ws-slip"
        onKeyDown={(e) => {
          if (e.key !== 'Enter') return;
          e.preventDefault();
          e.stopPropagation(); // not the form's Enter-moves-on
          void apply();
        }}
      />
      <Button size="small" theme="borderless" loading={busy} onClick={() => void apply()} data-testid="ws-slip-apply">
        读取
      </Button>
    </span>
  );
}
