/**
 * The ledgers' Excel export as file descriptors (answer: fileAnswer('xlsx')): `GET /api/izs-sell/ledger/purchase/export`
 * and `…/sell/export` with the screen's filters (the side comes from the path), the columns of the ledger resource
 * (采购台账-yyyyMMdd.xlsx / 销售台账-…). Button ledger_purchase_export / ledger_sell_export. Handler:
 * server/modules/izs-contract/ledger.ts; client: `ledgerFiles` (core/api/izs-contract.api.ts).
 */
import { endpoint, fileAnswer } from '../endpoint.ts';
import { LEDGER_PERMISSION, ledgerQuery, purchaseLedgerDef, sellLedgerDef } from './ledger.contract.ts';

const exportQuery = ledgerQuery.omit({ side: true });

export const LEDGER_FILES = {
  purchaseExport: endpoint({
    method: 'GET',
    path: `${purchaseLedgerDef.path}/export`,
    summary: '采购台账',
    query: exportQuery,
    answer: fileAnswer('xlsx'),
    permission: { code: LEDGER_PERMISSION.purchase, action: 'export' },
  }),
  sellExport: endpoint({
    method: 'GET',
    path: `${sellLedgerDef.path}/export`,
    summary: '销售台账',
    query: exportQuery,
    answer: fileAnswer('xlsx'),
    permission: { code: LEDGER_PERMISSION.sale, action: 'export' },
  }),
};
