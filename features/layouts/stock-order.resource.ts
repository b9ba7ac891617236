/**
 * Screen layout (issue 23, features/crud/resource-layout.ts) of the stock documents, whose wire is
 * core/contract/izs-stock/stock-order.contract.ts (one resource per kind, built by `stockOrderResource`):
 * `stockOrderLayout(kind)` gives a kind's sortable and hidden columns, search options, boxes and detail cards, and the
 * views apply it. Shared by two screen areas, so here: the purchase, sale and stock lists and details
 * (screens/supply-chain) and the business desk's read-only lists (screens/business).
 */
import type { z } from 'zod';
import { DOC_STATES, MATERIAL_SELECT, WAREHOUSE_SELECT } from '../../core/contract/izs-stock/fields.ts';
import {
  assemblyResource,
  conversionResource,
  disassemblyResource,
  inStockResource,
  outStockResource,
  purchaseReturnResource,
  STOCK_DOC_TYPES,
  STOCK_KINDS,
  STOCK_LINE_COLUMNS,
  type StockKind,
  saleReturnResource,
  stockOrderAllResource,
  type stockOrderEntity,
  type stockOrderQuery,
} from '../../core/contract/izs-stock/stock-order.contract.ts';
import type { DetailCardDef, ResourceSchemas } from '../../core/contract/resource.ts';
import { type ResourceLayout, withLayout } from '../crud/resource-layout.ts';

type Schemas = { entity: typeof stockOrderEntity; query: typeof stockOrderQuery } & ResourceSchemas;
type Entity = z.infer<typeof stockOrderEntity>;

function detail(k: StockKind): DetailCardDef<Entity>[] {
  const base: (keyof Entity & string)[] = ['orderNo', 'orderDate', 'warehouseId', 'carNumber', 'state'];
  if (k.partyLabel) base.splice(2, 0, 'partyId');
  return [
    {
      kind: 'grid',
      title: '单据信息',
      fields: [
        ...base,
        'totalQty',
        'totalAmount',
        ...(k.production ? [] : (['netAmount', 'taxAmount', 'grossAmount'] as const)),
        'totalCost',
        'remark',
      ],
    },
    { kind: 'table', title: '明细', field: 'lines', columns: STOCK_LINE_COLUMNS },
    {
      kind: 'grid',
      title: '审核信息',
      fields: ['createTime', 'submitTime', 'reviewerName', 'reviewTime', 'reviewRemark', 'voidTime', 'voidReason'],
    },
    { kind: 'chain', title: '上链信息', orderType: k.docType, orderNoField: 'orderNo' },
  ];
}

/** A kind's layout; a field the kind's resource does not have (金额 of a production document) is left out. */
export function stockOrderLayout(k: StockKind): ResourceLayout<Schemas> {
  return {
    columns: {
      orderNo: { sortable: true },
      orderDate: { sortable: true },
      totalQty: { sortable: true },
      totalAmount: { sortable: true },
      reviewTime: { sortable: true },
      submitTime: { hideInTable: true },
      reviewRemark: { hideInTable: true },
      voidTime: { hideInTable: true },
      voidReason: { hideInTable: true },
      deptId: { hideInTable: true },
      remark: { hideInTable: true },
      createTime: { sortable: true },
    },
    search: {
      docType: { options: { options: [...STOCK_DOC_TYPES] } },
      ...(k.partySelect ? { partyId: { options: k.partySelect } } : {}),
      materialId: { options: MATERIAL_SELECT },
      warehouseId: { options: WAREHOUSE_SELECT },
      state: { options: { options: DOC_STATES } },
    },
    form: { remark: { span: 2 } },
    detail: detail(k),
  };
}

export const inStockView = withLayout(inStockResource, stockOrderLayout(STOCK_KINDS.inStock));
export const outStockView = withLayout(outStockResource, stockOrderLayout(STOCK_KINDS.outStock));
export const purchaseReturnView = withLayout(purchaseReturnResource, stockOrderLayout(STOCK_KINDS.purchaseReturn));
export const saleReturnView = withLayout(saleReturnResource, stockOrderLayout(STOCK_KINDS.saleReturn));
export const assemblyView = withLayout(assemblyResource, stockOrderLayout(STOCK_KINDS.assembly));
export const disassemblyView = withLayout(disassemblyResource, stockOrderLayout(STOCK_KINDS.disassembly));
export const conversionView = withLayout(conversionResource, stockOrderLayout(STOCK_KINDS.conversion));
/** Every stock document of the user's scope, any type (全部入库单 and the business views): read only. */
export const stockOrderAllView = withLayout(stockOrderAllResource, stockOrderLayout(STOCK_KINDS.all));

/** View per document type (STOCK_DOC_RESOURCES as the screens show them). */
export const STOCK_DOC_VIEWS = {
  in_stock: inStockView,
  out_stock: outStockView,
  purchase_return: purchaseReturnView,
  sale_return: saleReturnView,
  assembly: assemblyView,
  disassembly: disassemblyView,
  conversion: conversionView,
} as const;
