/** `GET /api/blade-auth/oauth/logout` (AUTH.logout): revokes the calling session's token family. */
import { eq } from 'drizzle-orm';
import { AUTH } from '../../../core/contract/blade-auth.contract.ts';
import type { Db } from '../../db/client.ts';
import { authSession } from '../../db/schema/index.ts';
import { revokeFamily } from '../../platform/auth.ts';
import type { endpoints } from '../../platform/endpoint.ts';

export function handleLogout(r: ReturnType<typeof endpoints>, db: Db): void {
  r.handle(AUTH.logout, async ({ user }) => {
    const s = await db
      .select({ familyId: authSession.familyId })
      .from(authSession)
      .where(eq(authSession.id, user.sessionId))
      .limit(1);
    if (s[0]) await revokeFamily(db, s[0].familyId);
    return null;
  });
}
