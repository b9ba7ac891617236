/**
 * The truck's details at the workstation: plate (from the camera, editable), order type, counterparty (suppliers
 * for a purchase, customers for a sale, any party otherwise), material, warehouse, price (default from the price
 * list; the tag says where it came from), deductions, driver and remark. Controls come from the crud engine's
 * field-kind adapter (features/crud/field-kinds.tsx), so selects and decimal boxes behave as everywhere else.
 *
 * Keyboard: Enter in a text box moves to the next field; Enter in the last one focuses the stage's capture button.
 */
import { Input, Radio, RadioGroup, Tag } from '@douyinfe/semi-ui';
import type { KeyboardEvent, ReactNode } from 'react';
import { useTradingOpenQuery } from '../../../core/api/izs-contract.api.ts';
import { MATERIAL_SELECT, WAREHOUSE_SELECT } from '../../../core/contract/izs-stock/fields.ts';
import { FieldControl } from '../../../features/crud/field-kinds.tsx';
import { useLabelledControls } from '../../../features/ui/field.tsx';
import { Select } from '../../../features/ui/select.tsx';
import { ORDER_TYPES, type OrderType, partyOf, type StationForm } from './station-model.ts';

export type FormKey = keyof StationForm;

const PRICE_SOURCES: Record<string, string> = { party: '客户/供应商价', general: '通用价', material: '物料默认价' };

/** Enter → next field (text boxes only: a select's own Enter picks its option). */
export function enterMovesOn(e: KeyboardEvent<HTMLElement>, primary?: () => HTMLElement | null | undefined) {
  if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
  const t = e.target as HTMLElement;
  if (t.tagName !== 'INPUT' || t.closest('.semi-select, .semi-tree-select, .semi-datepicker')) return;
  const fields = Array.from(e.currentTarget.querySelectorAll<HTMLElement>('[data-ws-field]'));
  const at = fields.findIndex((f) => f.contains(t));
  if (at < 0) return;
  e.preventDefault();
  for (const f of fields.slice(at + 1)) {
    const next = f.querySelector<HTMLElement>('input:not([disabled]), .semi-select:not(.semi-select-disabled)');
    if (next) {
      next.focus();
      return;
    }
  }
  primary?.()?.focus();
}

/** The party's 执行中 trading contracts (issue 12) with what remains of each. */
function OpenContracts({
  form,
  onPick,
  disabled,
}: {
  form: StationForm;
  onPick: (v: string) => void;
  disabled?: boolean;
}) {
  const side = form.orderType === 'sale' ? 'sale' : 'purchase';
  const q = useTradingOpenQuery({ partyId: form.partyId, side });
  return (
    <Select
      id="ws-contractId"
      value={form.contractId || undefined}
      placeholder={q.data?.length ? '选择执行的合同（可不选）' : '该单位没有执行中的合同'}
      showClear
      disabled={disabled}
      onChange={(v) => onPick(v ? String(v) : '')}
      optionList={(q.data ?? []).map((c) => ({
        value: c.id,
        label: `${c.contractNo} ${c.title}（未执行 ${c.remainingQty} 吨）`,
      }))}
      style={{ width: '100%' }}
      data-testid="ws-contract"
    />
  );
}

/**
 * A field of the station form: its label names the control — `htmlFor` reaches an input, and aria-labelledby (kept
 * by useLabelledControls) reaches Semi's select comboboxes, which a <label> cannot (issue 26: 客户 and 物料 unnamed).
 */
function Field({ label, name, children, wide }: { label: string; name: string; children: ReactNode; wide?: boolean }) {
  const box = useLabelledControls(`ws-${name}-label`);
  return (
    <div className={`ly-ws-field${wide ? ' is-wide' : ''}`} data-ws-field={name}>
      <label className="ly-ws-label" htmlFor={`ws-${name}`} id={`ws-${name}-label`}>
        {label}
      </label>
      <div className="ly-ws-control" ref={box}>
        {children}
      </div>
    </div>
  );
}

