import { AccountingFrame } from '../../features/account-set/accounting-frame.tsx';
import { ResourceListPage } from '../../features/crud/resource-list-page.tsx';
import { assetTypeView } from './fixed-asset-type.resource.ts';

/** 资产类别 (/finance/fixed-assets/fixed-assets-type): default life (税法最低年限), method, residual rate, accounts. */
export default function FixedAssetsTypeScreen() {
  return (
    <AccountingFrame testId="fa-type">
      <ResourceListPage def={assetTypeView} />
    </AccountingFrame>
  );
}
