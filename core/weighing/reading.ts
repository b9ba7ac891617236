/**
 * A reading of the plugin link in kilograms (moved here from the station model so that the scale link's 30 s
 * buffer — features/weighing — uses the same conversion as the capture).
 */
import Decimal from 'decimal.js';
import type { WeightReading } from '../contract/izs-weighing/socket.contract.ts';
import { formatKg } from '../format/amounts.ts';

/** Kilograms per unit of the plugin link's readings (WeightReading.unit); the pound is the international 0.45359237 kg. */
export const KG_PER_UNIT: Record<WeightReading['unit'], string> = { kg: '1', g: '0.001', t: '1000', lb: '0.45359237' };

/**
 * A reading in kilograms, decimal to the gram (half-up): `readingKg('77160', 'lb')` = '34999.187'. `null` for a unit the
 * contract does not know or a value that is not a number (the capture is refused, never stored in the wrong unit).
 */
export function readingKg(value: string, unit: string): string | null {
  const factor = Object.hasOwn(KG_PER_UNIT, unit) ? KG_PER_UNIT[unit as WeightReading['unit']] : undefined;
  if (!factor || !/^-?\d+(\.\d+)?$/.test(String(value).trim())) return null;
  const kg = new Decimal(String(value).trim()).times(factor).toDecimalPlaces(3, Decimal.ROUND_HALF_UP);
  return formatKg(kg, { thousands: false });
}
