/**
 * The public trace link of a printed document (issue 14): the server answers the path with the record's
 * unguessable token (GET /api/izs-toolbox/blockchain/trace-link), the print templates put it in their QR code.
 * '' when the order has no chained record (or the page is not signed in). Templates load it with their document,
 * before they signal ready-to-print, so a printed page never lacks its QR code.
 */
import { callDescriptor } from '../core/api/call-descriptor.ts';
import { BLOCKCHAIN } from '../core/contract/izs-toolbox/blockchain.contract.ts';

export async function loadTraceLink(orderType: string, orderNo: string): Promise<string> {
  if (!orderNo) return '';
  const r = await callDescriptor(BLOCKCHAIN.traceLink, { orderType, orderNo });
  return r.success && r.data.path ? `${window.location.origin}${r.data.path}` : '';
}
