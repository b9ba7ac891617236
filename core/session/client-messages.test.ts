import { afterEach, describe, expect, it, vi } from 'vitest';
import { isSystemConfigMissing, isVersionUpdated, listenToDesktopClient, SHELL_MESSAGES } from './client-messages.ts';

const tick = () => new Promise((r) => setTimeout(r, 20));

describe('spec §8 shell rows', () => {
  afterEach(() => {
    delete (window as unknown as { loopyardClient?: unknown }).loopyardClient;
  });

  it('keeps the spec wording', () => {
    expect(SHELL_MESSAGES).toEqual({
      versionUpdated: 'version updated, please log in again',
      missingSystemConfig: 'please contact administrator to set system config',
    });
  });

  it("the desktop client's message '0' means a new version", () => {
    expect(isVersionUpdated('0')).toBe(true);
    expect(isVersionUpdated(0)).toBe(true);
    expect(isVersionUpdated({ type: 'loopyard:client-message', message: '0' })).toBe(true);
    expect(isVersionUpdated('1')).toBe(false);
    expect(isVersionUpdated({ message: '0' })).toBe(false);
    expect(isVersionUpdated(null)).toBe(false);
  });

  it('hears the message posted into this window, once per burst; other windows are ignored', async () => {
    const seen = vi.fn();
    const stop = listenToDesktopClient(window, seen);
    window.dispatchEvent(new MessageEvent('message', { data: '0', source: window }));
    window.dispatchEvent(new MessageEvent('message', { data: '0', source: window }));
    await tick();
    expect(seen).toHaveBeenCalledTimes(1);
    // a frame or another window cannot sign the user out
    const other = { postMessage() {} } as unknown as Window;
    window.dispatchEvent(new MessageEvent('message', { data: '0', source: other as unknown as MessageEventSource }));
    expect(seen).toHaveBeenCalledTimes(1);
    stop();
  });

  it("hears the client's own onMessage channel when it offers one", () => {
    let cb: ((m: unknown) => void) | undefined;
    const off = vi.fn();
    (window as unknown as { loopyardClient: unknown }).loopyardClient = {
      onMessage: (f: (m: unknown) => void) => {
        cb = f;
        return off;
      },
    };
    const seen = vi.fn();
    const stop = listenToDesktopClient(window, seen);
    cb?.('2');
    expect(seen).not.toHaveBeenCalled();
    cb?.('0');
    expect(seen).toHaveBeenCalledTimes(1);
    stop();
    expect(off).toHaveBeenCalled();
  });

  it('a system config is missing when the server answers none; defaults of a department count as a config', () => {
    expect(isSystemConfigMissing(null)).toBe(true);
    expect(isSystemConfigMissing(undefined)).toBe(true);
    expect(isSystemConfigMissing({})).toBe(true);
    expect(isSystemConfigMissing({ id: null, deptId: '1001', weightPrecision: 0 })).toBe(false);
    expect(isSystemConfigMissing({ id: '5', deptId: '1001' })).toBe(false);
  });
});
