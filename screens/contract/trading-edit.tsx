import { Banner, Button, Space, Spin } from '@douyinfe/semi-ui';
import Decimal from 'decimal.js';
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { useTradingFullQuery, useTradingSaveMutation } from '../../core/api/izs-contract.api.ts';
import { notifySuccess } from '../../core/api/notify.ts';
import { tradingContractForm } from '../../core/contract/izs-contract/trading-contract.contract.ts';
import { formatMoney } from '../../core/format/amounts.ts';
import { businessToday } from '../../core/format/business-day.ts';
import { PageFrame, zodFieldErrors } from '../../features/admin-page/common.tsx';
import { cleanLines, LinesEditor, linesFromRow } from '../../features/crud/lines-editor.tsx';
import { type FieldErrors, ResourceForm } from '../../features/crud/resource-form.tsx';
import type { ScreenProps } from '../../features/shell/guarded-router.tsx';
import { headerFields, LINE_COLUMNS } from './trading-fields.ts';
import './contract.css';

type Row = Record<string, unknown>;
/** 今天 on the server (TZ), not the browser's clock (issue 26). */
const today = () => businessToday();

/** 编辑贸易合同 (/contract/trading/edit/:id, 0 = new): header, lines with fixed or 点价 price; saves a draft. */
export default function TradingEditScreen({ path }: ScreenProps) {
  const id = path.split('/').pop() ?? '0';
  const isNew = !/^[1-9]\d*$/.test(id);
  const full = useTradingFullQuery({ id }, { skip: isNew });
  const [save, saving] = useTradingSaveMutation();
  const [, go] = useLocation();
  const [values, setValues] = useState<Row>(() => ({
    side: 'sale',
    signDate: today(),
    deliveryStart: today(),
    tolerancePct: '3',
    toleranceOption: 'seller',
    weightBasis: 'buyer',
    prepaymentPct: '0',
    balanceDays: 15,
  }));
  const [lines, setLines] = useState<Row[]>([{ priceType: 'fixed' }]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [lineError, setLineError] = useState<string>();

  useEffect(() => {
    const c = full.data;
    if (!c) return;
    const { lines: ls, execution: _e, documents: _d, signatures: _s, steps: _st, ...head } = c;
    setValues({ ...head });
    setLines(linesFromRow(LINE_COLUMNS, ls));
  }, [full.data]);

  if (!isNew && full.isLoading) return <Spin size="large" />;
  const locked = !isNew && full.data && full.data.state !== 'draft';
  const fields = headerFields(values.side);
  const total = lines.reduce((s, l) => s.plus(LINE_COLUMNS.at(-1)?.compute?.(l) ?? '0'), new Decimal(0));

  const submit = async () => {
    const body = { ...values, id: isNew ? undefined : id, lines: cleanLines(LINE_COLUMNS, lines) };
    const errs = zodFieldErrors(tradingContractForm, body);
    if (errs) {
      const { lines: le, ...rest } = errs;
      setErrors(rest);
      setLineError(le);
      return;
    }
    setErrors({});
    setLineError(undefined);
    const r = await save(tradingContractForm.parse(body));
    if ('data' in r && r.data) {
      notifySuccess(`已保存合同 ${r.data.contractNo}`);
      go(`/contract/trading/view/${r.data.id}`);
    }
  };

  return (
    <PageFrame title={isNew ? '新增贸易合同' : `编辑贸易合同 ${full.data?.contractNo ?? ''}`} testId="trading-edit">
      {locked && <Banner type="warning" description="合同已提交，不能再修改；请在合同信息页查看。" />}
      <section className="ly-detail-card">
        <h3 className="ly-detail-card-title">合同信息</h3>
        <ResourceForm
          fields={fields}
          mode={locked ? 'view' : isNew ? 'add' : 'edit'}
          values={values}
          errors={errors}
          onChange={(f, v) => setValues((p) => ({ ...p, [f]: v, ...(f === 'side' ? { partyId: undefined } : {}) }))}
        />
      </section>
      <section className="ly-detail-card">
        <h3 className="ly-detail-card-title">合同明细（数量以吨计）</h3>
        <LinesEditor
          columns={LINE_COLUMNS}
          value={lines}
          onChange={setLines}
          error={lineError}
          readOnly={!!locked}
          fit
          footer={<div className="ly-contract-total">合计金额：{formatMoney(total)} 元</div>}
        />
      </section>
      {!locked && (
        <Space className="ly-contract-bar">
          <Button theme="solid" loading={saving.isLoading} onClick={submit} data-testid="trading-save">
            保存草稿
          </Button>
        </Space>
      )}
    </PageFrame>
  );
}
