/**
 * 安卓版本 (/system/android-version, spec §7.8): APK release records through the resource engine, the spec's
 * `apk-upload-record` (= save) and `latest` for the app. A new record's versionCode must exceed every existing one.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { androidVersionResource } from '../../../core/contract/blade-system/android-version.contract.ts';
import { androidVersionAnswer, SYSTEM_EXTRAS } from '../../../core/contract/blade-system/system-extras.contract.ts';
import { androidVersion } from '../../db/schema/index.ts';
import { type CrudContext, registerResource } from '../../platform/crud/index.ts';
import { endpoints } from '../../platform/endpoint.ts';
import { badRequest } from '../../platform/r.ts';
import { tenantOf } from '../../platform/scope.ts';

export function registerAndroidVersionRoutes(s: FastifyInstance, ctx: CrudContext): void {
  const { db } = ctx;
  const res = registerResource(s, ctx, androidVersionResource, androidVersion, {
    beforeSave: async (tx, row, c) => {
      if (!c.isNew) {
        if (Number(row.versionCode) !== Number(c.prev?.versionCode)) throw badRequest('版本代码发布后不能修改');
        return;
      }
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`android-version:${c.user.tenantId}`}))`);
      const [{ max }] = await tx
        .select({ max: sql<number | null>`max(${androidVersion.versionCode})` })
        .from(androidVersion)
        .where(tenantOf(c.user, androidVersion));
      if (max !== null && Number(row.versionCode) <= Number(max)) {
        throw badRequest(`版本代码必须大于当前最新版本代码(${max})`);
      }
    },
  });

  const r = endpoints(s, db);
  // SYSTEM_EXTRAS.apkUploadRecord: = save (the engine checks the add button)
  r.handle(SYSTEM_EXTRAS.apkUploadRecord, async ({ body, user, req }) =>
    androidVersionAnswer.parse(res.entity(await res.insert(req, body), user)),
  );

  // SYSTEM_EXTRAS.androidLatest: the newest enabled release, for any signed-in user
  r.handle(SYSTEM_EXTRAS.androidLatest, async ({ user: u }) => {
    const [row] = await db
      .select(res.selection())
      .from(androidVersion)
      .where(and(tenantOf(u, androidVersion), eq(androidVersion.status, 1)))
      .orderBy(desc(androidVersion.versionCode))
      .limit(1);
    return row ? androidVersionAnswer.parse(res.entity(row, u)) : null;
  });
}
