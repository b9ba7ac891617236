import { Button, Space, Tag } from '@douyinfe/semi-ui';
import { useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { z } from 'zod';
import { useBookResourceList, useDimensionsDataSyncMutation } from '../../core/api/izs-financing-books.api.ts';
import { notifySuccess } from '../../core/api/notify.ts';
import { DIMENSION_SOURCES, dimensionItemForm } from '../../core/contract/izs-financing/dimension.contract.ts';
import type { ResourceDef } from '../../core/contract/resource.ts';
import { AccountingFrame, useBook } from '../../features/account-set/accounting-frame.tsx';
import { ResourceListPage } from '../../features/crud/resource-list-page.tsx';
import type { ScreenProps } from '../../features/shell/guarded-router.tsx';
import { dimensionItemView, dimensionView } from './dimension.resource.ts';
import '../../features/ui/accounting.css';
import './finance.css';

/** The items of one dimension: the form carries the dimension (not a visible field). */
function DimensionItems({ dimensionId }: { dimensionId: string }) {
  const book = useBook();
  const [, navigate] = useLocation();
  const [syncItems] = useDimensionsDataSyncMutation();
  const [busy, setBusy] = useState(false);
  const [list, setList] = useState(0);
  const dims = useBookResourceList(dimensionView);
  const dim = dims.find((d) => d.id === dimensionId);
  const source = DIMENSION_SOURCES.find((s) => s.code === dim?.source);
  const def = useMemo(
    () =>
      ({
        ...dimensionItemView,
        schemas: {
          ...dimensionItemView.schemas,
          form: dimensionItemForm.extend({ dimensionId: z.string().default(dimensionId) }),
        },
      }) as unknown as ResourceDef,
    [dimensionId],
  );
  const sync = async () => {
    setBusy(true);
    try {
      const r = await syncItems({ dimensionId }).unwrap();
      notifySuccess(r.added ? `已从基础资料同步 ${r.added} 个项目` : '基础资料已全部同步，没有新项目');
      setList((n) => n + 1);
    } catch {
      // the base query has shown the message
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <div className="ly-fin-tools">
        <Button size="small" onClick={() => navigate('/finance/setting/dimension')}>
          返回核算维度
        </Button>
        <span className="ly-fin-title">辅助核算项目：{dim?.name ?? ''}</span>
        {source && <Tag>来源：{source.name}</Tag>}
        <span className="ly-fin-spacer" />
        <Space>
          {source?.syncable && (
            <Button size="small" theme="solid" loading={busy} onClick={sync} data-testid="dimension-sync">
              从{source.name}资料同步
            </Button>
          )}
        </Space>
      </div>
      <ResourceListPage key={list} def={def} baseParams={{ dimensionId, accountSetId: book.id }} />
    </>
  );
}

/** Every item of every dimension, filtered by dimension (辅助核算明细). */
function AllItems() {
  const book = useBook();
  const [, navigate] = useLocation();
  const dims = useBookResourceList(dimensionView);
  const def = useMemo(
    () =>
      ({
        ...dimensionItemView,
        search: [
          {
            field: 'dimensionId',
            label: '核算维度',
            kind: 'select',
            options: { options: dims.map((d) => ({ label: d.name, value: d.id })) },
          },
          ...dimensionItemView.search,
        ],
      }) as unknown as ResourceDef,
    [dims],
  );
  return (
    <>
      <div className="ly-fin-tools">
        <Button size="small" onClick={() => navigate('/finance/setting/dimension')}>
          返回核算维度
        </Button>
        <span className="ly-fin-title">辅助核算明细</span>
      </div>
      <ResourceListPage def={def} baseParams={{ accountSetId: book.id }} readOnly />
    </>
  );
}

/**
 * 辅助核算 (/finance/setting/assist-accounting/{dimension id}): the items of one dimension — add, edit, delete through
 * the crud engine and 同步 from base data (customers, suppliers, departments, staff, materials); and
 * /finance/setting/assist-accounting/details: every item of the book, filtered by dimension.
 */
export default function AssistAccountingScreen({ path }: ScreenProps) {
  const id = path.split('/').pop() ?? '';
  return (
    <AccountingFrame testId="fin-assist-accounting">
      {id === 'details' ? <AllItems /> : <DimensionItems dimensionId={id} />}
    </AccountingFrame>
  );
}
