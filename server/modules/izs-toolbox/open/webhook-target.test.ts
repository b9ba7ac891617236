// @vitest-environment node
/**
 * Webhook targets (issue 22): only public addresses unless named by the operator, checked when saved and at each
 * delivery; the connection goes to the address that was checked (DNS rebinding gains nothing); no redirect is
 * followed; nothing of the answer but its status comes back.
 */

import type { LookupAddress } from 'node:dns';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkWebhookTarget,
  deliveryError,
  isPublicAddress,
  postWebhook,
  type Resolve,
  WebhookTargetError,
} from './webhook-target.ts';

const none = new Set<string>();
const fixed = (...answers: string[][]): Resolve & { calls: number } => {
  const f = (async () => {
    const a = answers[Math.min(f.calls, answers.length - 1)];
    f.calls++;
    return a.map((address): LookupAddress => ({ address, family: address.includes(':') ? 6 : 4 }));
  }) as unknown as Resolve & { calls: number };
  f.calls = 0;
  return f;
};

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '127.255.0.9',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '239.255.255.250',
    '255.255.255.255',
    '::',
    '::1',
    'fe80::1',
    'fc00::1',
    'fd12:3456::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '64:ff9b::a9fe:a9fe',
    'not-an-ip',
  ])('%s is not public', (ip) => expect(isPublicAddress(ip)).toBe(false));

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('%s is public', (ip) =>
    expect(isPublicAddress(ip)).toBe(true),
  );
});

describe('checkWebhookTarget (at save)', () => {
  it.each([
    'http://127.0.0.1:5432/',
    'http://localhost:6379/',
    'http://169.254.169.254/latest/meta-data/',
    'http://10.0.0.8/hook',
    'http://192.168.1.20:8080/',
    'http://[::1]:8080/',
    'http://[fe80::1]/',
    'http://0.0.0.0:22/',
    'http://224.0.0.251/',
    'http://[::ffff:127.0.0.1]/',
    'http://2130706433/', // 127.0.0.1 as one number
    'http://0x7f.1/', // 127.0.0.1 in hex
  ])('%s is refused', async (url) => {
    await expect(checkWebhookTarget(url, none)).rejects.toBeInstanceOf(WebhookTargetError);
  });

  it.each(['ftp://example.com/', 'file:///etc/passwd', 'gopher://x/', 'not a url'])('%s is refused', async (url) => {
    await expect(checkWebhookTarget(url, none)).rejects.toBeInstanceOf(WebhookTargetError);
  });

  it('a name with one private address among public ones is refused', async () => {
    await expect(
      checkWebhookTarget('https://hooks.example.com/x', none, fixed(['93.184.216.34', '10.0.0.1'])),
    ).rejects.toThrow(/WEBHOOK_ALLOW_HOSTS/);
  });

  it('a public name passes; an operator-allowed internal host passes', async () => {
    await expect(checkWebhookTarget('https://hooks.example.com/x', none, fixed(['93.184.216.34']))).resolves.toBe(
      undefined,
    );
    await expect(
      checkWebhookTarget('http://erp.intranet/hook', new Set(['erp.intranet']), fixed(['10.0.0.20'])),
    ).resolves.toBe(undefined);
  });
});

describe('postWebhook (at delivery)', () => {
  let server: Server;
  let port = 0;
  const hits: string[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      hits.push(req.url ?? '');
      if (req.url === '/redirect') {
        res.writeHead(302, { location: `http://127.0.0.1:${port}/landed` }).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'text/plain' }).end('SSH-2.0-OpenSSH_9.2 secret banner');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const a = server.address();
    port = typeof a === 'object' && a ? a.port : 0;
  });
  afterAll(() => {
    server?.close();
  });

  const post = (url: string, allow: Set<string>, resolve?: Resolve) =>
    postWebhook(url, { 'content-type': 'application/json' }, '{}', { timeoutMs: 3000, allow, resolve });

  it('a loopback target is refused at delivery without a connection being made', async () => {
    hits.length = 0;
    await expect(post(`http://127.0.0.1:${port}/x`, none)).rejects.toBeInstanceOf(WebhookTargetError);
    expect(hits).toEqual([]);
  });

  it('DNS rebinding: a name public at save and loopback at delivery is refused at delivery', async () => {
    hits.length = 0;
    const rebinding = fixed(['93.184.216.34'], ['127.0.0.1']);
    await checkWebhookTarget(`http://rebind.example:${port}/x`, none, rebinding); // at save: public
    const e = await post(`http://rebind.example:${port}/x`, none, rebinding).catch((x) => x);
    expect(e).toBeInstanceOf(WebhookTargetError);
    expect(hits).toEqual([]);
  });

  it('the connection goes to the address that was checked: one resolution per delivery', async () => {
    hits.length = 0;
    const once = fixed(['127.0.0.1'], ['10.99.99.99']); // a second resolution would answer elsewhere
    const r = await post(`http://hook.internal:${port}/pinned`, new Set(['hook.internal']), once);
    expect(r).toEqual({ status: 200 });
    expect(once.calls).toBe(1);
    expect(hits).toEqual(['/pinned']);
  });

  it('a redirect is not followed; only the status comes back, never the body', async () => {
    hits.length = 0;
    const allow = new Set(['127.0.0.1']);
    const r = await post(`http://127.0.0.1:${port}/redirect`, allow);
    expect(r).toEqual({ status: 302 });
    expect(hits).toEqual(['/redirect']);
    const ok = await post(`http://127.0.0.1:${port}/banner`, allow);
    expect(JSON.stringify(ok)).not.toContain('SSH');
  });

  it('a refused connection is logged as a kind of failure, not the system message with the address', async () => {
    const e = await post('http://127.0.0.1:1/', new Set(['127.0.0.1'])).catch((x) => x);
    expect(deliveryError(e)).toBe('连接失败');
  });
});
