/** `GET /api/blade-auth/oauth/captcha` (AUTH.captcha, public): a 4-character SVG captcha, bare `{ key, image }`. */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import svgCaptcha from 'svg-captcha';
import { AUTH } from '../../../core/contract/blade-auth.contract.ts';
import type { Db } from '../../db/client.ts';
import { captcha } from '../../db/schema/index.ts';
import type { endpoints } from '../../platform/endpoint.ts';

export const CAPTCHA_TTL_MS = 5 * 60 * 1000;

export function handleCaptcha(r: ReturnType<typeof endpoints>, db: Db): void {
  r.handle(AUTH.captcha, async ({ reply }) => {
    const c = svgCaptcha.create({
      size: 4,
      ignoreChars: '0oO1iIlLqg9',
      noise: 2,
      color: true,
      width: 120,
      height: 40,
      fontSize: 42,
    });
    const key = randomUUID().replaceAll('-', '');
    await db.insert(captcha).values({ key, answer: c.text, expiresAt: new Date(Date.now() + CAPTCHA_TTL_MS) });
    // housekeeping: drop expired answers now and then
    if (Math.random() < 0.05) await db.delete(captcha).where(sql`${captcha.expiresAt} < now()`);
    reply.header('cache-control', 'no-store');
    return { key, image: `data:image/svg+xml;base64,${Buffer.from(c.data).toString('base64')}` };
  });
}
