/** 凭证模板 screen, tab 凭证模板: the book's templates (stock and money kinds) and their editor (BIZ_VOUCHER). */
import { Button, Checkbox, Input, Modal, Switch, Tag } from '@douyinfe/semi-ui';
import { useState } from 'react';
import {
  useBizVoucherTemplateListQuery,
  useBizVoucherTemplateRemoveMutation,
  useBizVoucherTemplateSubmitMutation,
} from '../../core/api/izs-financing-biz.api.ts';
import { useAccountsListQuery } from '../../core/api/izs-financing-books.api.ts';
import { notifySuccess } from '../../core/api/notify.ts';
import {
  AMOUNT_SOURCES,
  AUX_SOURCES,
  BIZ_PERMISSIONS,
  FINANCE_AMOUNT_SOURCES,
  isFinanceTemplateDocType,
  isMoneyDocType,
  isProductionTemplateDocType,
  MONEY_AMOUNT_SOURCES,
  MONEY_AUX_SOURCES,
  PRODUCTION_AMOUNT_SOURCES,
  SUMMARY_TOKENS,
  TEMPLATE_DOC_TYPES,
  type TemplateDocType,
  type TemplateForm,
  type VoucherTemplate,
} from '../../core/contract/izs-financing/business.contract.ts';
import { useResourcePermissions } from '../../features/crud/permissions.ts';
import { Select } from '../../features/ui/select.tsx';
import { pick } from './voucher-source-list.tsx';

const DOC_OPTIONS = TEMPLATE_DOC_TYPES.map((d) => ({ value: d.value, label: d.label }));
const SIDE_OPTIONS = [
  { value: 'debit', label: '借' },
  { value: 'credit', label: '贷' },
] as const;
const ALL_AMOUNTS = [...AMOUNT_SOURCES, ...MONEY_AMOUNT_SOURCES];
const labelOf = (list: readonly { value: string; label: string }[], v: string) =>
  list.find((x) => x.value === v)?.label ?? v;

type LineDraft = TemplateForm['lines'][number];
/** The kinds whose amount sources differ: financing, money records, production documents, the other documents. */
const familyOf = (docType: string) =>
  isFinanceTemplateDocType(docType)
    ? 'finance'
    : isMoneyDocType(docType)
      ? 'money'
      : isProductionTemplateDocType(docType)
        ? 'production'
        : 'document';

/** Two starting lines: a debit and a credit to the party, in the kind's amount sources. */
function defaultLines(docType: TemplateDocType): LineDraft[] {
  const money = isMoneyDocType(docType);
  if (isProductionTemplateDocType(docType))
    // 借 产出成本, 贷 投入成本, per material (no party on a production document)
    return [
      { ...emptyLine(), amountSource: 'cost_in', perMaterial: 1 },
      { ...emptyLine(), side: 'credit', amountSource: 'cost_out', perMaterial: 1 },
    ];
  if (isFinanceTemplateDocType(docType))
    // 融资放款 / 融资还款: 本金 on both sides, no party
    return [
      { ...emptyLine(), amountSource: 'amount' },
      { ...emptyLine(), side: 'credit', amountSource: 'amount' },
    ];
  return [
    { ...emptyLine(), amountSource: money ? 'amount' : 'net' },
    { ...emptyLine(), side: 'credit', amountSource: money ? 'amount' : 'gross', auxSource: 'party' },
  ];
}
const emptyLine = (): LineDraft => ({
  accountCode: '',
  side: 'debit',
  amountSource: 'net',
  auxSource: 'none',
  perMaterial: 0,
  summary: '',
});

