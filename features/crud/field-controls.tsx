/** How a field kind is edited (split from field-kinds.tsx): the form control and the search control. */
import { DatePicker, Input, InputNumber, Switch, TextArea, TreeSelect } from '@douyinfe/semi-ui';
import type { ReactNode } from 'react';
import type { FieldKind, OptionSource, SearchDef } from '../../core/contract/resource.ts';
import { Select } from '../ui/select.tsx';
import { formatValue, ImageList } from './field-cells.tsx';
import { BOOL_OPTIONS, DEFAULT_DECIMALS, isBlank, STATUS_OPTIONS, truthyFlag } from './field-kind-sets.ts';
import { useOptions } from './options.tsx';
import { RegionCascader } from './region-cascader.tsx';

export interface ControlSpec {
  field: string;
  label: string;
  kind: FieldKind;
  decimals?: number;
  min?: number;
  max?: number;
  options?: OptionSource;
  multiple?: boolean;
  placeholder?: string;
  /** The box's suffix (`kg`, `分钟`); money and rate say 元 / % by themselves. */
  unit?: string;
  /** What an empty box means (the placeholder when there is no other). */
  emptyText?: string;
}

/**
 * Keeps a decimal text box to digits and one point with at most `places` decimals (no float parsing); a leading
 * minus only when the field allows negatives (`min` < 0, e.g. a temperature).
 */
export function sanitizeDecimal(text: string, places: number, allowNegative = false): string {
  const sign = allowNegative && text.trim().startsWith('-') ? '-' : '';
  const cleaned = text.replace(/[^\d.]/g, '');
  const [int, ...rest] = cleaned.split('.');
  if (!rest.length) return sign + int;
  return `${sign}${int}.${rest.join('').slice(0, places)}`;
}

/** The form control of a field kind. `value` is the wire value (decimal strings, 1/0 flags, codes, ids). */
export function FieldControl({
  spec,
  value,
  onChange,
  disabled,
  id,
}: {
  spec: ControlSpec;
  value: unknown;
  onChange: (v: unknown) => void;
  disabled?: boolean;
  id?: string;
}): ReactNode {
  const placeholder =
    spec.placeholder ??
    spec.emptyText ??
    (['select', 'tree', 'region', 'date', 'datetime'].includes(spec.kind)
      ? `请选择${spec.label}`
      : `请输入${spec.label}`);
  const text = isBlank(value) ? '' : String(value);
  switch (spec.kind) {
    case 'textarea':
      return (
        <TextArea
          id={id}
          value={text}
          onChange={onChange}
          disabled={disabled}
          placeholder={placeholder}
          autosize={{ minRows: 2, maxRows: 6 }}
        />
      );
    case 'password':
      return (
        <Input id={id} mode="password" value={text} onChange={onChange} disabled={disabled} placeholder={placeholder} />
      );
    case 'number':
      return (
        <InputNumber
          id={id}
          style={{ width: '100%' }}
          value={isBlank(value) ? undefined : Number(value)}
          min={spec.min}
          max={spec.max}
          onChange={(v) => onChange(v === '' ? undefined : v)}
          disabled={disabled}
          placeholder={placeholder}
          suffix={spec.unit}
        />
      );
    case 'money':
    case 'weight':
    case 'qty':
    case 'rate': {
      const places = spec.decimals ?? DEFAULT_DECIMALS[spec.kind] ?? 2;
      return (
        <Input
          id={id}
          className="ly-crud-decimal"
          inputMode="decimal"
          value={text}
          onChange={(v) => onChange(sanitizeDecimal(v, places, (spec.min ?? 0) < 0))}
          disabled={disabled}
          placeholder={placeholder}
          suffix={spec.unit ?? (spec.kind === 'money' ? '元' : spec.kind === 'rate' ? '%' : undefined)}
        />
      );
    }
    case 'date':
    case 'datetime':
      return (
        <DatePicker
          style={{ width: '100%' }}
          type={spec.kind === 'date' ? 'date' : 'dateTime'}
          format={spec.kind === 'date' ? 'yyyy-MM-dd' : 'yyyy-MM-dd HH:mm:ss'}
          value={text || undefined}
          onChange={(_d, s) => onChange((s as string) || undefined)}
          disabled={disabled}
          placeholder={placeholder}
        />
      );
    case 'select':
      return (
        <OptionSelect
          spec={spec}
          value={value}
          onChange={onChange}
          disabled={disabled}
          placeholder={placeholder}
          id={id}
        />
      );
    case 'tree':
      return <OptionTree spec={spec} value={value} onChange={onChange} disabled={disabled} placeholder={placeholder} />;
    case 'region':
      return <RegionCascader value={text} onChange={onChange} disabled={disabled} placeholder={placeholder} />;
    case 'status':
    case 'bool':
      return (
        <span className="ly-crud-switch">
          <Switch
            id={id}
            checked={truthyFlag(value)}
            onChange={(c) => onChange(c ? 1 : 0)}
            disabled={disabled}
            aria-label={spec.label}
          />
          <span>{formatValue(spec.kind, truthyFlag(value) ? 1 : 0)}</span>
        </span>
      );
    case 'image':
    case 'file':
      // No upload endpoint (blade-resource/oss/put-file) exists yet: the path / URL is typed; images preview with
      // the OSS prefix rule of spec §9.
      return (
        <div className="ly-crud-path">
          <Input
            id={id}
            value={text}
            onChange={onChange}
            disabled={disabled}
            placeholder="文件路径或网址，多个用逗号分隔"
          />
          {spec.kind === 'image' && <ImageList value={text} size={48} max={4} />}
        </div>
      );
    default:
      return (
        <Input
          id={id}
          className={spec.kind === 'code' ? 'ly-crud-code' : undefined}
          value={text}
          onChange={onChange}
          disabled={disabled}
          placeholder={placeholder}
        />
      );
  }
}

