import { Banner, Button, Input, Modal, Space, Switch, Tag, TextArea } from '@douyinfe/semi-ui';
import { useMemo, useState } from 'react';
import { useAccountSetsSubmitMutation } from '../../core/api/izs-financing.api.ts';
import {
  useAccountsEnableMutation,
  useAccountsListQuery,
  useAccountsNextCodeQuery,
  useAccountsRemoveMutation,
  useAccountsSaveMutation,
  useAccountsUpdateMutation,
  useBookResourceList,
} from '../../core/api/izs-financing-books.api.ts';
import { notifySuccess } from '../../core/api/notify.ts';
import type { FinAccount } from '../../core/contract/izs-financing/account.contract.ts';
import { YES_NO } from '../../core/contract/izs-financing/account-set.contract.ts';
import { AccountingFrame, useBook } from '../../features/account-set/accounting-frame.tsx';
import { Named } from '../../features/ui/field.tsx';
import { Select } from '../../features/ui/select.tsx';
import { dimensionView } from './dimension.resource.ts';
import { unitView } from './unit.resource.ts';
import '../../features/ui/accounting.css';
import './finance.css';
import { CategoryTabs } from './category-tabs.tsx';

type Flag = 'reviewRequired' | 'allowSelfReview' | 'postingRequired';
const FLAGS: [Flag, string, string][] = [
  ['reviewRequired', '凭证审核', '开启后，结账前本期凭证必须全部审核'],
  ['allowSelfReview', '允许审核自己的凭证', '关闭时审核人不能与制单人相同（默认）'],
  ['postingRequired', '凭证过账', '开启后，结账前本期凭证必须全部过账'],
];

/** 账套参数: the review / posting switches and the book's descriptive fields (account-set/update). */
function BookSettings() {
  const book = useBook();
  const [submit, { isLoading }] = useAccountSetsSubmitMutation();
  const [values, setValues] = useState({
    name: book.name,
    reviewRequired: book.reviewRequired,
    allowSelfReview: book.allowSelfReview,
    postingRequired: book.postingRequired,
    enableInvoice: book.enableInvoice,
    remark: book.remark,
  });
  const save = async () => {
    const ok = await submit({ id: book.id, ...values })
      .unwrap()
      .then(() => true)
      .catch(() => false);
    if (ok) notifySuccess('财务参数已保存');
  };
  return (
    <section className="ly-fin-section" data-testid="book-settings">
      <h3>账套参数</h3>
      <div className="ly-fin-settings">
        <span className="ly-fin-k">账套名称</span>
        <Named name="账套名称">
          <Input size="small" value={values.name} onChange={(name) => setValues({ ...values, name })} />
        </Named>
        <span className="ly-fin-k">会计准则</span>
        <span>{book.accountingSystem === 2 ? '企业会计准则' : '小企业会计准则'}</span>
        <span className="ly-fin-k">启用期间</span>
        <span>
          {book.startPeriod}（当前期间 {book.currentPeriod}，已结账至 {book.closedThrough || '—'}）
        </span>
        {FLAGS.map(([k, label, hint]) => (
          <div key={k} className="ly-fin-settings-row">
            <label htmlFor={`book-${k}`}>{label}</label>
            <span>
              <Switch
                id={`book-${k}`}
                checked={values[k] === 1}
                onChange={(on) => setValues({ ...values, [k]: on ? 1 : 0 })}
                aria-label={label}
                data-testid={`book-${k}`}
              />
              <small className="ly-fin-muted"> {hint}</small>
            </span>
          </div>
        ))}
        <span className="ly-fin-k">启用发票</span>
        <Named name="启用发票">
          <Select
            size="small"
            value={values.enableInvoice}
            style={{ width: 120 }}
            optionList={YES_NO}
            onChange={(v) => setValues({ ...values, enableInvoice: String(v) })}
          />
        </Named>
        <span className="ly-fin-k">备注</span>
        <Named name="备注">
          <TextArea rows={2} value={values.remark} onChange={(remark) => setValues({ ...values, remark })} />
        </Named>
      </div>
      <Button theme="solid" size="small" loading={isLoading} onClick={save} data-testid="book-settings-save">
        保存参数
      </Button>
    </section>
  );
}

