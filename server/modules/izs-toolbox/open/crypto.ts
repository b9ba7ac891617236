/**
 * Secrets of open-platform apps. The HMAC needs the plain secret, so it is kept encrypted (AES-256-GCM) with a key
 * derived from the server's signing key (JWT_SECRET or the generated one): a database dump alone does not reveal
 * it. Rotating JWT_SECRET makes the stored secrets unreadable: rotate the apps' secrets then.
 */
import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export type SecretBox = { seal(plain: string): string; open(sealed: string): string };

export function secretBox(serverKey: Uint8Array): SecretBox {
  const key = createHash('sha256').update('loopyard-open-app:').update(serverKey).digest();
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const c = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
      return ['v1', iv.toString('base64'), c.getAuthTag().toString('base64'), body.toString('base64')].join('.');
    },
    open(sealed) {
      const [v, iv, tag, body] = sealed.split('.');
      if (v !== 'v1') throw new Error('unknown secret format');
      const d = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
      d.setAuthTag(Buffer.from(tag, 'base64'));
      return Buffer.concat([d.update(Buffer.from(body, 'base64')), d.final()]).toString('utf8');
    },
  };
}

/** App key: `lk` + 20 hex; secret: 32 random bytes base64url; webhook secret: `whsec_` + base64 of 24 bytes. */
export const newAppKey = () => `lk${randomBytes(10).toString('hex')}`;
export const newSecret = () => randomBytes(32).toString('base64url');
export const newWebhookSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

export const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
export const hmacHex = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex');

export function sameHex(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Standard Webhooks signature: `v1,` + base64 HMAC-SHA256(base64-decoded secret, `${id}.${timestamp}.${body}`). */
export function webhookSignature(whsec: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(whsec.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}
