/**
 * 采购台账 / 销售台账 (spec §2.8 ledger, issue 12): per counterparty and material for a period — contracted tonnes
 * and amount (trading contracts of the side signed by the period's end and delivering in it), delivered net weight
 * and amount (reviewed in-stock / out-stock documents of the period, returns netted), and what stays open on the
 * contracts; drilling down to the documents; Excel export (`/api/izs-sell/ledger/{purchase|sell}/export`, engine
 * workbook writer). Invoiced = Σ 进项/销项 invoices linked to the reviewed documents (izs_ar_invoice_link),
 * paid / collected = Σ 核销 on their 应付单 / 应收单 (izs_ar_doc.settled), open = amount − paid; a document's figures
 * are spread over its material lines by line amount (core/trade/ledger.ts).
 */
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { entityBase } from '../izs-base/fields.ts';
import { defineResource } from '../resource.ts';
import { day, id, idOut, moneyOut, qtyOut, SELL } from './fields.ts';

export const LEDGER_PERMISSION = { purchase: 'ledger_purchase', sale: 'ledger_sell' } as const;

export const ledgerQuery = z.object({
  side: z.enum(['purchase', 'sale'], { error: '请选择台账类型' }),
  beginDate: day('开始日期'),
  endDate: day('结束日期'),
  partyId: id('往来单位').optional(),
});

export const ledgerRow = z.object({
  partyId: idOut,
  partyName: z.string(),
  materialId: idOut,
  materialName: z.string(),
  contractCount: z.number().int(),
  contractedQty: qtyOut,
  contractedAmount: moneyOut,
  /** net weight, kg */
  deliveredKg: qtyOut,
  deliveredAmount: moneyOut,
  /** tonnes still open on executing contracts */
  openQty: qtyOut,
  /** Σ invoices recorded against the documents (进项 / 销项) */
  invoicedAmount: moneyOut,
  /** Σ settlements (核销) of the documents' 应付单 / 应收单 */
  paidAmount: moneyOut,
  /** deliveredAmount − paidAmount */
  openAmount: moneyOut,
  documentCount: z.number().int(),
});
export type LedgerRow = z.infer<typeof ledgerRow>;

export const ledgerDoc = z.object({
  id: idOut,
  orderNo: z.string(),
  docType: z.string(),
  orderDate: z.string(),
  contractNo: z.string().nullable(),
  sourceWeighingNo: z.string().nullable(),
  qtyKg: qtyOut,
  unitPrice: moneyOut,
  amount: moneyOut,
  invoicedAmount: moneyOut,
  paidAmount: moneyOut,
  openAmount: moneyOut,
});

export const LEDGER = {
  summary: endpoint({
    method: 'GET',
    path: `${SELL}/ledger/summary`,
    summary: '采购/销售台账（往来单位 × 物料）',
    query: ledgerQuery,
    answer: z.object({
      rows: z.array(ledgerRow),
      totals: ledgerRow.pick({
        contractedQty: true,
        contractedAmount: true,
        deliveredKg: true,
        deliveredAmount: true,
        openQty: true,
        invoicedAmount: true,
        paidAmount: true,
        openAmount: true,
      }),
    }),
    // the side's menu (ledger_purchase / ledger_sell) is checked by the handler
    provides: ['Contract', 'Resource'],
  }),
  documents: endpoint({
    method: 'GET',
    path: `${SELL}/ledger/documents`,
    summary: '台账明细单据',
    query: ledgerQuery.extend({ partyId: id('往来单位'), materialId: id('物料') }),
    answer: z.array(ledgerDoc),
    // the side's menu (ledger_purchase / ledger_sell) is checked by the handler
    provides: ['Contract', 'Resource'],
  }),
};

/** Columns of the ledger (screen and Excel export). */
const ledgerEntity = z.object({ ...entityBase, ...ledgerRow.shape });
const ledgerDef = (side: 'purchase' | 'sale') =>
  defineResource({
    name: `ledger-${side}`,
    title: side === 'purchase' ? '采购台账' : '销售台账',
    service: 'izs-sell',
    path: `${SELL}/ledger/${side === 'purchase' ? 'purchase' : 'sell'}`,
    permission: LEDGER_PERMISSION[side],
    schemas: { entity: ledgerEntity, form: z.object({}), query: ledgerQuery },
    scope: 'dept',
    columns: [
      { field: 'partyName', label: side === 'purchase' ? '供应商' : '客户', kind: 'text', width: 180 },
      { field: 'materialName', label: '物料', kind: 'text', width: 140 },
      { field: 'contractCount', label: '合同数', kind: 'number', width: 80 },
      { field: 'contractedQty', label: '合同数量(吨)', kind: 'qty', decimals: 3 },
      { field: 'contractedAmount', label: '合同金额', kind: 'money', decimals: 2 },
      {
        field: 'deliveredKg',
        label: side === 'purchase' ? '入库净重(kg)' : '出库净重(kg)',
        kind: 'weight',
        decimals: 3,
      },
      { field: 'deliveredAmount', label: '金额', kind: 'money', decimals: 2 },
      { field: 'openQty', label: '未执行(吨)', kind: 'qty', decimals: 3 },
      { field: 'invoicedAmount', label: '已开票', kind: 'money', decimals: 2 },
      { field: 'paidAmount', label: side === 'purchase' ? '已付款' : '已收款', kind: 'money', decimals: 2 },
      { field: 'openAmount', label: side === 'purchase' ? '未付款' : '未收款', kind: 'money', decimals: 2 },
      { field: 'documentCount', label: '单据数', kind: 'number', width: 80 },
    ],
    search: [],
    form: [],
  });
export const purchaseLedgerDef = ledgerDef('purchase');
export const sellLedgerDef = ledgerDef('sale');
