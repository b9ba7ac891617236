/**
 * Screen layout (issue 23, features/crud/resource-layout.ts): table cells, form boxes and detail cards of the related
 * parties — `relatedPartyResource` (core/contract/izs-base/related-party.contract.ts) and the 供应商 / 客户 resources
 * that spread it (core/contract/izs-stock/party.contract.ts). Shared by three screen areas, so here: 往来单位
 * (screens/base), 供应商 / 客户 of the purchase and sale menus (screens/supply-chain) and of the business desk
 * (screens/business).
 */
import { PARTY_TYPES, relatedPartyResource } from '../../core/contract/izs-base/related-party.contract.ts';
import { customerResource, supplierResource } from '../../core/contract/izs-stock/party.contract.ts';
import { type ResourceLayout, withLayout } from '../crud/resource-layout.ts';

const partyLayout = {
  columns: {
    code: { sortable: true },
    name: { sortable: true },
    regionCode: { hideInTable: true },
    address: { hideInTable: true },
    bankName: { hideInTable: true },
    bankAccount: { hideInTable: true },
    deptId: { hideInTable: true },
    remark: { hideInTable: true },
    createTime: { sortable: true },
  },
  search: { type: { options: { options: PARTY_TYPES } } },
  form: { remark: { span: 2 } },
  detail: [
    { kind: 'grid', title: '基本信息', fields: ['code', 'name', 'type', 'contact', 'phone', 'status'] },
    { kind: 'grid', title: '开票与结算', fields: ['taxpayerId', 'regionCode', 'address', 'bankName', 'bankAccount'] },
  ],
} satisfies ResourceLayout<typeof relatedPartyResource.schemas>;

export const relatedPartyView = withLayout(relatedPartyResource, partyLayout);
export const supplierView = withLayout(supplierResource, partyLayout);
export const customerView = withLayout(customerResource, partyLayout);
