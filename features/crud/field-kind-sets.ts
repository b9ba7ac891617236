/** What every field kind's cell and control share (split from field-kinds.tsx, which re-exports it). */
import type { FieldKind, Option } from '../../core/contract/resource.ts';

export const DECIMAL_KINDS: ReadonlySet<FieldKind> = new Set(['money', 'weight', 'qty', 'rate']);
/** Default places: money and rates 2 (yuan, percent), weights and quantities 3 (kg / t to the gram). */
export const DEFAULT_DECIMALS: Partial<Record<FieldKind, number>> = { money: 2, rate: 2, weight: 3, qty: 3 };
export const RIGHT_ALIGNED: ReadonlySet<FieldKind> = new Set(['money', 'weight', 'qty', 'rate', 'number']);

export const STATUS_OPTIONS: Option[] = [
  { label: '启用', value: 1 },
  { label: '停用', value: 0 },
];
export const BOOL_OPTIONS: Option[] = [
  { label: '是', value: 1 },
  { label: '否', value: 0 },
];

/** Shown where an image field is empty (inline SVG: never a broken request). */
export const DEFAULT_IMAGE =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="6" fill="#f2f3f5"/><path d="M14 46l12-14 9 10 6-7 9 11z" fill="#c9cdd4"/><circle cx="42" cy="22" r="5" fill="#c9cdd4"/></svg>',
  );

export const isBlank = (v: unknown) => v === null || v === undefined || v === '';
export const truthyFlag = (v: unknown) => v === 1 || v === '1' || v === true || v === 'true';
