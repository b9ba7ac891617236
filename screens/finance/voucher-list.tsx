import { Button, Checkbox, Input, Modal, Space, Tag } from '@douyinfe/semi-ui';
import { useState } from 'react';
import { useLocation } from 'wouter';
import {
  useVouchersPageQuery,
  useVouchersPostMutation,
  useVouchersRemoveMutation,
  useVouchersRenumberMutation,
  useVouchersReverseMutation,
  useVouchersReviewMutation,
  useVouchersUnpostMutation,
  useVouchersUnreviewMutation,
} from '../../core/api/izs-financing.api.ts';
import { notifySuccess } from '../../core/api/notify.ts';
import { VOUCHER_STATES } from '../../core/contract/izs-financing/voucher.contract.ts';
import { AccountingFrame, useBook } from '../../features/account-set/accounting-frame.tsx';
import type { ScreenProps } from '../../features/shell/guarded-router.tsx';
import { VoucherEditor } from '../../features/voucher/voucher-editor.tsx';
import { moneyCell } from '../../features/voucher/voucher-grid.ts';
import '../../features/ui/accounting.css';
import { Select } from '../../features/ui/select.tsx';
import { usePager } from '../../features/ui/use-pager.tsx';
import { printVoucher } from './print-link.ts';

const STATE_COLOR = { saved: 'grey', reviewed: 'blue', posted: 'green' } as const;

