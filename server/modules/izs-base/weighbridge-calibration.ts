/**
 * 地磅管理's 检定点 (issue 24, the linearity profile): the calibration points of a weighbridge, kept in
 * izs_weighbridge_calibration and answered with the scale as text (`reference=reading` a line, by reference —
 * core/weighing/linearity.ts calibrationText). A save that sends the box replaces the scale's points in the save's
 * transaction (an empty box removes them); a save that does not send it leaves them.
 */
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { parseCalibration } from '../../../core/weighing/linearity.ts';
import type { Tx } from '../../db/client.ts';
import { weighbridgeCalibration } from '../../db/schema/index.ts';
import type { Row, SaveContext } from '../../platform/crud/index.ts';
import { badRequest } from '../../platform/r.ts';
import { tenantOnly } from '../../platform/scope.ts';

/**
 * The points of the row's scale as text, selected with every weighbridge row (the outer row named by its table:
 * drizzle would render a bare "id", which inside the subquery is the calibration row's own).
 */
export const calibrationJoin: SQL<string> = sql<string>`(select coalesce(string_agg(trim_scale(c.reference_kg)::text || '=' || trim_scale(c.reading_kg)::text, E'\n' order by c.reference_kg), '') from izs_weighbridge_calibration c where c.tenant_id = "izs_weighbridge"."tenant_id" and c.weighbridge_id = "izs_weighbridge"."id")`;

/** afterSave of the weighbridge resource: replaces the points when the body sent 检定点. */
export async function saveCalibration(tx: Tx, row: Row, ctx: SaveContext): Promise<void> {
  const sent = (ctx.req.body as Row | undefined)?.calibrationPoints;
  if (sent === undefined) return;
  const parsed = parseCalibration(typeof sent === 'string' ? sent : '');
  if (!parsed.ok) throw badRequest(parsed.msg); // the form schema refused it already; kept for a direct call
  const tenantId = String(row.tenantId);
  const weighbridgeId = String(row.id);
  await tx
    .delete(weighbridgeCalibration)
    .where(and(tenantOnly(tenantId, weighbridgeCalibration), eq(weighbridgeCalibration.weighbridgeId, weighbridgeId)));
  if (!parsed.points.length) return;
  await tx.insert(weighbridgeCalibration).values(
    parsed.points.map((p) => ({
      tenantId,
      weighbridgeId,
      referenceKg: p.referenceKg,
      readingKg: p.readingKg,
      createUser: ctx.user.userId,
    })),
  );
}
