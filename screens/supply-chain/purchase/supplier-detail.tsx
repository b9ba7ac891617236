import { supplierResource } from '../../../core/contract/izs-stock/party.contract.ts';
import type { ScreenProps } from '../../../features/shell/guarded-router.tsx';
import { PartyDetail } from './party-detail.tsx';

/** 供应商详情 (/supply-chain/purchase/supplier-detail/{id}). */
export default function SupplierDetailScreen({ path }: ScreenProps) {
  return <PartyDetail def={supplierResource} path={path} docLabel="已审核入库单" />;
}
