import { Button, Empty, Tag } from '@douyinfe/semi-ui';
import { createContext, type ReactNode, useContext, useEffect, useId, useMemo, useState } from 'react';
import { useDeptTreeQuery } from '../../core/api/blade-system.api.ts';
import {
  accountSetPageArg,
  accountSetsApi,
  izsFinancingApi,
  useAccountSetsCheckQuery,
  useAccountSetsPageQuery,
} from '../../core/api/izs-financing.api.ts';
import type { TreeNode } from '../../core/contract/common.ts';
import { ACCOUNT_CHECK, type AccountSet } from '../../core/contract/izs-financing/account-set.contract.ts';
import { sessionActions } from '../../core/session/session-slice.ts';
import { useAppDispatch, useAppSelector } from '../../core/store/hooks.ts';
import { AccountSetDialog } from './account-set-dialog.tsx';
import { isBookDisabled, pickDefaultBook, saveBook, savedBook } from './book-choice.ts';
import './account-set.css';
import { Select } from '../ui/select.tsx';

const BookContext = createContext<AccountSet | null>(null);

/** The current book, or null (a screen framed with needsBook false). */
export function useBookOrNull(): AccountSet | null {
  return useContext(BookContext);
}

/** The current book of an accounting screen (inside AccountingFrame it is always set). */
export function useBook(): AccountSet {
  const book = useContext(BookContext);
  if (!book) throw new Error('useBook outside AccountingFrame');
  return book;
}

function flatten(nodes: TreeNode[], depth = 0, out: { id: string; name: string; depth: number }[] = []) {
  for (const n of nodes) {
    out.push({ id: n.id ?? n.value, name: n.title, depth });
    if (n.children?.length) flatten(n.children, depth + 1, out);
  }
  return out;
}

/**
 * The header of every accounting page (spec §2.11, §4): the organisation and account-set selectors, the current
 * period, 新建账套. The default book follows spec §4 (explicit → saved per department and user → default flag →
 * first usable); books enabled later than one day ago are disabled. Changing the book or the organisation reloads
 * the page (its finance reads are dropped and the screen remounts). With check status 1 the create dialog opens
 * by itself. The screen renders only once a book is chosen; `useBook()` gives it the book.
 */
