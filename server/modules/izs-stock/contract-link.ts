/**
 * The trading contract an in-stock / out-stock executes (issue 12): optional; when given it must be the tenant's,
 * 执行中, of the same counterparty and of the matching side (in-stock ↔ purchase contract, out-stock ↔ sale
 * contract). Read from the contract table directly (modules do not import each other). Other document types carry
 * no contract.
 */
import { and, eq } from 'drizzle-orm';
import type { StockDocType } from '../../../core/contract/izs-stock/stock-order.contract.ts';
import type { Executor } from '../../db/client.ts';
import { tradingContract } from '../../db/schema/index.ts';
import { badRequest } from '../../platform/r.ts';
import { tenantIs } from '../../platform/scope.ts';

export async function linkedContract(
  ex: Executor,
  tenantId: string,
  docType: StockDocType,
  partyId: string | null,
  contractId: unknown,
): Promise<string | null> {
  if (contractId === undefined || contractId === null || contractId === '') return null;
  if (docType !== 'in_stock' && docType !== 'out_stock') return null;
  const id = String(contractId);
  const [c] = await ex
    .select({ state: tradingContract.state, side: tradingContract.side, partyId: tradingContract.partyId })
    .from(tradingContract)
    .where(and(eq(tradingContract.id, id), tenantIs(tenantId, tradingContract)));
  if (!c) throw badRequest('贸易合同不存在');
  if (c.state !== 'executing') throw badRequest('贸易合同不在执行中，不能关联');
  if (c.side !== (docType === 'in_stock' ? 'purchase' : 'sale')) {
    throw badRequest(docType === 'in_stock' ? '入库单只能关联采购合同' : '出库单只能关联销售合同');
  }
  if (partyId && c.partyId !== partyId) throw badRequest('贸易合同的往来单位与单据不一致');
  return id;
}
