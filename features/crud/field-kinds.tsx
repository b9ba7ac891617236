/**
 * The ONE adapter from field kinds (core/contract/resource.ts FieldKind) to what the screen shows (STYLE.md: each
 * kind rendered in exactly one place): the table cell / detail value (`CellValue`), the form control
 * (`FieldControl`) and the search control (`SearchControl`). Decimal kinds (money, weight, qty, rate) stay
 * strings end to end: formatted with decimal.js (core/format/decimal.ts), edited in a text box, never a float.
 */
import { DatePicker, Image, Input, InputNumber, Switch, Tag, TextArea, TreeSelect } from '@douyinfe/semi-ui';
import type { ReactNode } from 'react';
import { useRegionListQuery } from '../../core/api/blade-system.api.ts';
import type { FieldKind, Option, OptionSource, SearchDef } from '../../core/contract/resource.ts';
import { parseFileList } from '../../core/format/data.ts';
import { formatDecimal } from '../../core/format/decimal.ts';
import { ossUrl } from '../../core/format/url.ts';
import { Select } from '../ui/select.tsx';
import { labelOf, useOptions } from './options.tsx';
import { RegionCascader } from './region-cascader.tsx';

export const DECIMAL_KINDS: ReadonlySet<FieldKind> = new Set(['money', 'weight', 'qty', 'rate']);
/** Default places: money and rates 2 (yuan, percent), weights and quantities 3 (kg / t to the gram). */
export const DEFAULT_DECIMALS: Partial<Record<FieldKind, number>> = { money: 2, rate: 2, weight: 3, qty: 3 };
export const RIGHT_ALIGNED: ReadonlySet<FieldKind> = new Set(['money', 'weight', 'qty', 'rate', 'number']);

export const STATUS_OPTIONS: Option[] = [
  { label: '启用', value: 1 },
  { label: '停用', value: 0 },
];
export const BOOL_OPTIONS: Option[] = [
  { label: '是', value: 1 },
  { label: '否', value: 0 },
];

/** Shown where an image field is empty (inline SVG: never a broken request). */
export const DEFAULT_IMAGE =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="6" fill="#f2f3f5"/><path d="M14 46l12-14 9 10 6-7 9 11z" fill="#c9cdd4"/><circle cx="42" cy="22" r="5" fill="#c9cdd4"/></svg>',
  );

const isBlank = (v: unknown) => v === null || v === undefined || v === '';
const truthyFlag = (v: unknown) => v === 1 || v === '1' || v === true || v === 'true';

/**
 * A value as text for its kind (tables, detail grids, and what tests assert). Decimal kinds go through
 * decimal.js: '12345.6' money → '12,345.60'; no binary float ever touches them.
 */
export function formatValue(
  kind: FieldKind,
  value: unknown,
  opts: { decimals?: number; options?: Option[] } = {},
): string {
  if (isBlank(value)) return kind === 'status' || kind === 'bool' ? '' : '';
  switch (kind) {
    case 'money':
    case 'weight':
    case 'qty':
    case 'rate':
      return formatDecimal(String(value), opts.decimals ?? DEFAULT_DECIMALS[kind] ?? 2);
    case 'date':
      return String(value).slice(0, 10);
    case 'status':
      return truthyFlag(value) ? '启用' : '停用';
    case 'bool':
      return truthyFlag(value) ? '是' : '否';
    case 'password':
      return '******';
    case 'select':
    case 'tree':
      return Array.isArray(value)
        ? value.map((v) => labelOf(opts.options ?? [], v) ?? String(v)).join('、')
        : (labelOf(opts.options ?? [], value) ?? String(value));
    default:
      return String(value);
  }
}

export interface CellSpec {
  field: string;
  kind: FieldKind;
  decimals?: number;
  options?: OptionSource;
  labelField?: string;
}

/** One cell / detail value. Options are loaded only for select and tree cells without a joined label. */
export function CellValue({ col, row }: { col: CellSpec; row: Record<string, unknown> }) {
  const value = row[col.field];
  const joined = col.labelField ? row[col.labelField] : undefined;
  if ((col.kind === 'select' || col.kind === 'tree') && isBlank(joined)) return <OptionCell col={col} value={value} />;
  if (!isBlank(joined)) return <span>{String(joined)}</span>;
  switch (col.kind) {
    case 'code':
      return <span className="ly-crud-code">{formatValue('code', value)}</span>;
    case 'money':
    case 'weight':
    case 'qty':
    case 'rate':
    case 'number':
      return <span className="ly-crud-num">{formatValue(col.kind, value, { decimals: col.decimals })}</span>;
    case 'status':
      return isBlank(value) ? null : (
        <Tag color={truthyFlag(value) ? 'green' : 'grey'} size="small">
          {formatValue('status', value)}
        </Tag>
      );
    case 'image':
      return <ImageList value={value} size={36} max={3} />;
    case 'file':
      return <FileLinks value={value} />;
    case 'region':
      return isBlank(value) ? null : <RegionCell code={String(value)} />;
    default:
      return <span>{formatValue(col.kind, value)}</span>;
  }
}

/** A GB/T 2260 code shown with its name (region/list?code=, one cached request per code). */
function RegionCell({ code }: { code: string }) {
  const q = useRegionListQuery({ code });
  const name = q.data?.records[0]?.name;
  return <span title={code}>{name ? `${name}（${code}）` : code}</span>;
}

function OptionCell({ col, value }: { col: CellSpec; value: unknown }) {
  const { options } = useOptions(col.options);
  return <span>{formatValue(col.kind, value, { options })}</span>;
}

/** Images of an image field (JSON array or comma text of OSS paths, spec §9 prefix rule); a default when empty. */
export function ImageList({ value, size = 96, max }: { value: unknown; size?: number; max?: number }) {
  const list = parseFileList(value);
  if (!list.length)
    return <img src={DEFAULT_IMAGE} alt="暂无图片" width={size} height={size} className="ly-crud-img" />;
  return (
    <span className="ly-crud-images">
      {list.slice(0, max).map((p) => (
        <Image key={p} src={ossUrl(p, DEFAULT_IMAGE)} width={size} height={size} className="ly-crud-img" />
      ))}
    </span>
  );
}

function FileLinks({ value }: { value: unknown }) {
  const list = parseFileList(value);
  return (
    <span className="ly-crud-files">
      {list.map((p) => (
        <a key={p} href={ossUrl(p, '')} target="_blank" rel="noreferrer">
          {p.split('/').pop()}
        </a>
      ))}
    </span>
  );
}

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
          suffix={spec.kind === 'money' ? '元' : spec.kind === 'rate' ? '%' : undefined}
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
