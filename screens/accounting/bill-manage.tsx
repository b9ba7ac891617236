import { Button, Dropdown, Modal, Table, Tag } from '@douyinfe/semi-ui';
import { useState } from 'react';
import { useLocation } from 'wouter';
import {
  useBillActionMutation,
  useBillEventsQuery,
  useBillSummaryQuery,
  useBillUndoMutation,
} from '../../core/api/izs-financing-bill.api.ts';
import {
  BILL_ACTIONS,
  BILL_STATES,
  type BillActionBody,
  type BillEvent,
  billActionBody,
  DUE_SOON_DAYS,
} from '../../core/contract/izs-financing/bills.contract.ts';
import { IE_PATHS } from '../../core/contract/izs-financing/income-expend.contract.ts';
import type { FormFieldDef } from '../../core/contract/resource.ts';
import { AccountingFrame } from '../../features/account-set/accounting-frame.tsx';
import { FormDialog } from '../../features/crud/form-dialog.tsx';
import { useResourcePermissions } from '../../features/crud/permissions.ts';
import { ResourceListPage } from '../../features/crud/resource-list-page.tsx';
import { moneyCell } from '../../features/voucher/voucher-grid.ts';
import { billListView } from './bills.resource.ts';
import '../../features/ui/accounting.css';
import './bills.css';
import { businessToday } from '../../core/format/business-day.ts';

type Field = FormFieldDef<Record<string, unknown>>;
type Action = 'discount' | 'endorse' | 'collect' | 'pay';

const date: Field = { field: 'date', label: '日期', kind: 'date', required: true };
const bank: Field = {
  field: 'bankAccount',
  label: '银行账户',
  kind: 'select',
  placeholder: '默认第一个银行存款科目',
  options: { endpoint: `${IE_PATHS.accounts}?use=bank`, labelKey: 'label', valueKey: 'code' },
};
const ACTION_FIELDS: Record<Action, Field[]> = {
  discount: [date, bank, { field: 'interest', label: '贴现息', kind: 'money', min: 0, placeholder: '计入财务费用' }],
  endorse: [
    date,
    {
      field: 'counterparty',
      label: '被背书人（供应商）',
      kind: 'select',
      required: true,
      options: { endpoint: `${IE_PATHS.counterparties}?dim=供应商`, labelKey: 'label', valueKey: 'value' },
    },
  ],
  collect: [date, bank],
  pay: [date, bank],
};
const actionName = (a: string) => BILL_ACTIONS.find((x) => x.value === a)?.label ?? a;
const stateName = (s: string) => BILL_STATES.find((x) => x.value === s)?.label ?? s;
const money = (v: string | undefined) => (v === undefined ? '—' : moneyCell(v) || '0.00');

function Totals() {
  const { data: s } = useBillSummaryQuery({});
  return (
    <div className="ly-ie-totals" data-testid="bill-totals">
      <div className="ly-ie-total is-in">
        <small>持有应收票据 {s?.receivableCount ?? 0} 张</small>
        <b data-testid="bill-receivable">{money(s?.receivableHeld)}</b>
      </div>
      <div className="ly-ie-total is-out">
        <small>未到期应付票据 {s?.payableCount ?? 0} 张</small>
        <b data-testid="bill-payable">{money(s?.payableOutstanding)}</b>
      </div>
      <div className="ly-ie-total">
        <small>
          {DUE_SOON_DAYS}天内到期 {s?.dueSoonCount ?? 0} 张
        </small>
        <b data-testid="bill-due-soon" className={s?.dueSoonCount ? 'ly-bill-due' : undefined}>
          {money(s?.dueSoonAmount)}
        </b>
      </div>
    </div>
  );
}

function History({ bill, onClose }: { bill: BillView | null; onClose: () => void }) {
  const [, navigate] = useLocation();
  const { data = [] } = useBillEventsQuery({ id: bill?.id ?? '' }, { skip: !bill });
  return (
    <Modal title={`票据记录：${bill?.billNo ?? ''}`} visible={!!bill} onCancel={onClose} footer={null} width={760}>
      <div data-testid="bill-events">
        <Table<BillEvent>
          size="small"
          pagination={false}
          rowKey="id"
          dataSource={data}
          columns={[
            { title: '日期', dataIndex: 'eventDate', width: 110 },
            { title: '操作', dataIndex: 'action', width: 90, render: actionName },
            { title: '状态', dataIndex: 'toState', width: 100, render: stateName },
            { title: '金额', dataIndex: 'amount', width: 120, align: 'right', render: moneyCell },
            { title: '贴现息', dataIndex: 'interest', width: 90, align: 'right', render: moneyCell },
            { title: '往来单位', dataIndex: 'counterpartyName' },
            {
              title: '凭证',
              dataIndex: 'voucherNo',
              width: 90,
              render: (v: string | null, e: BillEvent) =>
                v ? (
                  <Button
                    size="small"
                    theme="borderless"
                    onClick={() => navigate(`/finance/voucher/list/${e.voucherId}`)}
                  >
                    {v}
                  </Button>
                ) : e.cashNo ? (
                  `随 ${e.cashNo}`
                ) : (
                  '已删除'
                ),
            },
          ]}
        />
      </div>
    </Modal>
  );
}

