import { Button, Checkbox, Switch, Table } from '@douyinfe/semi-ui';
import { useEffect, useState } from 'react';
import {
  useAccountSetsUserListQuery,
  useAccountSetsUserPageQuery,
  useAccountSetsUserUpdateMutation,
} from '../../core/api/izs-financing.api.ts';
import { notifySuccess } from '../../core/api/notify.ts';
import type { AccountSet } from '../../core/contract/izs-financing/account-set.contract.ts';
import { DraggableDialog } from '../crud/draggable-dialog.tsx';

interface Member {
  userId: string;
  supervisor: number;
  isDefault: string;
}

/** 账套用户 (account-set-user): the department's users, the members checked, 账套主管 and default flags. */
export function AccountSetUsersDialog({ book, onClose }: { book: AccountSet | null; onClose: () => void }) {
  const id = book?.id ?? '';
  const candidates = useAccountSetsUserListQuery({ accountSetId: id }, { skip: !id, refetchOnMountOrArgChange: true });
  const page = useAccountSetsUserPageQuery(
    { accountSetId: id, current: 1, size: 1000 },
    { skip: !id, refetchOnMountOrArgChange: true },
  );
  const members = { data: page.data?.records };
  const [update, { isLoading }] = useAccountSetsUserUpdateMutation();
  const [chosen, setChosen] = useState<Record<string, Member>>({});
  useEffect(() => {
    if (!members.data) return;
    setChosen(
      Object.fromEntries(
        members.data.map((m) => [m.userId, { userId: m.userId, supervisor: m.supervisor, isDefault: m.isDefault }]),
      ),
    );
  }, [members.data]);
  const set = (userId: string, patch: Partial<Member> | null) =>
    setChosen((c) => {
      const next = { ...c };
      if (patch === null) delete next[userId];
      else next[userId] = { ...(c[userId] ?? { userId, supervisor: 0, isDefault: '0' }), ...patch };
      return next;
    });
  const save = async () => {
    const ok = await update({ accountSetId: id, users: Object.values(chosen) })
      .unwrap()
      .then(() => true)
      .catch(() => false);
    if (ok) {
      notifySuccess('保存成功');
      onClose();
    }
  };
  return (
    <DraggableDialog
      visible={!!book}
      title={`账套用户 — ${book?.name ?? ''}`}
      onClose={onClose}
      width={640}
      footer={
        <>
          <Button onClick={onClose}>取消</Button>
          <Button theme="solid" loading={isLoading} onClick={save} data-testid="account-set-users-save">
            保存
          </Button>
        </>
      }
    >
      <Table
        size="small"
        rowKey="id"
        pagination={false}
        loading={candidates.isFetching}
        dataSource={candidates.data ?? []}
        columns={[
          {
            title: '使用',
            width: 60,
            render: (_: unknown, r: { id: string }) => (
              <Checkbox checked={!!chosen[r.id]} onChange={(e) => set(r.id, e.target.checked ? {} : null)} />
            ),
          },
          { title: '账号', dataIndex: 'account', width: 140 },
          { title: '姓名', dataIndex: 'realName' },
          {
            title: '账套主管',
            width: 90,
            render: (_: unknown, r: { id: string }) => (
              <Switch
                size="small"
                disabled={!chosen[r.id]}
                checked={chosen[r.id]?.supervisor === 1}
                onChange={(v) => set(r.id, { supervisor: v ? 1 : 0 })}
              />
            ),
          },
          {
            title: '默认账套',
            width: 90,
            render: (_: unknown, r: { id: string }) => (
              <Switch
                size="small"
                disabled={!chosen[r.id]}
                checked={chosen[r.id]?.isDefault === '1'}
                onChange={(v) => set(r.id, { isDefault: v ? '1' : '0' })}
              />
            ),
          },
        ]}
      />
    </DraggableDialog>
  );
}