export function AccountingFrame({
  children,
  testId,
  needsBook = true,
}: {
  children: ReactNode;
  testId?: string;
  /** false: the screen renders without a book (账套管理) */
  needsBook?: boolean;
}) {
  const dispatch = useAppDispatch();
  const deptId = useAppSelector((s) => s.session.defaultDeptId);
  const deptName = useAppSelector((s) => s.session.defaultDeptName);
  const userId = useAppSelector((s) => s.session.userInfo?.user_id ?? '');
  const userDepts = useAppSelector((s) => s.session.userInfo?.dept_id ?? '');
  const roles = useAppSelector((s) => s.session.roles);
  const bookId = useAppSelector((s) => s.session.accountSetId);
  const { data: tree = [] } = useDeptTreeQuery();
  const check = useAccountSetsCheckQuery({ deptId }, { skip: !deptId, refetchOnMountOrArgChange: true });
  const list = useAccountSetsPageQuery(accountSetPageArg(deptId), { skip: !deptId, refetchOnMountOrArgChange: true });
  const books = list.data?.records ?? [];
  const [dialog, setDialog] = useState(false);

  const depts = useMemo(() => {
    const all = flatten(tree);
    if (roles.includes('administrator')) return all;
    const mine = new Set(userDepts.split(',').filter(Boolean));
    return all.filter((d) => mine.has(d.id));
  }, [tree, roles, userDepts]);
  const currentDeptName = deptName || depts.find((d) => d.id === deptId)?.name || '';

  // the account check status drives the guard and the forced create dialog
  useEffect(() => {
    if (check.data !== undefined) dispatch(sessionActions.setCheckAccountStatus(check.data));
    if (check.data === ACCOUNT_CHECK.noAccountSet) setDialog(true);
  }, [check.data, dispatch]);

  // the default book
  useEffect(() => {
    if (!list.isSuccess || list.isFetching) return;
    const pick = pickDefaultBook(books, bookId, savedBook(deptId, userId));
    if (pick !== (bookId || null)) {
      dispatch(sessionActions.setAccountSetId(pick ?? ''));
      if (pick) saveBook(deptId, userId, pick);
    }
  }, [list.isSuccess, list.isFetching, books, bookId, deptId, userId, dispatch]);

  const reload = () =>
    dispatch(
      izsFinancingApi.util.invalidateTags([
        'Fin',
        'FinAccount',
        'FinOpening',
        'FinDimension',
        'FinStock',
        'AccountSet',
        'AccountCheck',
      ]),
    );
  const chooseBook = (id: string) => {
    saveBook(deptId, userId, id);
    dispatch(sessionActions.setAccountSetId(id));
    reload();
  };
  const chooseDept = (id: string) => {
    const d = depts.find((x) => x.id === id);
    dispatch(sessionActions.setDefaultDept({ id, name: d?.name ?? '' }));
    dispatch(sessionActions.setAccountSetId(''));
    reload();
  };
  const book = books.find((b) => b.id === bookId) ?? null;
  // the two selects are named by the labels beside them
  const ids = useId();

  return (
    <div className="ly-fin" data-testid={testId}>
      <div className="ly-fin-bar" data-testid="account-set-bar">
        <span className="ly-fin-label" id={`${ids}-dept`}>
          机构
        </span>
        <Select
          aria-labelledby={`${ids}-dept`}
          size="small"
          value={deptId}
          style={{ width: 200 }}
          filter
          onChange={(v) => chooseDept(String(v))}
          data-testid="fin-dept-select"
          optionList={
            depts.length
              ? depts.map((d) => ({ value: d.id, label: `${'\u3000'.repeat(d.depth)}${d.name}` }))
              : [{ value: deptId, label: currentDeptName || deptId }]
          }
          renderSelectedItem={() => currentDeptName || deptId}
        />
        <span className="ly-fin-label" id={`${ids}-book`}>
          账套
        </span>
        <Select
          aria-labelledby={`${ids}-book`}
          size="small"
          value={book?.id}
          placeholder={books.length ? '请选择账套' : '暂无账套'}
          style={{ width: 240 }}
          onChange={(v) => chooseBook(String(v))}
          data-testid="fin-book-select"
          optionList={books.map((b) => ({
            value: b.id,
            label: b.name,
            disabled: isBookDisabled(b.enableDate),
          }))}
        />
        {book && (
          <>
            <Tag color="blue" size="small">
              {book.accountingSystem === 2 ? '企业会计准则' : '小企业会计准则'}
            </Tag>
            <span className="ly-fin-meta">
              当前期间 <b data-testid="fin-current-period">{book.currentPeriod}</b>
            </span>
            <span className="ly-fin-meta">启用 {book.enableDate}</span>
          </>
        )}
        <span className="ly-fin-spacer" />
        <Button size="small" onClick={() => setDialog(true)} data-testid="fin-book-create">
          新建账套
        </Button>
      </div>
      {book || !needsBook ? (
        <BookContext.Provider value={book}>
          <div className="ly-fin-body" key={`${deptId}:${book?.id ?? ''}`}>
            {children}
          </div>
        </BookContext.Provider>
      ) : (
        <Empty
          className="ly-fin-empty"
          title={list.isFetching ? '加载中…' : '请选择或新建账套'}
          description={books.length ? '请在上方选择账套' : '当前机构还没有可用的账套'}
        />
      )}
      <AccountSetDialog
        visible={dialog}
        deptId={deptId}
        deptName={currentDeptName}
        onClose={() => setDialog(false)}
        onSaved={async (saved) => {
          const fresh = (
            await dispatch(
              accountSetsApi.endpoints.accountSetsPage.initiate(accountSetPageArg(deptId), { forceRefetch: true }),
            ).unwrap()
          ).records;
          check.refetch();
          if (fresh.length === 1 || !bookId) chooseBook(saved.id);
          else reload();
        }}
      />
    </div>
  );
}
