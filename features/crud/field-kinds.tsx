/**
 * The ONE adapter from field kinds (core/contract/resource.ts FieldKind) to what the screen shows (STYLE.md: each
 * kind rendered in exactly one place): the table cell / detail value (`CellValue`), the form control
 * (`FieldControl`) and the search control (`SearchControl`). Decimal kinds (money, weight, qty, rate) stay
 * strings end to end: formatted with decimal.js (core/format/decimal.ts), edited in a text box, never a float.
 *
 * Parts: field-kind-sets.ts (kind sets, option lists, the default image), field-cells.tsx (`formatValue`,
 * `CellValue`, `ImageList`), field-controls.tsx (`FieldControl`, `SearchControl`, `sanitizeDecimal`).
 */
export * from './field-cells.tsx';
export * from './field-controls.tsx';
export * from './field-kind-sets.ts';