function TemplateEditor({ value, onClose }: { value: VoucherTemplate | null; onClose: () => void }) {
  const [submit, { isLoading: saving }] = useBizVoucherTemplateSubmitMutation();
  // the book's chart of accounts, enabled ones (ACCOUNTS.list)
  const { data: accounts = [] } = useAccountsListQuery({ status: 1 }, { refetchOnMountOrArgChange: true });
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
          lines: defaultLines('in_stock'),
        },
  );
  const money = isMoneyDocType(form.docType);
  const family = familyOf(form.docType);
  const amountOptions = (
    family === 'finance'
      ? FINANCE_AMOUNT_SOURCES
      : money
        ? MONEY_AMOUNT_SOURCES.filter(
            (a) => !FINANCE_AMOUNT_SOURCES.some((f) => f.value === a.value && f.value !== 'amount'),
          )
        : family === 'production'
          ? PRODUCTION_AMOUNT_SOURCES
          : AMOUNT_SOURCES.filter((a) => a.value !== 'cost_in' && a.value !== 'cost_out')
  ).map((a) => ({
    value: a.value,
    label: a.label,
  }));
  const auxOptions = (
    family === 'finance'
      ? AUX_SOURCES.filter((a) => a.value === 'none')
      : money
        ? MONEY_AUX_SOURCES
        : family === 'production'
          ? AUX_SOURCES.filter((a) => a.value === 'none')
          : AUX_SOURCES
  ).map((a) => ({ value: a.value, label: a.label }));
  const setLine = (i: number, patch: Partial<LineDraft>) =>
    setForm({ ...form, lines: form.lines.map((l, j) => (j === i ? { ...l, ...patch } : l)) });
  const save = async () => {
    const r = await submit(form);
    if ('data' in r) {
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
          onChange={(v) => {
            const docType = pick(DOC_OPTIONS, v) ?? form.docType;
            // the amount sources differ between the families (money, production, other documents): start the lines
            // over when the family changes
            const reset = familyOf(docType) !== family;
            setForm({ ...form, docType, lines: reset ? defaultLines(docType) : form.lines });
          }}
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
                  onChange={(v) => setLine(i, { side: pick(SIDE_OPTIONS, v) ?? l.side })}
                  optionList={[...SIDE_OPTIONS]}
                />
              </td>
              <td>
                <Select
                  size="small"
                  style={{ width: '100%' }}
                  value={l.amountSource}
                  onChange={(v) => setLine(i, { amountSource: pick(amountOptions, v) ?? l.amountSource })}
                  optionList={amountOptions}
                />
              </td>
              <td>
                <Select
                  size="small"
                  style={{ width: '100%' }}
                  value={l.auxSource ?? 'none'}
                  onChange={(v) => setLine(i, { auxSource: pick(auxOptions, v) ?? 'none' })}
                  optionList={auxOptions}
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
        {family === 'finance'
          ? '融资放款 / 融资还款：金额为本金，利息为还款时计付的利息（ACT/360），本金+利息为还款付出的银行存款；银行存款分录勾选「按明细」取名称与资金方相同的明细科目，没有时取银行存款唯一的明细科目。没有往来单位辅助核算。'
          : money
            ? '收付款单据：金额为收付款金额，手续费记财务费用；银行存款分录遇现金收付记库存现金，勾选「按明细」取名称与银行相同的明细科目。往来单位辅助核算取单据的客户/供应商（对冲分别取客户和供应商）。'
            : '出入库单没有税额：默认单据金额为不含税金额，税额 = 金额 × 税率（auto 按账套纳税人性质和单据日期取税率），含税金额 = 金额 + 税额；勾选「单据金额含税」则按价税合计拆分。往来单位辅助核算取单据的供应商/客户。'}
      </p>
    </Modal>
  );
}

export function TemplatesTab() {
  const can = useResourcePermissions(BIZ_PERMISSIONS.template);
  const [removeTemplate] = useBizVoucherTemplateRemoveMutation();
  const { data, isFetching } = useBizVoucherTemplateListQuery({});
  const [editing, setEditing] = useState<VoucherTemplate | null | 'new'>(null);
  const remove = (t: VoucherTemplate) =>
    Modal.confirm({
      title: `删除凭证模板「${t.name}」？`,
      onOk: async () => {
        const r = await removeTemplate({ ids: t.id });
        if ('data' in r) notifySuccess('删除成功');
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
                    {`${l.side === 'debit' ? '借' : '贷'} ${l.accountCode} ${l.accountName} · ${labelOf(ALL_AMOUNTS, l.amountSource)}`}
                    {l.auxSource !== 'none' ? ` · [${labelOf(MONEY_AUX_SOURCES, l.auxSource)}]` : ''}
                    {l.perMaterial === 1 ? (isMoneyDocType(t.docType) ? ' · [按银行明细]' : ' · [按物料]') : ''}
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
