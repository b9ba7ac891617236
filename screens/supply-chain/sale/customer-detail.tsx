import { customerView } from '../../../features/layouts/related-party.resource.ts';
import type { ScreenProps } from '../../../features/shell/guarded-router.tsx';
import { PartyDetail } from '../purchase/party-detail.tsx';

/** 客户详情 (/supply-chain/sale/customer-detail/{id}). */
export default function CustomerDetailScreen({ path }: ScreenProps) {
  return <PartyDetail def={customerView} path={path} docLabel="已审核出库单" />;
}
