/**
 * 采购价格表 / 销售价格 (price lists): the price of a material, for one supplier / customer or for everyone,
 * valid from / to a date. `lookup` answers the default price the weighing workstation and the order forms
 * fill in.
 *
 * Constraints: validFrom ≤ validTo (either may be empty = open); price ≥ 0, 2 decimals per the price unit.
 * Lookup order for (type, material, party, date): a row for that party valid on the date, else a row for
 * everyone valid on the date (the latest validFrom wins, then the newest row), else the material's default
 * price (source 'material').
 */
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { ENGINE_HIDDEN, joinedName } from '../fields.ts';
import { priceListRow } from '../generated/stock.ts';
import { num } from '../input.ts';
import { DEPT_TREE } from '../izs-base/fields.ts';
import { defineResource } from '../resource.ts';
import {
  CUSTOMER_SELECT,
  dateStr,
  decimal,
  MATERIAL_SELECT,
  oneOf,
  opt,
  PRICE_UNIT_OPTIONS,
  ref,
  refReq,
  SUPPLIER_SELECT,
} from './fields.ts';

export const priceListEntity = priceListRow
  .omit(ENGINE_HIDDEN)
  .extend({ deptName: joinedName, materialName: joinedName, partyName: joinedName });

export const priceListForm = z
  .object({
    materialId: refReq('物料'),
    /** Empty = every supplier / customer. */
    partyId: ref('往来单位'),
    price: decimal('单价', 2, '99999999'),
    /** Default: the material's price unit. */
    priceUnit: oneOf('计价单位', ['yuan_per_tonne', 'yuan_per_kg']).optional(),
    validFrom: dateStr('生效日期'),
    validTo: dateStr('失效日期'),
    status: num().int().min(0).max(1).default(1),
    remark: opt('备注', 255),
  })
  .refine((v) => !v.validFrom || !v.validTo || v.validFrom <= v.validTo, {
    message: '失效日期不能早于生效日期',
  });

export const priceListQuery = z.object({
  materialId: z.string().optional(),
  partyId: z.string().optional(),
  /** Rows valid on this date (yyyy-MM-dd). */
  validOn: z.string().optional(),
  status: num().int().optional(),
});

function priceResource(o: {
  name: string;
  title: string;
  path: string;
  permission: string;
  partyLabel: string;
  partySelect: typeof SUPPLIER_SELECT;
}) {
  return defineResource({
    name: o.name,
    title: o.title,
    service: 'izs-stock',
    path: o.path,
    permission: o.permission,
    schemas: { entity: priceListEntity, form: priceListForm, query: priceListQuery },
    scope: 'dept',
    labelField: 'materialName',
    sortable: ['price', 'validFrom', 'validTo', 'createTime'],
    defaultSort: { field: 'createTime', desc: true },
    columns: [
      { field: 'materialId', label: '物料', kind: 'select', labelField: 'materialName', width: 140 },
      { field: 'partyId', label: o.partyLabel, kind: 'select', labelField: 'partyName', width: 180 },
      { field: 'price', label: '单价', kind: 'money', decimals: 2 },
      { field: 'priceUnit', label: '计价单位', kind: 'select', options: { options: PRICE_UNIT_OPTIONS }, width: 90 },
      { field: 'validFrom', label: '生效日期', kind: 'date', width: 110 },
      { field: 'validTo', label: '失效日期', kind: 'date', width: 110 },
      { field: 'status', label: '状态', kind: 'status', width: 80 },
      { field: 'deptId', label: '所属机构', kind: 'tree', labelField: 'deptName', options: DEPT_TREE },
      { field: 'remark', label: '备注', kind: 'text' },
      { field: 'createTime', label: '创建时间', kind: 'datetime', width: 170 },
    ],
    search: [
      { field: 'materialId', label: '物料', kind: 'select' },
      { field: 'partyId', label: o.partyLabel, kind: 'select' },
      { field: 'status', label: '状态', kind: 'status' },
    ],
    form: [
      { field: 'materialId', label: '物料', kind: 'select', required: true, options: MATERIAL_SELECT },
      { field: 'partyId', label: o.partyLabel, kind: 'select', options: o.partySelect },
      { field: 'price', label: '单价', kind: 'money', decimals: 2, required: true },
      { field: 'priceUnit', label: '计价单位', kind: 'select', options: { options: PRICE_UNIT_OPTIONS } },
      { field: 'validFrom', label: '生效日期', kind: 'date' },
      { field: 'validTo', label: '失效日期', kind: 'date' },
      { field: 'status', label: '状态', kind: 'status' },
      { field: 'remark', label: '备注', kind: 'textarea' },
    ],
  });
}

export const purchasePriceResource = priceResource({
  name: 'purchase-price',
  title: '采购价格',
  path: '/api/izs-stock/purchase-price',
  permission: 'supply_chain_purchase_price_list',
  partyLabel: '供应商',
  partySelect: SUPPLIER_SELECT,
});

export const salePriceResource = priceResource({
  name: 'sale-price',
  title: '销售价格',
  path: '/api/izs-stock/sale-price',
  permission: 'supply_chain_sale_sale_price',
  partyLabel: '客户',
  partySelect: CUSTOMER_SELECT,
});

export const PRICE_PATHS = {
  /** GET ?priceType=purchase|sale&materialId&partyId?&date? → R<PriceLookup> (any signed-in user). */
  lookup: '/api/izs-stock/price/lookup',
} as const;

export const priceLookupQuery = z.object({
  priceType: oneOf('价格类型', ['purchase', 'sale']),
  materialId: refReq('物料'),
  partyId: ref('往来单位'),
  /** Default: today. */
  date: dateStr('日期'),
});

export const priceLookupSchema = z.object({
  price: z.string().regex(/^-?\d+(\.\d+)?$/),
  priceUnit: z.string(),
  /** party: the counterparty's price; general: the price for everyone; material: the material's default price. */
  source: z.enum(['party', 'general', 'material']),
  priceListId: z.string().nullable(),
});
export type PriceLookup = z.infer<typeof priceLookupSchema>;

/** The default price (any signed-in user; handler in server/modules/izs-stock/price-lookup.ts). */
export const PRICE = {
  lookup: endpoint({
    method: 'GET',
    path: PRICE_PATHS.lookup,
    summary: '默认价格（往来单位 → 通用 → 物料默认价）',
    query: priceLookupQuery,
    answer: priceLookupSchema,
    /** a background look-up of the forms: no error toast */
    silent: true,
  }),
};
