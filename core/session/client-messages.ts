/**
 * Spec §8 rows of the shell that are not request errors:
 * - the desktop client's message '0' (a new version was installed): alert, then the login page;
 * - a missing system config: alert, then logout.
 * Wording is the spec's, kept exactly (like core/api/base-query.ts MESSAGES).
 */
export const SHELL_MESSAGES = {
  versionUpdated: 'version updated, please log in again',
  missingSystemConfig: 'please contact administrator to set system config',
} as const;

/** What the desktop client sends when it updated itself: '0' (or 0), bare or as `{ type, message }`. */
export const CLIENT_MESSAGE_TYPE = 'loopyard:client-message';

export function isVersionUpdated(data: unknown): boolean {
  if (data === '0' || data === 0) return true;
  if (data && typeof data === 'object') {
    const m = data as { type?: unknown; message?: unknown };
    return m.type === CLIENT_MESSAGE_TYPE && (m.message === '0' || m.message === 0);
  }
  return false;
}

interface ClientWithMessages {
  onMessage?: (cb: (message: unknown) => void) => (() => void) | undefined;
}

/**
 * Listens to the desktop client: `window.loopyardClient.onMessage(cb)` when the client offers it, and messages the
 * client's preload script posts into this very window (`window.postMessage('0')`). Messages from other windows
 * (frames, openers) are ignored, so no page can sign the user out. Answers a stop function.
 */
export function listenToDesktopClient(w: Window, onVersionUpdated: () => void): () => void {
  let fired = false;
  const handle = (data: unknown) => {
    if (fired || !isVersionUpdated(data)) return;
    fired = true;
    onVersionUpdated();
    // a later message (after the next sign-in) counts again
    setTimeout(() => {
      fired = false;
    }, 1000);
  };
  const onWindowMessage = (e: MessageEvent) => {
    if (e.source !== w) return;
    handle(e.data);
  };
  w.addEventListener('message', onWindowMessage);
  const client = (w as unknown as { loopyardClient?: ClientWithMessages }).loopyardClient;
  const stopClient = typeof client?.onMessage === 'function' ? client.onMessage(handle) : undefined;
  return () => {
    w.removeEventListener('message', onWindowMessage);
    stopClient?.();
  };
}

/** A system config answer is missing when the server has none for the organisation (no data, no deptId). */
export function isSystemConfigMissing(data: unknown): boolean {
  return !data || typeof data !== 'object' || !(data as { deptId?: unknown }).deptId;
}
