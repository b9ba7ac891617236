/** 票据管理's actions and reads (BILLS, bill.contract.ts): typed hooks useBill<Name>Query / Mutation. */
import { BILLS } from '../contract/izs-financing/bill.contract.ts';
import { injectDescriptors } from './endpoints.ts';

export const billApi = injectDescriptors('bill', BILLS);
export const { useBillActionMutation, useBillUndoMutation, useBillEventsQuery, useBillSummaryQuery } = billApi;
