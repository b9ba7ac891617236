/**
 * The document life cycle (DESIGN §5 Documents) as descriptors: for every document resource with the lifecycle
 * columns (the stock documents, 采购订单 / 销售订单, 直发单) three POSTs beside its CRUD paths, generated from one
 * table so a new document type is one line in LIFECYCLE_RESOURCES:
 *
 *   POST <path>/submit-review { id }        draft → submitted                 button <perm>_add or <perm>_edit
 *   POST <path>/review { id, remark? }      submitted → reviewed              button <perm>_review
 *   POST <path>/void { id, reason }         draft|submitted|reviewed → voided button <perm>_void
 *
 * Answer: the document as the resource's detail answers it. Handlers: server/modules/izs-stock/lifecycle.ts.
 */
import { z } from 'zod';
import { anyOf, endpoint } from '../endpoint.ts';
import { dropShippingResource } from './drop-shipping.contract.ts';
import { lifecyclePaths, reviewBody, voidBody } from './fields.ts';
import { STOCK_DOC_RESOURCES } from './stock-order.contract.ts';
import { purchaseOrderResource, saleOrderResource } from './trade-order.contract.ts';

export type Transition = 'submitReview' | 'review' | 'void';

/** Button codes each transition needs (any one of them). */
export function codesFor(permission: string, t: Transition): [string, ...string[]] {
  if (t === 'submitReview') return [`${permission}_add`, `${permission}_edit`];
  return [`${permission}_${t}`];
}

/** The document after a transition: the detail's fields (state, who and when…), whatever the resource has. */
export const lifecycleAnswer = z.looseObject({ id: z.string(), state: z.string() });

interface LifecycleDoc {
  path: string;
  title: string;
  permission: string;
}

/** The three descriptors of one document resource. */
export function lifecycleEndpoints(doc: LifecycleDoc) {
  const p = lifecyclePaths(doc.path);
  // the document changed: its lists and details, and the stock the review / void moved
  const invalidates = ['Resource', 'StockQuery'] as const;
  return {
    submitReview: endpoint({
      method: 'POST',
      path: p.submitReview,
      summary: `${doc.title}：提交审核`,
      body: reviewBody,
      answer: lifecycleAnswer,
      permission: anyOf(...codesFor(doc.permission, 'submitReview')),
      invalidates,
    }),
    review: endpoint({
      method: 'POST',
      path: p.review,
      summary: `${doc.title}：审核`,
      body: reviewBody,
      answer: lifecycleAnswer,
      permission: anyOf(...codesFor(doc.permission, 'review')),
      invalidates,
    }),
    void: endpoint({
      method: 'POST',
      path: p.void,
      summary: `${doc.title}：作废`,
      body: voidBody,
      answer: lifecycleAnswer,
      permission: anyOf(...codesFor(doc.permission, 'void')),
      invalidates,
    }),
  };
}

/** Every document resource with the life cycle (the table the descriptors are generated from). */
export const LIFECYCLE_RESOURCES: readonly LifecycleDoc[] = [
  ...Object.values(STOCK_DOC_RESOURCES),
  purchaseOrderResource,
  saleOrderResource,
  dropShippingResource,
];

const camel = (s: string) => s.replace(/-(\w)/g, (_m, c: string) => c.toUpperCase());

/** All life-cycle descriptors, keyed `<path's last segment><Transition>` (`inStockReview`; one registry group). */
export const LIFECYCLE: Record<string, ReturnType<typeof lifecycleEndpoints>[Transition]> = Object.fromEntries(
  LIFECYCLE_RESOURCES.flatMap((d) =>
    Object.entries(lifecycleEndpoints(d)).map(
      ([t, e]) => [`${camel(d.path.split('/').pop() ?? '')}${t[0].toUpperCase()}${t.slice(1)}`, e] as const,
    ),
  ),
);