/** The fields of an engine list row the actions need (read, not cast). */
interface BillView {
  id: string;
  billNo: string;
  direction: string;
  state: string;
  dueHint: string | null;
  cashNo: string;
}
const text = (v: unknown) => (v == null ? '' : String(v));
const billView = (row: Record<string, unknown>): BillView => ({
  id: text(row.id),
  billNo: text(row.billNo),
  direction: text(row.direction),
  state: text(row.state),
  dueHint: row.dueHint == null ? null : text(row.dueHint),
  cashNo: text(row.cashNo),
});
/** The action dialog's values as the action body (the dialog adds id and action through `extra`). */
const actionBody = (v: Record<string, unknown>): BillActionBody => ({
  id: text(v.id),
  action: v.action === 'discount' || v.action === 'endorse' || v.action === 'collect' ? v.action : 'pay',
  date: text(v.date),
  bankAccount: v.bankAccount ? text(v.bankAccount) : undefined,
  interest: v.interest == null ? undefined : text(v.interest),
  counterparty: v.counterparty ? text(v.counterparty) : undefined,
});

/** 应收票据 / 应付票据 (the receivables menu's routes, issue 11): the same 票据管理 filtered by direction. */
const DIRECTION_OF_PATH: Record<string, { direction: 'receivable' | 'payable'; title: string }> = {
  '/accounting/payable/receivable-bill': { direction: 'receivable', title: '应收票据' },
  '/accounting/payable/payable-bill': { direction: 'payable', title: '应付票据' },
};

function BillManage() {
  const [path, navigate] = useLocation();
  const only = DIRECTION_OF_PATH[path];
  const perms = useResourcePermissions(billListView.permission);
  const [act] = useBillActionMutation();
  const [undoLast] = useBillUndoMutation();
  const [dialog, setDialog] = useState<{ action: Action; bill: BillView } | null>(null);
  const [history, setHistory] = useState<BillView | null>(null);
  const [undo, setUndo] = useState<BillView | null>(null);
  const today = businessToday();
  // the writes invalidate 'Fin' and the engine's bill list (bill.contract.ts): both refresh by themselves
  const actionsOf = (b: BillView): Action[] =>
    b.direction === 'payable'
      ? b.state === 'outstanding'
        ? ['pay']
        : []
      : b.state === 'held'
        ? ['discount', 'endorse', 'collect']
        : [];
  return (
    <div data-testid="bill-manage">
      <div className="ly-ie-bar">
        <span className="ly-fin-title">{only?.title ?? '票据管理'}</span>
        <Totals />
      </div>
      <ResourceListPage
        def={billListView}
        baseParams={only ? { direction: only.direction } : undefined}
        rowEditable={(row) => (row.state === 'held' || row.state === 'outstanding') && !row.cashNo}
        rowActionsWidth={120}
        rowActions={(row) => {
          const b = billView(row);
          const undoable = b.state !== 'held' && b.state !== 'outstanding';
          const actions = perms.edit ? actionsOf(b) : [];
          return (
            <>
              {b.dueHint && (
                <Tag
                  size="small"
                  color={b.dueHint.includes('逾期') ? 'red' : 'orange'}
                  style={{ marginRight: 4 }}
                  data-testid="bill-due-tag"
                >
                  临期
                </Tag>
              )}
              {(actions.length > 0 || (perms.edit && undoable)) && (
                <Dropdown
                  trigger="click"
                  position="bottomRight"
                  render={
                    <Dropdown.Menu>
                      {actions.map((a) => (
                        <Dropdown.Item
                          key={a}
                          onClick={() => setDialog({ action: a, bill: b })}
                          data-testid={`bill-${a}`}
                        >
                          {actionName(a)}
                        </Dropdown.Item>
                      ))}
                      {perms.edit && undoable && (
                        <Dropdown.Item type="warning" onClick={() => setUndo(b)} data-testid="bill-undo">
                          撤销{stateName(b.state)}
                        </Dropdown.Item>
                      )}
                    </Dropdown.Menu>
                  }
                >
                  <Button size="small" theme="borderless" data-testid="bill-act">
                    处理
                  </Button>
                </Dropdown>
              )}
              {b.cashNo && (
                <Button
                  size="small"
                  theme="borderless"
                  data-testid="bill-cash"
                  onClick={() =>
                    navigate(
                      b.direction === 'payable'
                        ? `/accounting/payable/payment-order-info/${b.cashNo}`
                        : `/accounting/receivable/receipt-order-detail/${b.cashNo}`,
                    )
                  }
                >
                  {b.cashNo}
                </Button>
              )}
              <Button size="small" theme="borderless" onClick={() => setHistory(b)} data-testid="bill-history">
                记录
              </Button>
            </>
          );
        }}
      />
      <Modal
        title="撤销操作"
        visible={!!undo}
        onCancel={() => setUndo(null)}
        onOk={() => {
          const b = undo;
          setUndo(null);
          if (b) void undoLast({ id: b.id });
        }}
      >
        撤销票据 {undo?.billNo} 的「{stateName(undo?.state ?? '')}」并删除其凭证？
      </Modal>
      <FormDialog
        title={dialog ? `${actionName(dialog.action)}：${dialog.bill.billNo}` : ''}
        visible={!!dialog}
        fields={dialog ? ACTION_FIELDS[dialog.action] : []}
        schema={billActionBody}
        initial={{ date: today }}
        extra={{ id: dialog?.bill.id, action: dialog?.action }}
        onClose={() => setDialog(null)}
        onSubmit={(v) =>
          act(actionBody(v)).then(
            (r) => !('error' in r),
            () => false,
          )
        }
      />
      <History bill={history} onClose={() => setHistory(null)} />
    </div>
  );
}

/**
 * 票据管理 (/accounting/bill/manage): 商业汇票 received and issued; 贴现 / 背书转让 / 到期兑付 / 到期付款 each write their
 * voucher (accounts from the book's chart); bills due within 30 days are marked 临期 and counted at the top.
 */
export default function BillManageScreen() {
  return (
    <AccountingFrame testId="bill">
      <BillManage />
    </AccountingFrame>
  );
}