interface AccountDraft {
  id?: string;
  parentCode?: string;
  code?: string;
  name: string;
  quantity: number;
  unit: string;
  auxDims: string[];
  preset?: boolean;
}

/** 会计科目: the book's chart by category; add a sub-account, edit 数量核算 / 计量单位 / 辅助核算, enable, delete. */
function Chart() {
  const accounts = useAccountsListQuery({}, { refetchOnMountOrArgChange: true }).data ?? [];
  const dims = useBookResourceList(dimensionView, { status: 1 });
  const units = useBookResourceList(unitView, { status: 1 });
  const [saveAccount] = useAccountsSaveMutation();
  const [updateAccount] = useAccountsUpdateMutation();
  const [enableAccount] = useAccountsEnableMutation();
  const [removeAccount] = useAccountsRemoveMutation();
  const [category, setCategory] = useState<string>('资产');
  const [keyword, setKeyword] = useState('');
  const [draft, setDraft] = useState<AccountDraft | null>(null);
  const [error, setError] = useState('');
  const rows = useMemo(
    () =>
      accounts.filter(
        (a) => a.category === category && (!keyword || a.code.startsWith(keyword) || a.fullName.includes(keyword)),
      ),
    [accounts, category, keyword],
  );
  const nextCode = useAccountsNextCodeQuery(
    { parentCode: draft?.parentCode ?? '' },
    { skip: !draft?.parentCode, refetchOnMountOrArgChange: true },
  );
  const open = (d: AccountDraft) => {
    setError('');
    setDraft(d);
  };

  const save = async () => {
    if (!draft) return;
    setError('');
    try {
      if (draft.id) {
        await updateAccount({
          id: draft.id,
          ...(draft.preset ? {} : { name: draft.name }),
          quantity: draft.quantity,
          unit: draft.unit,
          auxDims: draft.auxDims,
        }).unwrap();
      } else {
        await saveAccount({
          parentCode: draft.parentCode ?? '',
          code: draft.code || undefined,
          name: draft.name,
          quantity: draft.quantity,
          unit: draft.unit,
          auxDims: draft.auxDims,
        }).unwrap();
      }
      notifySuccess(draft.id ? '修改成功' : '新增成功');
      setDraft(null);
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const enable = (a: FinAccount) =>
    enableAccount({ ids: [a.id], status: a.status === 1 ? 0 : 1 })
      .unwrap()
      .then(() => notifySuccess(a.status === 1 ? '已停用' : '已启用'))
      .catch(() => undefined);
  const remove = (a: FinAccount) =>
    Modal.confirm({
      title: `删除科目 ${a.code} ${a.name}？`,
      onOk: () =>
        removeAccount({ ids: a.id })
          .unwrap()
          .then(() => notifySuccess('删除成功'))
          .catch(() => undefined),
    });

  return (
    <section className="ly-fin-section" data-testid="chart">
      <div className="ly-fin-tools">
        <h3 style={{ margin: 0 }}>会计科目</h3>
        <Named name="查找科目">
          <Input
            size="small"
            prefix="查找"
            placeholder="编码或名称"
            value={keyword}
            style={{ width: 200 }}
            onChange={setKeyword}
          />
        </Named>
      </div>
      <CategoryTabs rows={accounts} value={category} onChange={setCategory} />
      <table className="ly-fin-table">
        <thead>
          <tr>
            <th style={{ width: 100 }}>科目编码</th>
            <th>科目名称</th>
            <th style={{ width: 40 }}>方向</th>
            <th style={{ width: 110 }}>数量核算</th>
            <th style={{ width: 180 }}>辅助核算</th>
            <th style={{ width: 60 }}>状态</th>
            <th style={{ width: 230 }}>操作</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((a) => (
            <tr key={a.code} className={`l${a.level}`} data-code={a.code}>
              <td>{a.code}</td>
              <td>
                {a.name}
                {a.preset !== 1 && (
                  <Tag size="small" style={{ marginLeft: 6 }}>
                    自定义
                  </Tag>
                )}
              </td>
              <td style={{ textAlign: 'center' }}>{a.directionName}</td>
              <td>{a.quantity === 1 ? `是（${a.unit || '未设单位'}）` : ''}</td>
              <td>{a.auxNames.join('、')}</td>
              <td>{a.status === 1 ? '启用' : <span className="ly-fin-muted">停用</span>}</td>
              <td>
                <Space spacing={2}>
                  {a.level < 4 && (
                    <Button
                      size="small"
                      theme="borderless"
                      onClick={() => open({ parentCode: a.code, name: '', quantity: 0, unit: '', auxDims: [] })}
                    >
                      新增下级
                    </Button>
                  )}
                  <Button
                    size="small"
                    theme="borderless"
                    onClick={() =>
                      open({
                        id: a.id,
                        name: a.name,
                        quantity: a.quantity,
                        unit: a.unit,
                        auxDims: a.auxDims,
                        preset: a.preset === 1,
                      })
                    }
                  >
                    编辑
                  </Button>
                  <Button size="small" theme="borderless" onClick={() => enable(a)}>
                    {a.status === 1 ? '停用' : '启用'}
                  </Button>
                  {a.preset !== 1 && a.leaf && (
                    <Button size="small" theme="borderless" type="danger" onClick={() => remove(a)}>
                      删除
                    </Button>
                  )}
                </Space>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Modal
        visible={!!draft}
        title={draft?.id ? '编辑科目' : `新增下级科目（上级 ${draft?.parentCode ?? ''}）`}
        onCancel={() => setDraft(null)}
        onOk={save}
        okText="保存"
        width={560}
      >
        {draft && (
          <div className="ly-fin-settings">
            {!draft.id && (
              <>
                <span className="ly-fin-k">科目编码</span>
                <Input
                  value={draft.code ?? ''}
                  placeholder={nextCode.data ? `留空自动编码：${nextCode.data}` : '留空自动编码'}
                  onChange={(code) => setDraft({ ...draft, code })}
                />
              </>
            )}
            <span className="ly-fin-k">科目名称</span>
            <Input
              value={draft.name}
              disabled={draft.preset}
              onChange={(name) => setDraft({ ...draft, name })}
              data-testid="account-name"
            />
            <span className="ly-fin-k">数量核算</span>
            <Switch checked={draft.quantity === 1} onChange={(on) => setDraft({ ...draft, quantity: on ? 1 : 0 })} />
            <span className="ly-fin-k">计量单位</span>
            <Select
              filter
              allowCreate
              showClear
              value={draft.unit || undefined}
              disabled={draft.quantity !== 1}
              placeholder="选择或输入单位"
              optionList={units.map((u) => ({ value: u.name, label: `${u.name}${u.code ? `（${u.code}）` : ''}` }))}
              onChange={(v) => setDraft({ ...draft, unit: v ? String(v) : '' })}
            />
            <span className="ly-fin-k">辅助核算</span>
            <Select
              multiple
              max={4}
              value={draft.auxDims}
              placeholder="不设辅助核算"
              optionList={dims.map((d) => ({ value: d.id, label: d.name }))}
              onChange={(v) => setDraft({ ...draft, auxDims: (v as string[]) ?? [] })}
            />
          </div>
        )}
        {error && <Banner type="danger" closeIcon={null} description={error} style={{ marginTop: 8 }} />}
      </Modal>
    </section>
  );
}

/**
 * 财务参数 (/finance/setting/system-config): the book's parameters (凭证审核, 审核人可与制单人相同, 凭证过账 — the close
 * rules of period_rules §9 — plus name, invoices, remark; account-set/update) and its chart of accounts (会计科目:
 * sub-accounts on the 4-2-2 rule, 数量核算 with a 计量单位, 辅助核算 dimensions, enable / disable, delete).
 */
export default function SystemConfigScreen() {
  return (
    <AccountingFrame testId="fin-system-config">
      <BookSettings />
      <Chart />
    </AccountingFrame>
  );
}
