/** 凭证模板 / 业务凭证 of the current book (BIZ_VOUCHER): typed hooks useBizVoucher<Name>Query / Mutation. */
import { BIZ_VOUCHER } from '../contract/izs-financing/business-voucher.contract.ts';
import { injectDescriptors } from './endpoints.ts';

export const bizVoucherApi = injectDescriptors('bizVoucher', BIZ_VOUCHER);
export const {
  useBizVoucherTemplateListQuery,
  useBizVoucherTemplateDetailQuery,
  useBizVoucherTemplateSubmitMutation,
  useBizVoucherTemplateRemoveMutation,
  useBizVoucherDocumentsQuery,
  useBizVoucherGenerateMutation,
  useBizVoucherMoneyRecordsQuery,
  useBizVoucherMoneyGenerateMutation,
} = bizVoucherApi;
