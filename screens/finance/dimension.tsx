import { Button } from '@douyinfe/semi-ui';
import { useLocation } from 'wouter';
import { AccountingFrame, useBook } from '../../features/account-set/accounting-frame.tsx';
import { ResourceListPage } from '../../features/crud/resource-list-page.tsx';
import { dimensionView } from './dimension.resource.ts';

function Dimensions() {
  const book = useBook();
  const [, navigate] = useLocation();
  return (
    <>
      <div className="ly-fin-tools" style={{ justifyContent: 'flex-end' }}>
        <Button size="small" onClick={() => navigate('/finance/setting/assist-accounting/details')}>
          辅助核算明细
        </Button>
      </div>
      <ResourceListPage
        def={dimensionView}
        baseParams={{ accountSetId: book.id }}
        rowActionsWidth={80}
        rowActions={(row) => (
          <Button
            size="small"
            theme="borderless"
            onClick={() => navigate(`/finance/setting/assist-accounting/${row.id}`)}
            data-testid="dimension-items"
          >
            核算项目
          </Button>
        )}
      />
    </>
  );
}

/**
 * 核算维度 (/finance/setting/dimension, spec §7.4): the book's dimensions (客户 供应商 部门 职员 项目 存货 preset, and
 * 自定义 ones) through the crud engine; 核算项目 opens the items of one dimension.
 */
export default function DimensionScreen() {
  return (
    <AccountingFrame testId="fin-dimension">
      <Dimensions />
    </AccountingFrame>
  );
}
