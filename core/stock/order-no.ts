/**
 * Order numbers of DESIGN §5: prefix + yyyyMMdd + daily sequence per tenant (the server draws the sequence
 * from a row locked in the same transaction; this is only the format and its parse).
 */
export const ORDER_PREFIX = {
  weighing: 'GB',
  purchaseOrder: 'CG',
  inStock: 'RK',
  outStock: 'CK',
  saleOrder: 'XS',
  purchaseReturn: 'CT',
  saleReturn: 'XT',
  assembly: 'ZZ',
  disassembly: 'CF',
  conversion: 'ZH',
  dropShipping: 'ZF',
} as const;

export type OrderKind = keyof typeof ORDER_PREFIX;

/** `day` is the business date `YYYY-MM-DD` in the tenant's time zone; `seq` starts at 1. */
export function formatOrderNo(kind: OrderKind, day: string, seq: number, width = 4): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new Error(`bad day ${day}`);
  if (!Number.isInteger(seq) || seq < 1) throw new Error(`bad sequence ${seq}`);
  return `${ORDER_PREFIX[kind]}${day.replaceAll('-', '')}${String(seq).padStart(width, '0')}`;
}

export function parseOrderNo(no: string): { kind: OrderKind; day: string; seq: number } | null {
  const m = /^([A-Z]{2})(\d{4})(\d{2})(\d{2})(\d{4,})$/.exec(no);
  if (!m) return null;
  const kind = (Object.keys(ORDER_PREFIX) as OrderKind[]).find((k) => ORDER_PREFIX[k] === m[1]);
  if (!kind) return null;
  return { kind, day: `${m[2]}-${m[3]}-${m[4]}`, seq: Number(m[5]) };
}
