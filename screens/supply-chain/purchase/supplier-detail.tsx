import { supplierView } from '../../../features/layouts/related-party.resource.ts';
import type { ScreenProps } from '../../../features/shell/guarded-router.tsx';
import { PartyDetail } from './party-detail.tsx';

/** 供应商详情 (/supply-chain/purchase/supplier-detail/{id}). */
export default function SupplierDetailScreen({ path }: ScreenProps) {
  return <PartyDetail def={supplierView} path={path} docLabel="已审核入库单" />;
}
