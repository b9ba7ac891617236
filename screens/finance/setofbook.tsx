import { Button } from '@douyinfe/semi-ui';
import { useState } from 'react';
import { api } from '../../core/api/api.ts';
import type { Row } from '../../core/api/crud.api.ts';
import { accountSetPageArg, izsFinancingApi, useAccountSetsPageQuery } from '../../core/api/izs-financing.api.ts';
import type { AccountSet } from '../../core/contract/izs-financing/account-set.contract.ts';
import { useAppDispatch, useAppSelector } from '../../core/store/hooks.ts';
import { accountSetView } from '../../features/account-set/account-set.resource.ts';
import { AccountSetDialog } from '../../features/account-set/account-set-dialog.tsx';
import { AccountSetUsersDialog } from '../../features/account-set/account-set-users.tsx';
import { AccountingFrame } from '../../features/account-set/accounting-frame.tsx';
import { ResourceListPage } from '../../features/crud/resource-list-page.tsx';

/** 账套管理 (/finance/setting/setofbook): the department's books, 新建 / 编辑 in the account-set dialog, 账套用户. */
export default function SetOfBookScreen() {
  const dispatch = useAppDispatch();
  const deptId = useAppSelector((s) => s.session.defaultDeptId);
  const deptName = useAppSelector((s) => s.session.defaultDeptName);
  const [edit, setEdit] = useState<{ book: AccountSet | null } | null>(null);
  const [users, setUsers] = useState<AccountSet | null>(null);
  // the rows of the list as the typed books (the frame's own query of the department's books: the same cache)
  const books = useAccountSetsPageQuery(accountSetPageArg(deptId), { skip: !deptId }).data?.records ?? [];
  const bookOf = (row: Row) => books.find((b) => b.id === String(row.id)) ?? null;
  const refresh = () => {
    dispatch(api.util.invalidateTags([{ type: 'Resource' as never, id: accountSetView.name }]));
    dispatch(izsFinancingApi.util.invalidateTags(['AccountSet', 'AccountCheck']));
  };
  return (
    <AccountingFrame needsBook={false} testId="fin-setofbook">
      <ResourceListPage
        def={accountSetView}
        baseParams={{ deptId }}
        onEdit={(mode, row) => {
          const book = mode === 'edit' ? bookOf(row) : null;
          if (mode === 'add' || book) setEdit({ book });
        }}
        rowActionsWidth={80}
        rowActions={(row) => (
          <Button size="small" theme="borderless" onClick={() => setUsers(bookOf(row))}>
            账套用户
          </Button>
        )}
      />
      <AccountSetDialog
        visible={!!edit}
        book={edit?.book}
        deptId={deptId}
        deptName={deptName}
        onClose={() => setEdit(null)}
        onSaved={refresh}
      />
      <AccountSetUsersDialog book={users} onClose={() => setUsers(null)} />
    </AccountingFrame>
  );
}
