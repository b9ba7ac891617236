/**
 * Stock documents (DESIGN §5 Documents, Stock): 采购入库 in-stock, 销售出库 out-stock, 采购退货 purchase return,
 * 销售退货 sale return, 组装 assembly, 拆解分拣 disassembly, 转换 conversion — one table, one life cycle:
 *
 *   draft ──submit-review──▶ submitted ──review──▶ reviewed ──void──▶ voided
 *     │  (edit, remove)          │                     (stock effects        (effects reversed by new
 *     └────────void──────────────┴──▶ voided            applied)               negative movements)
 *
 * Constraints:
 * - lines: material, warehouse (default: the header's), qty in kg > 0, unit price per the material's price unit;
 *   amount = qty × price half-up to the fen (server-computed); a bad line refuses the whole document, naming it;
 *   each line's tax rate and 含税 switch give its stored 不含税金额 / 税额 / 价税合计 (core/stock/tax-basis.ts, issue 21);
 * - only a draft may be edited or removed (soft delete); nothing is deleted once reviewed;
 * - review applies, in ONE transaction with each stock row locked (FOR UPDATE):
 *   in-stock → receipt at the line's 不含税金额; out-stock → issue at the moving average (cost booked on the line);
 *   purchase return → reverse at the return's 不含税金额; sale return → receipt at the original issue's cost share
 *   (or the current average when no source line is given); assembly / disassembly / conversion → issue the
 *   inputs (direction out) at average cost, allocate their total to the outputs (direction in) by weight or ratio;
 * - negative stock is refused (库存不足…) unless the business config of the document's department (or its
 *   nearest ancestor with a config) allows it;
 * - 反审核 (unreview) is not offered: a reviewed document is voided, which writes reversing movements at the
 *   booked amounts (a void that would drive stock negative is refused the same way).
 */

import { CUSTOMER_SELECT, PARTY_SELECT, SUPPLIER_SELECT } from './fields.ts';
import {
  inStockForm,
  outStockForm,
  productionForm,
  purchaseReturnForm,
  saleReturnForm,
} from './stock-order-schemas.ts';
import { type Kind, stockOrderResource } from './stock-order-views.ts';

// The parts, re-exported: screens, server modules and tests import stock documents from this one path.
export * from './stock-order-schemas.ts';
export { type Kind as StockKind, STOCK_LINE_COLUMNS } from './stock-order-views.ts';

const P = '/api/izs-stock';

/**
 * The document kinds (name, path, permission, party): the resources below are built from them, and the screens'
 * layout of each (features/layouts/stock-order.resource.ts) reads the same kind.
 */
export const STOCK_KINDS = {
  inStock: {
    name: 'in-stock',
    title: '入库单',
    path: `${P}/in-stock`,
    permission: 'supply_chain_purchase_in_stock',
    docType: 'in_stock',
    partyLabel: '供应商',
    partySelect: SUPPLIER_SELECT,
  },
  outStock: {
    name: 'out-stock',
    title: '出库单',
    path: `${P}/out-stock`,
    permission: 'supply_chain_sale_out_stock',
    docType: 'out_stock',
    partyLabel: '客户',
    partySelect: CUSTOMER_SELECT,
  },
  purchaseReturn: {
    name: 'purchase-return',
    title: '采购退货单',
    path: `${P}/purchase-return`,
    permission: 'supply_chain_purchase_material_return',
    docType: 'purchase_return',
    partyLabel: '供应商',
    partySelect: SUPPLIER_SELECT,
  },
  saleReturn: {
    name: 'sale-return',
    title: '销售退货单',
    path: `${P}/sale-return`,
    permission: 'supply_chain_sale_material_return',
    docType: 'sale_return',
    partyLabel: '客户',
    partySelect: CUSTOMER_SELECT,
  },
  assembly: {
    name: 'assembly-order',
    title: '组装单',
    path: `${P}/assembly-order`,
    permission: 'supply_chain_stock_assembly_order',
    docType: 'assembly',
    production: true,
  },
  disassembly: {
    name: 'disassembly-order',
    title: '拆解分拣单',
    path: `${P}/disassembly-order`,
    permission: 'supply_chain_stock_disassembly_order',
    docType: 'disassembly',
    production: true,
  },
  conversion: {
    name: 'conver-record',
    title: '转换单',
    path: `${P}/conver-record`,
    permission: 'supply_chain_stock_conver_record',
    docType: 'conversion',
    production: true,
  },
  all: {
    name: 'stock-order',
    title: '单据',
    path: `${P}/stock-order`,
    permission: 'supply_chain_purchase_in_stock_all',
    docType: 'in_stock',
    partyLabel: '往来单位',
    partySelect: PARTY_SELECT,
    all: true,
  },
} satisfies Record<string, Kind>;

export const inStockResource = stockOrderResource(STOCK_KINDS.inStock, inStockForm);
export const outStockResource = stockOrderResource(STOCK_KINDS.outStock, outStockForm);
export const purchaseReturnResource = stockOrderResource(STOCK_KINDS.purchaseReturn, purchaseReturnForm);
export const saleReturnResource = stockOrderResource(STOCK_KINDS.saleReturn, saleReturnForm);
export const assemblyResource = stockOrderResource(STOCK_KINDS.assembly, productionForm);
export const disassemblyResource = stockOrderResource(STOCK_KINDS.disassembly, productionForm);
export const conversionResource = stockOrderResource(STOCK_KINDS.conversion, productionForm);
/** Every stock document of the user's scope, any type (全部入库单 and the business views): read only. */
export const stockOrderAllResource = stockOrderResource(STOCK_KINDS.all, inStockForm);

/** Resource per document type (the server registers one engine resource each). */
export const STOCK_DOC_RESOURCES = {
  in_stock: inStockResource,
  out_stock: outStockResource,
  purchase_return: purchaseReturnResource,
  sale_return: saleReturnResource,
  assembly: assemblyResource,
  disassembly: disassemblyResource,
  conversion: conversionResource,
} as const;
