import { Button, Checkbox, Input, Modal, Switch, TabPane, Tabs, Tag } from '@douyinfe/semi-ui';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { useFin, useFinPost } from '../../core/api/izs-financing.api.ts';
import { notifySuccess } from '../../core/api/notify.ts';
import { ACCOUNT_PATHS, type FinAccount } from '../../core/contract/izs-financing/account.contract.ts';
import {
  AMOUNT_SOURCES,
  AUX_SOURCES,
  BIZ_PATHS,
  BIZ_PERMISSIONS,
  type BizDocument,
  SUMMARY_TOKENS,
  TEMPLATE_DOC_TYPES,
  type TemplateForm,
  type VoucherTemplate,
} from '../../core/contract/izs-financing/business.contract.ts';
import type { Voucher } from '../../core/contract/izs-financing/voucher.contract.ts';
import { AccountingFrame, useBook } from '../../features/account-set/accounting-frame.tsx';
import { useResourcePermissions } from '../../features/crud/permissions.ts';
import { moneyCell } from '../../features/voucher/voucher-grid.ts';
import '../../features/ui/accounting.css';
import { Select } from '../../features/ui/select.tsx';

const DOC_OPTIONS = TEMPLATE_DOC_TYPES.map((d) => ({ value: d.value, label: d.label }));
const SIDE_OPTIONS = [
  { value: 'debit', label: '借' },
  { value: 'credit', label: '贷' },
];
const labelOf = (list: readonly { value: string; label: string }[], v: string) =>
  list.find((x) => x.value === v)?.label ?? v;

