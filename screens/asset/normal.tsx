import { AccountingFrame } from '../../features/account-set/accounting-frame.tsx';
import { ResourceListPage } from '../../features/crud/resource-list-page.tsx';
import { assetCardView } from '../../features/layouts/fixed-asset-card.resource.ts';

/** 资产台账 (/asset/normal): the current book's asset cards, read-only, each linked to its history. */
export default function AssetLedgerScreen() {
  return (
    <AccountingFrame testId="asset-normal">
      <ResourceListPage
        def={assetCardView}
        readOnly
        detailPath={(row) => `/finance/fixed-assets/fixed-assets-history/${row.id}`}
      />
    </AccountingFrame>
  );
}