interface OptionControlProps {
  spec: ControlSpec;
  value: unknown;
  onChange: (v: unknown) => void;
  disabled?: boolean;
  placeholder: string;
  id?: string;
}

function OptionSelect({ spec, value, onChange, disabled, placeholder, id }: OptionControlProps) {
  const { options, loading } = useOptions(spec.options);
  // option values may be numbers (1/0) while the row holds text, or the reverse: match the option's own type
  const match = (v: unknown) => options.find((o) => String(o.value) === String(v))?.value ?? v;
  // a multiple select may hold BladeX's comma text ('password,refresh_token'): edit it as a list
  const list = spec.multiple && typeof value === 'string' ? value.split(',').filter(Boolean) : value;
  const current = isBlank(list) ? undefined : Array.isArray(list) ? list.map(match) : match(list);
  return (
    <Select
      id={id}
      style={{ width: '100%' }}
      optionList={options}
      value={current as string | number | undefined}
      multiple={spec.multiple}
      loading={loading}
      filter
      showClear
      onChange={(v) => onChange(v ?? undefined)}
      disabled={disabled}
      placeholder={placeholder}
    />
  );
}

function OptionTree({ spec, value, onChange, disabled, placeholder }: OptionControlProps) {
  const { tree } = useOptions(spec.options);
  return (
    <TreeSelect
      style={{ width: '100%' }}
      treeData={tree}
      value={isBlank(value) ? undefined : String(value)}
      filterTreeNode
      showClear
      expandAll
      dropdownStyle={{ maxHeight: 320, overflow: 'auto' }}
      onChange={(v) => onChange(isBlank(v) ? undefined : v)}
      disabled={disabled}
      placeholder={placeholder}
    />
  );
}

/** A search-form control (spec §2.12): the search kinds map onto the same controls as the form. */
export function SearchControl({
  def,
  value,
  onChange,
}: {
  def: SearchDef<Record<string, unknown>>;
  value: unknown;
  onChange: (v: unknown) => void;
}) {
  const spec = { field: def.field, label: def.label, kind: def.kind as FieldKind, options: def.options };
  switch (def.kind) {
    case 'status':
    case 'bool':
      return (
        <OptionSelect
          spec={{
            ...spec,
            kind: 'select',
            options: { options: def.kind === 'status' ? STATUS_OPTIONS : BOOL_OPTIONS },
          }}
          value={value}
          onChange={onChange}
          placeholder={`请选择${def.label}`}
        />
      );
    case 'date-range': {
      const range = Array.isArray(value) ? (value as string[]) : undefined;
      return (
        <DatePicker
          style={{ width: '100%' }}
          type="dateRange"
          format="yyyy-MM-dd"
          value={range}
          onChange={(_d, s) => onChange(Array.isArray(s) && s[0] ? s : undefined)}
          placeholder={['开始日期', '结束日期']}
        />
      );
    }
    default:
      return <FieldControl spec={spec} value={value} onChange={onChange} />;
  }
}
