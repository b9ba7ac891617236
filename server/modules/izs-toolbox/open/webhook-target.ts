/**
 * Where a webhook may be sent (issue 22 "Addresses"). An administrator types the callback URL; without these
 * rules the server would POST wherever it points — its own database port, the cloud metadata address, a printer on
 * the office network — and the delivery log would tell the admin what answered: a port scanner.
 *
 * - http and https only.
 * - The host is resolved (dns.lookup, every address) and refused when any address is loopback, link-local,
 *   private, shared (CGNAT), multicast, unspecified or otherwise reserved — at save and again at each delivery.
 * - The delivery connects to the address that was checked (the request's `lookup` is this check), so a name that
 *   answers a public address to the check and a private one to the connection (DNS rebinding) gains nothing.
 * - Redirects are never followed (node:http does not; a 3xx is a failed attempt), and the answer's body is not
 *   read: the log keeps the status and the time taken.
 * - WEBHOOK_ALLOW_HOSTS (comma-separated host names or addresses, exact, case-insensitive) lets an operator allow
 *   named internal receivers, e.g. `WEBHOOK_ALLOW_HOSTS=erp.intranet,10.0.0.20`.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

const blocked = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8], // "this network", 0.0.0.0 unspecified
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // shared address space (carrier-grade NAT)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata 169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, 255.255.255.255 broadcast
] as const) {
  blocked.addSubnet(net, bits, 'ipv4');
}
for (const [net, bits] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['fc00::', 7], // unique local (private)
  ['ff00::', 8], // multicast
  ['2001:db8::', 32], // documentation
  ['100::', 64], // discard
] as const) {
  blocked.addSubnet(net, bits, 'ipv6');
}

/** The IPv4 address an IPv6 address carries (mapped ::ffff:a.b.c.d, compatible ::a.b.c.d, NAT64 64:ff9b::), if any. */
function embeddedV4(ip: string): string | null {
  const m = /^(?:::ffff:|::|64:ff9b::)(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (m) return m[1];
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(ip);
  if (hex) {
    const a = Number.parseInt(hex[1], 16);
    const b = Number.parseInt(hex[2], 16);
    return `${a >> 8}.${a & 255}.${b >> 8}.${b & 255}`;
  }
  return null;
}

/** Whether a webhook may connect to this address. */
export function isPublicAddress(ip: string): boolean {
  const family = isIP(ip);
  if (family === 4) return !blocked.check(ip, 'ipv4');
  if (family === 6) {
    const v4 = embeddedV4(ip.toLowerCase());
    if (v4) return isIP(v4) === 4 && !blocked.check(v4, 'ipv4');
    return !blocked.check(ip, 'ipv6');
  }
  return false;
}

/** The operator's allowed hosts (WEBHOOK_ALLOW_HOSTS), lower case. */
export function allowedHosts(env: NodeJS.ProcessEnv = process.env): Set<string> {
  return new Set(
    (env.WEBHOOK_ALLOW_HOSTS ?? '')
      .split(/[\s,，]+/)
      .map((h) =>
        h
          .trim()
          .toLowerCase()
          .replace(/^\[|\]$/g, ''),
      )
      .filter(Boolean),
  );
}

/** A refused target, with the Chinese reason shown to the administrator. */
export class WebhookTargetError extends Error {}

export type Resolve = (host: string) => Promise<LookupAddress[]>;

export const systemResolve: Resolve = (host) =>
  new Promise((resolve, reject) =>
    dnsLookup(host, { all: true, verbatim: true }, (err, addresses) => (err ? reject(err) : resolve(addresses))),
  );

const hostOf = (u: URL) => u.hostname.toLowerCase().replace(/^\[|\]$/g, '');

/** Parses and checks the URL's form (scheme, host); answers the URL. */
export function webhookUrl(text: string): URL {
  let u: URL;
  try {
    u = new URL(text);
  } catch {
    throw new WebhookTargetError('回调地址格式不正确');
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:')
    throw new WebhookTargetError('回调地址应以 http:// 或 https:// 开头');
  if (!hostOf(u)) throw new WebhookTargetError('回调地址缺少主机名');
  return u;
}

/**
 * Resolves the URL's host and answers the addresses it may connect to; throws WebhookTargetError when the host
 * does not resolve or any of its addresses is not public (unless the host is allowed by name).
 */
export async function vetTarget(
  u: URL,
  allow: Set<string>,
  resolve: Resolve = systemResolve,
): Promise<LookupAddress[]> {
  const host = hostOf(u);
  let addresses: LookupAddress[];
  try {
    addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await resolve(host);
  } catch {
    throw new WebhookTargetError('回调地址的主机名无法解析');
  }
  if (!addresses.length) throw new WebhookTargetError('回调地址的主机名无法解析');
  if (allow.has(host)) return addresses;
  if (addresses.some((a) => !isPublicAddress(a.address))) {
    throw new WebhookTargetError(
      '回调地址不能指向本机、内网、链路本地、组播或保留地址（如需推送到内网服务，请由运维在 WEBHOOK_ALLOW_HOSTS 中列出该主机）',
    );
  }
  return addresses;
}

/** Checks a URL an administrator saves: form, then resolution. */
export async function checkWebhookTarget(text: string, allow = allowedHosts(), resolve?: Resolve): Promise<void> {
  await vetTarget(webhookUrl(text), allow, resolve);
}

export interface Delivered {
  status: number;
}

/**
 * POSTs one delivery to the vetted address: the connection's lookup is the check itself (no second resolution), no
 * redirect is followed, the answer's body is not read. Throws WebhookTargetError for a refused target,
 * an Error named TimeoutError after `timeoutMs`, or the connection's error.
 */
export async function postWebhook(
  text: string,
  headers: Record<string, string>,
  body: string,
  opts: { timeoutMs: number; allow?: Set<string>; resolve?: Resolve },
): Promise<Delivered> {
  const allow = opts.allow ?? allowedHosts();
  const u = webhookUrl(text);
  // an address literal is connected to as it is (no lookup runs): checked here; a name is checked by the lookup
  if (isIP(hostOf(u))) await vetTarget(u, allow, opts.resolve);
  return new Promise<Delivered>((resolveP, rejectP) => {
    let settled = false;
    const done = (e: Error | null, v?: Delivered) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (e) rejectP(e);
      else resolveP(v as Delivered);
    };
    const lookup: LookupFunction = (_host, options, cb) => {
      vetTarget(u, allow, opts.resolve).then(
        (addresses) => {
          const wanted = options.family === 4 || options.family === 6 ? options.family : 0;
          const usable = wanted ? addresses.filter((a) => a.family === wanted) : addresses;
          if (!usable.length) {
            cb(Object.assign(new Error('no address of the wanted family'), { code: 'ENOTFOUND' }), '', 4);
          } else if (options.all) {
            (cb as unknown as (e: null, a: LookupAddress[]) => void)(null, usable);
          } else cb(null, usable[0].address, usable[0].family);
        },
        (e: Error) => {
          done(e);
          cb(e as NodeJS.ErrnoException, '', 4);
        },
      );
    };
    const client = u.protocol === 'https:' ? https : http;
    const req = client.request(
      {
        protocol: u.protocol,
        hostname: hostOf(u),
        port: u.port || undefined,
        path: `${u.pathname}${u.search}`,
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup,
        agent: false,
        ...(u.protocol === 'https:' && !isIP(hostOf(u)) ? { servername: hostOf(u) } : {}),
      },
      (res) => {
        // the status is all that is kept: the body is not read, the connection closed
        done(null, { status: res.statusCode ?? 0 });
        res.on('error', () => {});
        res.destroy();
      },
    );
    const timer = setTimeout(() => {
      const e = new Error('回调超时');
      e.name = 'TimeoutError';
      done(e);
      req.destroy(e);
    }, opts.timeoutMs);
    req.on('error', (e) => done(e));
    req.end(body);
  });
}

/** What the delivery log says about a failed attempt: the kind of failure, never the target's own words. */
export function deliveryError(e: unknown): string {
  if (e instanceof WebhookTargetError) return e.message;
  if ((e as Error).name === 'TimeoutError') return '回调超时';
  return '连接失败';
}
