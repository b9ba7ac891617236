/** How a field kind shows (split from field-kinds.tsx): the value as text, the table cell / detail value, images, files. */
import { Image, Tag } from '@douyinfe/semi-ui';
import { useRegionListQuery } from '../../core/api/blade-system.api.ts';
import type { FieldKind, Option, OptionSource } from '../../core/contract/resource.ts';
import { parseFileList } from '../../core/format/data.ts';
import { formatDecimal } from '../../core/format/decimal.ts';
import { ossUrl } from '../../core/format/url.ts';
import { DEFAULT_DECIMALS, DEFAULT_IMAGE, isBlank, truthyFlag } from './field-kind-sets.ts';
import { labelOf, useOptions } from './options.tsx';

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
  /** Shown for an empty value (a setting whose empty means a default). */
  emptyText?: string;
  /** Unit after a number (`分钟`). */
  unit?: string;
}

/** One cell / detail value. Options are loaded only for select and tree cells without a joined label. */
export function CellValue({ col, row }: { col: CellSpec; row: Record<string, unknown> }) {
  const value = row[col.field];
  const joined = col.labelField ? row[col.labelField] : undefined;
  if ((col.kind === 'select' || col.kind === 'tree') && isBlank(joined)) return <OptionCell col={col} value={value} />;
  if (!isBlank(joined)) return <span>{String(joined)}</span>;
  if (col.emptyText && isBlank(value)) return <span className="ly-crud-default">{col.emptyText}</span>;
  switch (col.kind) {
    case 'code':
      return <span className="ly-crud-code">{formatValue('code', value)}</span>;
    case 'money':
    case 'weight':
    case 'qty':
    case 'rate':
    case 'number':
      return (
        <span className="ly-crud-num">
          {formatValue(col.kind, value, { decimals: col.decimals })}
          {col.unit && !isBlank(value) ? ` ${col.unit}` : ''}
        </span>
      );
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
