import type { ScreenProps } from '../../../features/shell/guarded-router.tsx';
import { StockDocDetail } from '../stock/doc-detail.tsx';

/** 出库单详情 (/supply-chain/sale/out-stock-detail/{orderNo}). */
export default function OutStockDetailScreen({ path }: ScreenProps) {
  return <StockDocDetail path={path} />;
}
