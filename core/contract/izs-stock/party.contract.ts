/**
 * 供应商 / 客户 (suppliers and customers): the related parties of type supplier|both and customer|both, as
 * resources of the purchase and sale menus (same table as /base/related/party), with their select lists for the
 * order screens; 供应商合并 (supplier merge); the party summary of the detail pages.
 *
 * Merge constraints: both parties of the caller's tenant, suppliers (supplier|both), different; in ONE transaction
 * every document and record of the duplicate (weighings, stock documents, purchase orders, drop shipments as
 * supplier, purchase prices) moves to the kept supplier, then the duplicate is soft-deleted; the answer counts
 * the moved rows per kind. Needs the button supply_chain_purchase_supplier_merge_edit.
 */
import { z } from 'zod';
import { idSchema } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { money, weight } from '../fields.ts';
import { relatedPartyForm, relatedPartyResource } from '../izs-base/related-party.contract.ts';
import { defineResource } from '../resource.ts';
import { oneOf, refReq } from './fields.ts';

export const supplierForm = relatedPartyForm.extend({
  type: oneOf('单位类型', ['supplier', 'both'], 'supplier'),
});
export const customerForm = relatedPartyForm.extend({
  type: oneOf('单位类型', ['customer', 'both'], 'customer'),
});

const withTypes = (types: string[]) =>
  relatedPartyResource.form.map((f) =>
    f.field === 'type'
      ? {
          ...f,
          options: {
            options: [
              { label: types[0] === 'supplier' ? '供应商' : '客户', value: types[0] },
              { label: '客户兼供应商', value: 'both' },
            ],
          },
        }
      : f,
  );

export const supplierResource = defineResource({
  ...relatedPartyResource,
  schemas: { ...relatedPartyResource.schemas, form: supplierForm },
  name: 'supplier',
  title: '供应商',
  service: 'izs-stock',
  path: '/api/izs-stock/supplier',
  permission: 'supply_chain_purchase_supplier',
  importable: false,
  form: withTypes(['supplier', 'both']),
});

export const customerResource = defineResource({
  ...relatedPartyResource,
  schemas: { ...relatedPartyResource.schemas, form: customerForm },
  name: 'customer',
  title: '客户',
  service: 'izs-stock',
  path: '/api/izs-stock/customer',
  permission: 'supply_chain_sale_customer',
  importable: false,
  form: withTypes(['customer', 'both']),
});

export const PARTY_PATHS = {
  /** POST { keepId, mergeId } → R<SupplierMergeResult>. */
  supplierMerge: '/api/izs-stock/supplier/merge',
  /** GET ?id= → R<PartySummary> (supplier-detail / customer-detail pages). */
  summary: '/api/izs-stock/party/summary',
} as const;

export const supplierMergeBody = z
  .object({
    keepId: refReq('保留的供应商'),
    mergeId: refReq('被合并的供应商'),
  })
  .refine((v) => v.keepId !== v.mergeId, { message: '不能把供应商合并到自己' });

export const supplierMergeResultSchema = z.object({
  keepId: z.string(),
  mergeId: z.string(),
  /** rows moved per kind: weighings, stockOrders, tradeOrders, dropShippings, prices */
  moved: z.record(z.string(), z.number().int()),
});
export type SupplierMergeResult = z.infer<typeof supplierMergeResultSchema>;

export const partySummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  weighings: z.number().int(),
  /** reviewed in-stock (supplier) or out-stock (customer) documents */
  documents: z.number().int(),
  qty: weight,
  amount: money,
  lastTime: z.string().nullable(),
});
export type PartySummary = z.infer<typeof partySummarySchema>;

/** Supplier merge and the party summary (handlers in server/modules/izs-stock/supplier-merge.ts, party-summary.ts). */
export const PARTY = {
  supplierMerge: endpoint({
    method: 'POST',
    path: PARTY_PATHS.supplierMerge,
    summary: '合并供应商',
    body: supplierMergeBody,
    answer: supplierMergeResultSchema,
    permission: { exact: 'supply_chain_purchase_supplier_merge_edit' },
    invalidates: [{ type: 'Resource', id: 'supplier' }, { type: 'Resource', id: 'related-party' }, 'StockQuery'],
  }),
  /** Visible as a supplier or as a customer (checked in the handler). */
  summary: endpoint({
    method: 'GET',
    path: PARTY_PATHS.summary,
    summary: '往来单位汇总（过磅、单据、数量、金额）',
    query: z.object({ id: idSchema }),
    answer: partySummarySchema,
    provides: ['StockQuery'],
  }),
};
