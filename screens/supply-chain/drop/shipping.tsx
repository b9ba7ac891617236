import { useDocLifecycle } from '../../../features/crud/doc-lifecycle.tsx';
import { ResourceListPage } from '../../../features/crud/resource-list-page.tsx';
import { dropShippingView } from '../../../features/layouts/drop-shipping.resource.ts';

/**
 * 直发单 (/supply-chain/drop/shipping): purchase and sale on one truck, both amounts and the gross profit (毛利)
 * per row; no stock effect. Drafts are edited; 提交审核 / 审核 / 作废 as for every document.
 */
export default function DropShippingScreen() {
  const life = useDocLifecycle(dropShippingView);
  return (
    <>
      <ResourceListPage
        def={dropShippingView}
        rowActions={life.rowActions}
        rowActionsWidth={110}
        rowEditable={(row) => row.state === 'draft'}
      />
      {life.dialog}
    </>
  );
}