/** 单据生成凭证: reviewed stock documents of a period → one voucher each. */
function DocumentsTab() {
  const book = useBook();
  const [, navigate] = useLocation();
  const can = useResourcePermissions(BIZ_PERMISSIONS.template);
  const post = useFinPost();
  const [draft, setDraft] = useState({ period: book.currentPeriod, docType: '', state: 'open' });
  const [q, setQ] = useState(draft);
  const [picked, setPicked] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const { data, isFetching } = useFin<BizDocument[]>(BIZ_PATHS.documents, q);
  const docs = data ?? [];
  const open = docs.filter((d) => !d.voucherId);
  const generate = async () => {
    if (!picked.length) return Modal.warning({ title: '请先勾选单据' });
    setBusy(true);
    const made = await post<Voucher[]>(BIZ_PATHS.generate, { orderIds: picked }).catch(() => null);
    setBusy(false);
    if (made) {
      notifySuccess(`已生成 ${made.length} 张凭证：${made.map((v) => v.voucherNo).join('、')}`);
      setPicked([]);
    }
  };
  return (
    <div data-testid="biz-documents">
      <div className="ly-fin-tools">
        <Input
          size="small"
          prefix="期间"
          style={{ width: 140 }}
          value={draft.period}
          placeholder="yyyy-MM"
          onChange={(v) => setDraft({ ...draft, period: v })}
        />
        <Select
          size="small"
          prefix="单据类型"
          style={{ width: 180 }}
          value={draft.docType}
          onChange={(v) => setDraft({ ...draft, docType: String(v) })}
          optionList={[{ value: '', label: '全部' }, ...DOC_OPTIONS]}
        />
        <Select
          size="small"
          prefix="状态"
          style={{ width: 150 }}
          value={draft.state}
          onChange={(v) => setDraft({ ...draft, state: String(v) })}
          optionList={[
            { value: 'open', label: '未生成' },
            { value: 'done', label: '已生成' },
            { value: 'all', label: '全部' },
          ]}
        />
        <Button
          size="small"
          theme="solid"
          loading={isFetching}
          onClick={() => {
            setQ(draft);
            setPicked([]);
          }}
        >
          查询
        </Button>
        <span className="ly-fin-spacer" />
        {can.add && (
          <Button
            size="small"
            type="primary"
            theme="solid"
            loading={busy}
            onClick={generate}
            data-testid="biz-generate"
          >
            生成凭证{picked.length ? `（${picked.length}）` : ''}
          </Button>
        )}
      </div>
      <table className="ly-fin-table">
        <thead>
          <tr>
            <th style={{ width: 36 }}>
              <Checkbox
                aria-label="全选"
                checked={open.length > 0 && open.every((d) => picked.includes(d.id))}
                onChange={(e) => setPicked(e.target.checked ? open.map((d) => d.id) : [])}
              />
            </th>
            <th>单据日期</th>
            <th>单号</th>
            <th>单据类型</th>
            <th>往来单位</th>
            <th>数量（千克）</th>
            <th>金额</th>
            <th>成本金额</th>
            <th>凭证</th>
          </tr>
        </thead>
        <tbody>
          {docs.map((d) => (
            <tr key={d.id} data-testid={`biz-doc-${d.orderNo}`}>
              <td>
                {!d.voucherId && (
                  <Checkbox
                    aria-label={`选择 ${d.orderNo}`}
                    checked={picked.includes(d.id)}
                    onChange={(e) => setPicked((p) => (e.target.checked ? [...p, d.id] : p.filter((x) => x !== d.id)))}
                  />
                )}
              </td>
              <td>{d.orderDate}</td>
              <td>{d.orderNo}</td>
              <td>{d.docTypeName}</td>
              <td>{d.partyName}</td>
              <td className="m">{d.totalQty}</td>
              <td className="m">{moneyCell(d.totalAmount)}</td>
              <td className="m">{moneyCell(d.totalCost)}</td>
              <td>
                {d.voucherId ? (
                  <Button
                    size="small"
                    theme="borderless"
                    onClick={() => navigate(`/finance/voucher/list/${d.voucherId}`)}
                  >
                    {d.voucherPeriod} {d.voucherNo}
                  </Button>
                ) : (
                  <Tag size="small">未生成</Tag>
                )}
              </td>
            </tr>
          ))}
          {docs.length === 0 && (
            <tr>
              <td colSpan={9} style={{ textAlign: 'center', color: 'var(--semi-color-text-2)' }}>
                本期没有已审核的业务单据
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}

type LineDraft = TemplateForm['lines'][number];
const emptyLine = (): LineDraft => ({
  accountCode: '',
  side: 'debit',
  amountSource: 'net',
  auxSource: 'none',
  perMaterial: 0,
  summary: '',
});

function TemplateEditor({ value, onClose }: { value: VoucherTemplate | null; onClose: () => void }) {
  const post = useFinPost();
  const { data: accounts = [] } = useFin<FinAccount[]>(ACCOUNT_PATHS.list, { status: 1 });
  const accountOptions = accounts.map((a) => ({
    value: a.code,
    label: `${a.code} ${a.fullName}${a.leaf ? '' : '（非末级）'}`,
  }));
  const [form, setForm] = useState<TemplateForm>(() =>
    value
      ? {
          id: value.id,
          name: value.name,
          docType: value.docType,
          word: value.word,
          summary: value.summary,
          taxRate: value.taxRate,
          amountIncludesTax: value.amountIncludesTax,
          isDefault: value.isDefault,
          status: value.status,
          remark: value.remark,
          lines: value.lines.map((l) => ({
            summary: l.summary,
            accountCode: l.accountCode,
            side: l.side,
            amountSource: l.amountSource,
            auxSource: l.auxSource,
            perMaterial: l.perMaterial,
          })),
        }
      : {
          name: '',
          docType: 'in_stock',
          word: '转',
          summary: '{单据类型} {单号} {往来单位}',
          taxRate: 'auto',
          amountIncludesTax: 0,
          isDefault: 0,
          status: 1,
          remark: '',
          lines: [emptyLine(), { ...emptyLine(), side: 'credit', amountSource: 'gross', auxSource: 'party' }],
        },
  );
  const [saving, setSaving] = useState(false);
  const setLine = (i: number, patch: Partial<LineDraft>) =>
    setForm({ ...form, lines: form.lines.map((l, j) => (j === i ? { ...l, ...patch } : l)) });
  const save = async () => {
    setSaving(true);
    const ok = await post(BIZ_PATHS.templateSubmit, form)
      .then(() => true)
      .catch(() => false);
    setSaving(false);
    if (ok) {
      notifySuccess('保存成功');
      onClose();
    }
  };
  return (
    <Modal
      visible
      width={980}
      title={value ? `编辑凭证模板：${value.name}` : '新增凭证模板'}
      onCancel={onClose}
      onOk={save}
      okText="保存"
      confirmLoading={saving}
    >
      <div className="ly-fin-tools">
        <Input
          size="small"
          prefix="模板名称"
          style={{ width: 240 }}
          value={form.name}
          onChange={(v) => setForm({ ...form, name: v })}
        />
        <Select
          size="small"
          prefix="单据类型"
          style={{ width: 190 }}
          value={form.docType}
          onChange={(v) => setForm({ ...form, docType: String(v) as TemplateForm['docType'] })}
          optionList={DOC_OPTIONS}
        />
        <Input
          size="small"
          prefix="凭证字"
          style={{ width: 120 }}
          value={form.word}
          onChange={(v) => setForm({ ...form, word: v })}
        />
        <Input
          size="small"
          prefix="税率"
          style={{ width: 150 }}
          value={String(form.taxRate ?? 'auto')}
          placeholder="auto 或 0.13"
          onChange={(v) => setForm({ ...form, taxRate: v })}
        />
        <Checkbox
          checked={form.amountIncludesTax === 1}
          onChange={(e) => setForm({ ...form, amountIncludesTax: e.target.checked ? 1 : 0 })}
        >
          单据金额含税
        </Checkbox>
        <Checkbox
          checked={form.isDefault === 1}
          onChange={(e) => setForm({ ...form, isDefault: e.target.checked ? 1 : 0 })}
        >
          默认模板
        </Checkbox>
        <span>启用</span>
        <Switch size="small" checked={form.status !== 0} onChange={(on) => setForm({ ...form, status: on ? 1 : 0 })} />
      </div>
      <div className="ly-fin-tools">
        <Input
          size="small"
          prefix="摘要"
          style={{ width: 520 }}
          value={form.summary}
          onChange={(v) => setForm({ ...form, summary: v })}
        />
        <span style={{ color: 'var(--semi-color-text-2)' }}>可用：{SUMMARY_TOKENS.join(' ')}</span>
      </div>
      <table className="ly-fin-table">
        <thead>
          <tr>
            <th style={{ width: 40 }}>行</th>
            <th>科目</th>
            <th style={{ width: 80 }}>方向</th>
            <th style={{ width: 130 }}>金额来源</th>
            <th style={{ width: 190 }}>辅助核算</th>
            <th style={{ width: 90 }}>按物料分明细</th>
            <th style={{ width: 60 }} />
          </tr>
        </thead>
        <tbody>
          {form.lines.map((l, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: template lines have no id; order is their identity
            <tr key={i}>
              <td>{i + 1}</td>
              <td>
                <Select
                  size="small"
                  filter
                  style={{ width: '100%' }}
                  value={l.accountCode}
                  placeholder="选择科目"
                  onChange={(v) => setLine(i, { accountCode: String(v) })}
                  optionList={accountOptions}
                />
              </td>
              <td>
                <Select
                  size="small"
                  style={{ width: '100%' }}
                  value={l.side}
                  onChange={(v) => setLine(i, { side: String(v) as LineDraft['side'] })}
                  optionList={SIDE_OPTIONS}
                />
              </td>
              <td>
                <Select
                  size="small"
                  style={{ width: '100%' }}
                  value={l.amountSource}
                  onChange={(v) => setLine(i, { amountSource: String(v) as LineDraft['amountSource'] })}
                  optionList={AMOUNT_SOURCES.map((a) => ({ value: a.value, label: a.label }))}
                />
              </td>
              <td>
                <Select
                  size="small"
                  style={{ width: '100%' }}
                  value={l.auxSource ?? 'none'}
                  onChange={(v) => setLine(i, { auxSource: String(v) as 'none' | 'party' })}
                  optionList={AUX_SOURCES.map((a) => ({ value: a.value, label: a.label }))}
                />
              </td>
              <td style={{ textAlign: 'center' }}>
                <Checkbox
                  checked={l.perMaterial === 1}
                  onChange={(e) => setLine(i, { perMaterial: e.target.checked ? 1 : 0 })}
                />
              </td>
              <td>
                <Button
                  size="small"
                  type="danger"
                  theme="borderless"
                  disabled={form.lines.length <= 2}
                  onClick={() => setForm({ ...form, lines: form.lines.filter((_, j) => j !== i) })}
                >
                  删除
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Button
        size="small"
        style={{ marginTop: 8 }}
        onClick={() => setForm({ ...form, lines: [...form.lines, emptyLine()] })}
      >
        增加分录
      </Button>
      <p style={{ color: 'var(--semi-color-text-2)', marginTop: 8 }}>
        出入库单没有税额：默认单据金额为不含税金额，税额 = 金额 × 税率（auto
        按账套纳税人性质和单据日期取税率），含税金额 = 金额 +
        税额；勾选「单据金额含税」则按价税合计拆分。往来单位辅助核算取单据的供应商/客户。
      </p>
    </Modal>
  );
}

function TemplatesTab() {
  const can = useResourcePermissions(BIZ_PERMISSIONS.template);
  const post = useFinPost();
  const { data, isFetching } = useFin<VoucherTemplate[]>(BIZ_PATHS.templateList);
  const [editing, setEditing] = useState<VoucherTemplate | null | 'new'>(null);
  const remove = (t: VoucherTemplate) =>
    Modal.confirm({
      title: `删除凭证模板「${t.name}」？`,
      onOk: async () => {
        await post(BIZ_PATHS.templateRemove, {}, { ids: t.id });
        notifySuccess('删除成功');
      },
    });
  return (
    <div data-testid="biz-templates">
      <div className="ly-fin-tools">
        <span style={{ color: 'var(--semi-color-text-2)' }}>
          {isFetching ? '加载中…' : `共 ${data?.length ?? 0} 个模板`}
        </span>
        <span className="ly-fin-spacer" />
        {can.add && (
          <Button size="small" theme="solid" onClick={() => setEditing('new')}>
            新增模板
          </Button>
        )}
      </div>
      <table className="ly-fin-table">
        <thead>
          <tr>
            <th>模板名称</th>
            <th>单据类型</th>
            <th>凭证字</th>
            <th>税率</th>
            <th>分录</th>
            <th>状态</th>
            <th style={{ width: 130 }}>操作</th>
          </tr>
        </thead>
        <tbody>
          {(data ?? []).map((t) => (
            <tr key={t.id} data-testid={`biz-template-${t.name}`}>
              <td>
                {t.name}{' '}
                {t.isDefault === 1 && (
                  <Tag size="small" color="blue">
                    默认
                  </Tag>
                )}
              </td>
              <td>{t.docTypeName}</td>
              <td>{t.word}</td>
              <td>
                {t.taxRate === 'auto' ? '按纳税人性质' : `${Number(t.taxRate) * 100}%`}
                {t.amountIncludesTax === 1 ? '（含税）' : ''}
              </td>
              <td style={{ whiteSpace: 'normal' }}>
                {t.lines.map((l) => (
                  <div key={l.lineNo}>
                    {`${l.side === 'debit' ? '借' : '贷'} ${l.accountCode} ${l.accountName} · ${labelOf(AMOUNT_SOURCES, l.amountSource)}`}
                    {l.auxSource === 'party' ? ' · [往来单位]' : ''}
                    {l.perMaterial === 1 ? ' · [按物料]' : ''}
                  </div>
                ))}
              </td>
              <td>{t.status === 1 ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>}</td>
              <td>
                {can.edit && (
                  <Button size="small" theme="borderless" onClick={() => setEditing(t)}>
                    编辑
                  </Button>
                )}
                {can.delete && (
                  <Button size="small" theme="borderless" type="danger" onClick={() => remove(t)}>
                    删除
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {editing && <TemplateEditor value={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </div>
  );
}

/** 凭证模板 (/finance/voucher/template): generate vouchers from reviewed stock documents; edit the book's templates. */
export default function VoucherTemplateScreen() {
  return (
    <AccountingFrame testId="fin-voucher-template">
      <Tabs type="line" defaultActiveKey="docs" lazyRender tabPaneMotion={false}>
        <TabPane tab="业务单据生成凭证" itemKey="docs">
          <DocumentsTab />
        </TabPane>
        <TabPane tab="凭证模板" itemKey="templates">
          <TemplatesTab />
        </TabPane>
      </Tabs>
    </AccountingFrame>
  );
}
