/**
 * The public trace link of a printed document (issue 14): the server answers the path with the record's
 * unguessable token (GET /api/izs-toolbox/blockchain/trace-link), the print templates put it in their QR code.
 * null while loading, '' when the order has no chained record (or the page is not signed in).
 */
import { useEffect, useState } from 'react';
import type { z } from 'zod';
import { BLOCKCHAIN } from '../core/contract/izs-toolbox/blockchain.contract.ts';
import { printRequest } from '../core/printer/print-http.ts';

type Link = z.infer<typeof BLOCKCHAIN.traceLink.answer>;

export function useTraceLink(orderType: string, orderNo: string, wanted = true): string | null {
  const [link, setLink] = useState<string | null>(null);
  useEffect(() => {
    if (!wanted || !orderNo) return;
    let alive = true;
    printRequest<Link>(BLOCKCHAIN.traceLink.path, { params: { orderType, orderNo } }).then((r) => {
      if (alive) setLink(r.success && r.data?.path ? `${window.location.origin}${r.data.path}` : '');
    });
    return () => {
      alive = false;
    };
  }, [orderType, orderNo, wanted]);
  return wanted ? link : '';
}