function VoucherList() {
  const book = useBook();
  const [, navigate] = useLocation();
  const [review] = useVouchersReviewMutation();
  const [unreview] = useVouchersUnreviewMutation();
  const [postVouchers] = useVouchersPostMutation();
  const [unpost] = useVouchersUnpostMutation();
  const [renumber] = useVouchersRenumberMutation();
  const [remove] = useVouchersRemoveMutation();
  const [reverse] = useVouchersReverseMutation();
  const [draft, setDraft] = useState({ period: book.currentPeriod, state: '', summary: '' });
  const [filters, setFilters] = useState(draft);
  const { current, size, setCurrent, pager } = usePager(20, {
    sizes: [10, 20, 50, 100],
    small: true,
    style: { marginTop: 8 },
  });
  const [picked, setPicked] = useState<string[]>([]);
  const page = useVouchersPageQuery(
    { ...filters, current, size, ascs: 'voucherDate,no' },
    { refetchOnMountOrArgChange: true },
  );
  const records = page.data?.records ?? [];
  /** A batch action on the picked vouchers (`own`: an action that names its own target). */
  const act = async (label: string, run: (ids: string[]) => { unwrap(): Promise<unknown> }, own = false) => {
    const ids = picked;
    if (!ids.length && !own) return Modal.warning({ title: '请先勾选凭证' });
    const ok = await run(ids)
      .unwrap()
      .then(() => true)
      .catch(() => false);
    if (ok) {
      notifySuccess(`${label}成功`);
      setPicked([]);
    }
  };
  const toggle = (id: string, on: boolean) => setPicked((p) => (on ? [...p, id] : p.filter((x) => x !== id)));
  const allOn = records.length > 0 && records.every((v) => picked.includes(v.id));

  return (
    <div data-testid="voucher-list">
      <div className="ly-fin-tools">
        <span className="ly-fin-title">凭证列表</span>
        <Input
          size="small"
          prefix="期间"
          value={draft.period}
          style={{ width: 150 }}
          onChange={(v) => setDraft({ ...draft, period: v })}
          placeholder="yyyy-MM"
        />
        <Select
          size="small"
          prefix="状态"
          value={draft.state}
          style={{ width: 150 }}
          onChange={(v) => setDraft({ ...draft, state: String(v) })}
          optionList={[{ value: '', label: '全部' }, ...VOUCHER_STATES]}
        />
        <Input
          size="small"
          prefix="摘要"
          value={draft.summary}
          style={{ width: 180 }}
          onChange={(v) => setDraft({ ...draft, summary: v })}
        />
        <Button
          size="small"
          theme="solid"
          onClick={() => {
            setFilters(draft);
            setCurrent(1);
          }}
        >
          搜索
        </Button>
        <span className="ly-fin-spacer" />
        <Space>
          <Button size="small" theme="solid" onClick={() => navigate('/accounting/edit/voucher')}>
            新增凭证
          </Button>
          <Button size="small" onClick={() => act('审核', (ids) => review({ ids }))} data-testid="voucher-review">
            审核
          </Button>
          <Button size="small" onClick={() => act('反审核', (ids) => unreview({ ids }))}>
            反审核
          </Button>
          <Button size="small" onClick={() => act('过账', (ids) => postVouchers({ ids }))} data-testid="voucher-post">
            过账
          </Button>
          <Button size="small" onClick={() => act('反过账', (ids) => unpost({ ids }))}>
            反过账
          </Button>
          <Button
            size="small"
            onClick={() =>
              act('凭证整理', () => renumber({ period: filters.period || book.currentPeriod, order: 'date' }), true)
            }
          >
            整理凭证号
          </Button>
          <Button
            size="small"
            type="danger"
            onClick={() =>
              picked.length
                ? Modal.confirm({
                    title: `删除选中的 ${picked.length} 张凭证？`,
                    onOk: () => act('删除', (ids) => remove({ ids: ids.join(',') })),
                  })
                : Modal.warning({ title: '请先勾选凭证' })
            }
          >
            删除
          </Button>
        </Space>
      </div>
      <table className="ly-fin-table" data-testid="voucher-table">
        <thead>
          <tr>
            <th style={{ width: 32 }}>
              <Checkbox checked={allOn} onChange={(e) => setPicked(e.target.checked ? records.map((v) => v.id) : [])} />
            </th>
            <th style={{ width: 92 }}>日期</th>
            <th style={{ width: 70 }}>凭证字号</th>
            <th>摘要</th>
            <th>科目</th>
            <th style={{ width: 120 }}>借方金额</th>
            <th style={{ width: 120 }}>贷方金额</th>
            <th style={{ width: 64 }}>制单人</th>
            <th style={{ width: 64 }}>审核人</th>
            <th style={{ width: 64 }}>状态</th>
            <th style={{ width: 120 }}>操作</th>
          </tr>
        </thead>
        <tbody>
          {records.flatMap((v) =>
            [...v.lines, null].map((l, k) => {
              const span = v.lines.length + 1;
              const head =
                k === 0 ? (
                  <>
                    <td rowSpan={span}>
                      <Checkbox checked={picked.includes(v.id)} onChange={(e) => toggle(v.id, !!e.target.checked)} />
                    </td>
                    <td rowSpan={span}>{v.voucherDate}</td>
                    <td rowSpan={span}>
                      <Button size="small" theme="borderless" onClick={() => navigate(`/finance/voucher/list/${v.id}`)}>
                        {v.voucherNo}
                      </Button>
                    </td>
                  </>
                ) : null;
              const tail =
                k === 0 ? (
                  <>
                    <td rowSpan={span}>{v.createUserName}</td>
                    <td rowSpan={span}>{v.reviewerName}</td>
                    <td rowSpan={span}>
                      <Tag size="small" color={STATE_COLOR[v.state]}>
                        {VOUCHER_STATES.find((s) => s.value === v.state)?.label}
                      </Tag>
                    </td>
                    <td rowSpan={span}>
                      <Button
                        size="small"
                        theme="borderless"
                        onClick={() =>
                          Modal.confirm({
                            title: `红字冲销 ${v.voucherNo}？`,
                            onOk: () => act('冲销', () => reverse({ id: v.id }), true),
                          })
                        }
                      >
                        冲销
                      </Button>
                      <Button
                        size="small"
                        theme="borderless"
                        onClick={() => printVoucher(v.id, book.id)}
                        data-testid="voucher-print"
                      >
                        打印
                      </Button>
                    </td>
                  </>
                ) : null;
              return l ? (
                <tr key={`${v.id}:${l.id}`} className={k === 0 ? 'v-first' : ''} data-voucher={v.voucherNo}>
                  {head}
                  <td>{l.summary}</td>
                  <td>
                    {l.accountCode} {l.accountName}
                    {l.auxNames.length > 0 && <small> ({l.auxNames.join('，')})</small>}
                  </td>
                  <td className="m">{moneyCell(l.debit)}</td>
                  <td className="m">{moneyCell(l.credit)}</td>
                  {tail}
                </tr>
              ) : (
                <tr key={`${v.id}:total`} className="is-sub">
                  {head}
                  <td colSpan={2}>合计：{v.totalCapital}</td>
                  <td className="m">{moneyCell(v.debitTotal)}</td>
                  <td className="m">{moneyCell(v.creditTotal)}</td>
                  {tail}
                </tr>
              );
            }),
          )}
        </tbody>
      </table>
      {pager(page.data?.total ?? 0)}
    </div>
  );
}

/** 凭证列表 (/finance/voucher/list/0) and one voucher (/finance/voucher/list/{id}: view, or edit while saved). */
function OneVoucher({ id }: { id: string }) {
  const [, navigate] = useLocation();
  const book = useBook();
  return (
    <>
      <Space style={{ marginBottom: 8 }}>
        <Button size="small" onClick={() => navigate('/finance/voucher/list/0')}>
          返回凭证列表
        </Button>
        <Button size="small" onClick={() => printVoucher(id, book.id)} data-testid="voucher-print-one">
          打印
        </Button>
      </Space>
      <VoucherEditor key={id} voucherId={id} />
    </>
  );
}

export default function VoucherListScreen({ path }: ScreenProps) {
  const id = path.split('/').pop() ?? '0';
  return (
    <AccountingFrame testId="fin-voucher-list">
      {id && id !== '0' ? <OneVoucher id={id} /> : <VoucherList />}
    </AccountingFrame>
  );
}
