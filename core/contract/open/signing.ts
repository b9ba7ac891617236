/**
 * The open platform's request signature (issue 14; modelled on 阿里云 V3 and 微信支付 v3), shared by the server and
 * the README's examples. Headers: X-App-Key, X-Timestamp (Unix seconds), X-Nonce (16–64 of [A-Za-z0-9_-], once per
 * app within the window), X-Content-SHA256 (hex SHA-256 of the raw body; of '' for none), X-Signature =
 * hex HMAC-SHA256(app secret, stringToSign):
 *
 *   METHOD \n PATH \n SORTED_QUERY \n X-Timestamp \n X-Nonce \n X-Content-SHA256
 *
 * SORTED_QUERY: every query pair RFC 3986-encoded as k=v, sorted by key then value, joined by '&' ('' when none).
 */
export const SIGN_HEADERS = {
  appKey: 'x-app-key',
  timestamp: 'x-timestamp',
  nonce: 'x-nonce',
  contentSha256: 'x-content-sha256',
  signature: 'x-signature',
} as const;

/** ±5 minutes. */
export const TIMESTAMP_WINDOW_S = 300;
export const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
export const NONCE_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

const rfc3986 = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

export function sortedQuery(search: string | URLSearchParams): string {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  return [...params.entries()]
    .map(([k, v]) => [rfc3986(k), rfc3986(v)] as const)
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
}

export function stringToSign(p: {
  method: string;
  path: string;
  query: string | URLSearchParams;
  timestamp: string;
  nonce: string;
  contentSha256: string;
}): string {
  return [p.method.toUpperCase(), p.path, sortedQuery(p.query), p.timestamp, p.nonce, p.contentSha256].join('\n');
}
