import { describe, expect, it, vi } from 'vitest';
import { desktopClient, NOT_IN_CLIENT, requestPrint } from './bridge.ts';

describe('print bridge (spec §8: printing outside the desktop client)', () => {
  it('rejects with 请在客户端内使用打印功能。 when no client is present', async () => {
    await expect(requestPrint({}, {})).rejects.toThrow(NOT_IN_CLIENT);
    expect(NOT_IN_CLIENT).toBe('请在客户端内使用打印功能。');
  });
  it('prints through the injected client', async () => {
    const print = vi.fn().mockResolvedValue(undefined);
    const w = { loopyardClient: { print, listPrinters: vi.fn(), setPrinters: vi.fn() } };
    expect(desktopClient(w)).not.toBeNull();
    await requestPrint({ printer: 'EPSON LQ-630K' }, w);
    expect(print).toHaveBeenCalledWith({ printer: 'EPSON LQ-630K' });
  });
});
