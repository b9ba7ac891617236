import type { ScreenProps } from '../../../features/shell/guarded-router.tsx';
import { StockDocDetail } from '../stock/doc-detail.tsx';

/** 入库单详情 (/supply-chain/purchase/in-stock-detail/{orderNo}): any document of 全部入库单 by its number. */
export default function InStockDetailScreen({ path }: ScreenProps) {
  return <StockDocDetail path={path} />;
}
