/** Shared pieces of the logistics contracts (izs-logistical). */
import { z } from 'zod';
import { menuCode } from '../../router/menu-tree.ts';
import { num } from '../input.ts';

export const LG = '/api/izs-logistical';

/** Button-permission prefixes (menu codes of spec §2.5 routes). */
export const LG_PERMISSIONS = {
  order: menuCode('/logistical/logistical-order'),
  map: menuCode('/logistical/map'),
  position: menuCode('/logistical/vehicle-position'),
  driver: menuCode('/logistical/driver-list'),
  site: menuCode('/logistical/public-customer'),
  track: menuCode('/logistical/driver-track'),
  car: menuCode('/logistical/car-list'),
  group: menuCode('/logistical/car-info-group'),
  alarm: menuCode('/logistical/car-alarm'),
  ship: menuCode('/logistical/ship-list'),
  port: menuCode('/logistical/ship-port-list'),
} as const;

/** Longitude / latitude as numbers (coordinates are not money). */
export const lon = (label = '经度') =>
  num({ error: `${label}格式不正确` })
    .min(-180, `${label}应在-180到180之间`)
    .max(180, `${label}应在-180到180之间`);
export const lat = (label = '纬度') =>
  num({ error: `${label}格式不正确` })
    .min(-90, `${label}应在-90到90之间`)
    .max(90, `${label}应在-90到90之间`);

/** A geofence ring as JSON text: [[lon,lat],…] with ≥ 3 distinct points; closed on save. '' = no fence. */
export const fenceText = z
  .string({ error: '围栏格式不正确' })
  .trim()
  .default('')
  .refine(
    (v) => {
      if (v === '') return true;
      try {
        const ring = JSON.parse(v) as unknown;
        return (
          Array.isArray(ring) &&
          ring.length >= 3 &&
          ring.every(
            (p) =>
              Array.isArray(p) &&
              p.length === 2 &&
              typeof p[0] === 'number' &&
              typeof p[1] === 'number' &&
              Math.abs(p[0]) <= 180 &&
              Math.abs(p[1]) <= 90,
          )
        );
      } catch {
        return false;
      }
    },
    { message: '围栏格式不正确：应为至少3个[经度,纬度]点的JSON数组' },
  );

/** Decimal string of the wire (weights, money): never a float. */
export { decimalOut } from '../fields.ts';