export function StationFormFields({
  form,
  onChange,
  disabled,
  lockType,
  plateTag,
  onPlateCommit,
  priceUnitName,
  priceSource,
  compact,
}: {
  form: StationForm;
  onChange: (key: FormKey, value: string) => void;
  disabled?: boolean;
  /** The order type cannot change once the first pass is stored. */
  lockType?: boolean;
  /** e.g. 摄像头识别 next to the plate. */
  plateTag?: ReactNode;
  /** The clerk finished typing a plate (blur): look up its open record. */
  onPlateCommit?: () => void;
  priceUnitName: string;
  priceSource?: string;
  /** The simplified screen: no driver / remark / deductions. */
  compact?: boolean;
}) {
  const party = partyOf(form.orderType);
  const set = (key: FormKey) => (v: unknown) => onChange(key, v === undefined || v === null ? '' : String(v));
  return (
    <>
      <Field label="车牌号" name="carNumber">
        <div className="ly-ws-plate">
          <Input
            id="ws-carNumber"
            className="ly-ws-plate-input"
            value={form.carNumber}
            onChange={set('carNumber')}
            onBlur={onPlateCommit}
            disabled={disabled || lockType}
            placeholder="摄像头识别或手工输入"
            maxLength={16}
            data-testid="ws-plate"
          />
          {plateTag}
        </div>
      </Field>
      <Field label="业务类型" name="orderType">
        <RadioGroup
          type="button"
          value={form.orderType}
          onChange={(e) => onChange('orderType', e.target.value as OrderType)}
          disabled={disabled || lockType}
          data-testid="ws-order-type"
        >
          {ORDER_TYPES.map((t) => (
            <Radio key={t.value} value={t.value}>
              {t.label}
            </Radio>
          ))}
        </RadioGroup>
      </Field>
      <Field label={party.label} name="partyId">
        <FieldControl
          id="ws-partyId"
          spec={{ field: 'partyId', label: party.label, kind: 'select', options: party.source }}
          value={form.partyId}
          onChange={set('partyId')}
          disabled={disabled}
        />
      </Field>
      {(form.orderType === 'purchase' || form.orderType === 'sale') && form.partyId && (
        <Field label="贸易合同" name="contractId">
          <OpenContracts form={form} onPick={(v) => onChange('contractId', v)} disabled={disabled} />
        </Field>
      )}
      <Field label="物料" name="materialId">
        <FieldControl
          id="ws-materialId"
          spec={{ field: 'materialId', label: '物料', kind: 'select', options: MATERIAL_SELECT }}
          value={form.materialId}
          onChange={set('materialId')}
          disabled={disabled}
        />
      </Field>
      <Field label="仓库" name="warehouseId">
        <FieldControl
          id="ws-warehouseId"
          spec={{
            field: 'warehouseId',
            label: '仓库',
            kind: 'select',
            options: WAREHOUSE_SELECT,
            placeholder: '默认：地磅所属仓库',
          }}
          value={form.warehouseId}
          onChange={set('warehouseId')}
          disabled={disabled}
        />
      </Field>
      <Field label="单价" name="unitPrice">
        <div className="ly-ws-price">
          <FieldControl
            id="ws-unitPrice"
            spec={{ field: 'unitPrice', label: '单价', kind: 'qty', decimals: 2, min: 0 }}
            value={form.unitPrice}
            onChange={set('unitPrice')}
            disabled={disabled}
          />
          <span className="ly-ws-unit">{priceUnitName}</span>
          {priceSource && PRICE_SOURCES[priceSource] && (
            <Tag size="small" color="light-blue" data-testid="ws-price-source">
              {PRICE_SOURCES[priceSource]}
            </Tag>
          )}
        </div>
      </Field>
      {!compact && (
        <>
          <Field label="扣重(kg)" name="deductWeight">
            <FieldControl
              id="ws-deductWeight"
              spec={{ field: 'deductWeight', label: '扣重', kind: 'weight', decimals: 3, min: 0, placeholder: '0' }}
              value={form.deductWeight}
              onChange={set('deductWeight')}
              disabled={disabled}
            />
          </Field>
          <Field label="扣杂率" name="impurityRate">
            <FieldControl
              id="ws-impurityRate"
              spec={{
                field: 'impurityRate',
                label: '扣杂率',
                kind: 'rate',
                decimals: 2,
                min: 0,
                max: 99.99,
                placeholder: '按物料默认',
              }}
              value={form.impurityRate}
              onChange={set('impurityRate')}
              disabled={disabled}
            />
          </Field>
          <Field label="司机" name="driverName">
            <Input
              id="ws-driverName"
              value={form.driverName}
              onChange={set('driverName')}
              disabled={disabled}
              maxLength={32}
              placeholder="司机姓名"
            />
          </Field>
          <Field label="备注" name="remark">
            <Input
              id="ws-remark"
              value={form.remark}
              onChange={set('remark')}
              disabled={disabled}
              maxLength={255}
              placeholder="备注"
            />
          </Field>
        </>
      )}
    </>
  );
}
