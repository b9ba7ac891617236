import { AccountingFrame, useBook } from '../../features/account-set/accounting-frame.tsx';
import { ResourceListPage } from '../../features/crud/resource-list-page.tsx';
import { unitView } from './unit.resource.ts';

function Units() {
  const book = useBook();
  return <ResourceListPage def={unitView} baseParams={{ accountSetId: book.id }} />;
}

/**
 * 计量单位 (/finance/setting/unit): the book's units for 数量核算 accounts (吨, 千克, 件, 台 preset), picked in 财务参数;
 * a unit an account counts in keeps its name and cannot be deleted.
 */
export default function UnitScreen() {
  return (
    <AccountingFrame testId="fin-unit">
      <Units />
    </AccountingFrame>
  );
}
