/**
 * Field schemas and option lists shared by the izs-stock and izs-weighing order contracts (zod only).
 * Quantities are kilograms with up to 3 decimals; prices 2 decimals per the material's price unit; money 2
 * decimals — strings end to end, never floats.
 */
import { z } from 'zod';
import { decimal, refReq } from '../izs-base/fields.ts';

export { dateStr, decimal, flag, oneOf, opt, ref, refReq, req } from '../izs-base/fields.ts';

/** Weight / quantity in kg, > 0, up to 3 decimals. */
export const qtyKg = (label: string) =>
  decimal(label, 3, '99999999').refine((v) => Number(v) > 0, { message: `${label}必须大于0` });

/** Unit price ≥ 0, 2 decimals, per the material's price unit. */
export const unitPrice = (label = '单价') => decimal(label, 2, '99999999').default('0');

/** Weight ≥ 0 in kg (deductions). */
export const kgOrZero = (label: string) => decimal(label, 3, '99999999').default('0');

/** 扣杂率 percent 0 ≤ v < 100, 2 decimals. */
export const impurityPercent = (label = '扣杂率') =>
  decimal(label, 2, '100')
    .refine((v) => Number(v) < 100, { message: `${label}必须小于100` })
    .default('0');

/** The row schema of each linesOf array (its rows are z.unknown to the outside): read by the second-tenant id sweep. */
export const LINE_SCHEMAS = new WeakMap<z.ZodType, z.ZodType>();

/**
 * An array of rows validated one by one, the first bad row answered as `第N行：<message>` (so a 3-line document
 * with a bad 3rd line is refused as a whole, naming the row and the field).
 */
export function linesOf<S extends z.ZodType>(line: S, label = '明细', max = 200) {
  const lines = z
    .array(z.unknown(), { error: `请填写${label}` })
    .min(1, `请至少填写一行${label}`)
    .max(max, `${label}不能超过${max}行`)
    .transform((rows, ctx) => {
      const out: z.output<S>[] = [];
      for (let i = 0; i < rows.length; i++) {
        const r = line.safeParse(rows[i]);
        if (!r.success) {
          const issue = r.error.issues[0];
          const field = issue?.path.map(String).join('.') ?? '';
          // locale messages are marked with \u0001 by server/platform/validate.ts: name the field instead
          const raw = issue?.message ?? '格式不正确';
          const msg = raw.startsWith('\u0001') ? `${field ? `${field}: ` : ''}${raw.slice(1)}` : raw;
          ctx.addIssue({ code: 'custom', message: `${label}第${i + 1}行：${msg}` });
          return z.NEVER;
        }
        out.push(r.data);
      }
      return out;
    });
  LINE_SCHEMAS.set(lines, line);
  return lines;
}

/** Document life cycle (DESIGN §5). */
export const DOC_STATES = [
  { label: '草稿', value: 'draft' },
  { label: '已提交', value: 'submitted' },
  { label: '已审核', value: 'reviewed' },
  { label: '已作废', value: 'voided' },
];
export type DocState = 'draft' | 'submitted' | 'reviewed' | 'voided';

export const ALLOC_METHODS = [
  { label: '按重量分摊', value: 'weight' },
  { label: '按比例分摊', value: 'ratio' },
];

export const PRICE_UNIT_OPTIONS = [
  { label: '元/吨', value: 'yuan_per_tonne' },
  { label: '元/千克', value: 'yuan_per_kg' },
];

/** Option sources of the order screens (select-list endpoints). */
export const MATERIAL_SELECT = { endpoint: '/api/izs-base/material/select-list', labelKey: 'name', valueKey: 'id' };
export const WAREHOUSE_SELECT = { endpoint: '/api/izs-base/warehouse/select-list', labelKey: 'name', valueKey: 'id' };
export const WEIGHBRIDGE_SELECT = {
  endpoint: '/api/izs-base/weighbridge/select-list',
  labelKey: 'name',
  valueKey: 'id',
};
/** Suppliers = related parties of type supplier or both; customers = customer or both. */
export const SUPPLIER_SELECT = { endpoint: '/api/izs-stock/supplier/select-list', labelKey: 'name', valueKey: 'id' };
export const CUSTOMER_SELECT = { endpoint: '/api/izs-stock/customer/select-list', labelKey: 'name', valueKey: 'id' };
export const PARTY_SELECT = { endpoint: '/api/izs-base/related-party/select-list', labelKey: 'name', valueKey: 'id' };

/** Body of the life-cycle actions: `{ id }` (+ remark / reason). */
export const reviewBody = z.object({
  id: refReq('单据'),
  remark: z.string().trim().max(255, '审核意见不能超过255个字符').default(''),
});
export const voidBody = z.object({
  id: refReq('单据'),
  reason: z.string({ error: '请输入作废原因' }).trim().min(1, '请输入作废原因').max(255, '作废原因不能超过255个字符'),
});

/** Life-cycle endpoints beside a resource's CRUD paths. */
export function lifecyclePaths(path: string) {
  return {
    /** POST { id }: draft → submitted. */
    submitReview: `${path}/submit-review`,
    /** POST { id, remark? }: submitted → reviewed (effects applied). */
    review: `${path}/review`,
    /** POST { id, reason }: draft/submitted/reviewed → voided (effects reversed by new entries). */
    void: `${path}/void`,
  } as const;
}

/** Entity fields of the life cycle. */
export const lifecycleEntity = {
  state: z.string(),
  submitUser: z.string().nullable(),
  submitTime: z.string().nullable(),
  reviewer: z.string().nullable(),
  reviewerName: z.string().nullable().optional(),
  reviewTime: z.string().nullable(),
  reviewRemark: z.string(),
  voidUser: z.string().nullable(),
  voidTime: z.string().nullable(),
  voidReason: z.string(),
};
