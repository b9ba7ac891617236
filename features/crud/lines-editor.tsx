import { IconDelete, IconPlus } from '@douyinfe/semi-icons';
import { Button } from '@douyinfe/semi-ui';
import type { ReactNode } from 'react';
import type { Row } from '../../core/api/crud.api.ts';
import { useNamedControls } from '../ui/field.tsx';
import { CellValue, type ControlSpec, DECIMAL_KINDS, FieldControl, RIGHT_ALIGNED } from './field-kinds.tsx';
import './lines.css';

/**
 * A column of a document's lines table: an editable control of a field kind (the same adapter as every form), or
 * a figure computed from the line (`compute`, e.g. amount = qty × price) shown read-only.
 */
export interface LineColumn extends ControlSpec {
  width?: number;
  required?: boolean;
  /** Read-only figure of the line (decimal string), recomputed on every change. */
  compute?: (line: Row) => string;
  /** A label field of the server's line shown read-only instead of the raw value (e.g. materialName). */
  labelField?: string;
  /** Left out of the table and of the body (e.g. 分摊比例 when allocating by weight). */
  hidden?: boolean;
  /** Value of a new line (e.g. direction 'out' for the first line of a production document). */
  initial?: (index: number) => unknown;
}

/** A new line: each column's initial value. */
export function newLine(columns: LineColumn[], index: number): Row {
  const out: Row = {};
  for (const c of columns) {
    const v = c.initial?.(index);
    if (v !== undefined) out[c.field] = v;
  }
  return out;
}

/** Lines as the form schema wants them: blank cells → undefined, decimals as strings, computed columns left out. */
export function cleanLines(columns: LineColumn[], lines: Row[]): Row[] {
  return lines.map((line) => {
    const out: Row = {};
    for (const c of columns) {
      if (c.compute || c.hidden) continue;
      const v = line[c.field];
      out[c.field] = v === '' || v === null ? undefined : DECIMAL_KINDS.has(c.kind) && v !== undefined ? String(v) : v;
    }
    return out;
  });
}

/** Server lines (detail answer) → editable lines: only the columns' fields, numbers as text. */
export function linesFromRow(columns: LineColumn[], lines: unknown): Row[] {
  if (!Array.isArray(lines)) return [];
  return lines.map((l: Row) => {
    const out: Row = {};
    for (const c of columns) {
      if (c.compute) continue;
      const v = l[c.field];
      if (v !== null && v !== undefined && v !== '') out[c.field] = typeof v === 'number' ? String(v) : v;
    }
    return out;
  });
}

/**
 * The lines table of a header + lines document form: one row per line, a control per column, 添加明细 and a delete
 * button per row; `footer` shows live totals under it and `error` the schema's message naming the bad row.
 */
export function LinesEditor({
  columns,
  value,
  onChange,
  error,
  footer,
  readOnly,
  fit,
}: {
  columns: LineColumn[];
  value: Row[];
  onChange: (lines: Row[]) => void;
  error?: string;
  footer?: ReactNode;
  readOnly?: boolean;
  /**
   * The columns' widths as shares of the container's width, not pixels: the table never grows past its card (the
   * trading contract's ten columns made its editor 1,573 px wide at 1440 px — issue 26).
   */
  fit?: boolean;
}) {
  const shown = columns.filter((c) => !c.hidden);
  const total = 44 + shown.reduce((s, c) => s + (c.width ?? 120), 0) + (readOnly ? 0 : 56);
  const w = (px: number | undefined) => (fit ? `${((px ?? 120) * 100) / total}%` : px);
  const set = (i: number, field: string, v: unknown) =>
    onChange(value.map((l, j) => (j === i ? { ...l, [field]: v } : l)));
  return (
    <div className={`ly-lines${error ? ' has-error' : ''}`} data-testid="lines-editor">
      <table className="ly-lines-table">
        <thead>
          <tr>
            <th style={{ width: w(44) }}>行号</th>
            {shown.map((c) => (
              <th
                key={c.field}
                style={{ width: w(c.width) }}
                className={RIGHT_ALIGNED.has(c.kind) ? 'is-right' : undefined}
              >
                {c.required && !readOnly && <span className="ly-crud-required">*</span>}
                {c.label}
              </th>
            ))}
            {!readOnly && <th style={{ width: w(56) }}>操作</th>}
          </tr>
        </thead>
        <tbody>
          {value.map((line, i) => (
            // lines have no id before saving: the index is their identity while editing
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <tr key={i} data-testid={`line-${i}`}>
              <td className="is-center">{i + 1}</td>
              {shown.map((c) => (
                <td key={c.field} data-field={c.field} className={c.compute ? 'is-right' : undefined}>
                  {c.compute ? (
                    <span className="ly-lines-computed">{c.compute(line)}</span>
                  ) : readOnly ? (
                    <CellValue col={c} row={line} />
                  ) : (
                    <NamedCell name={`第${i + 1}行${c.label}`}>
                      <FieldControl spec={c} value={line[c.field]} onChange={(v) => set(i, c.field, v)} />
                    </NamedCell>
                  )}
                </td>
              ))}
              {!readOnly && (
                <td className="is-center">
                  <Button
                    theme="borderless"
                    type="danger"
                    size="small"
                    icon={<IconDelete />}
                    aria-label={`删除第${i + 1}行`}
                    onClick={() => onChange(value.filter((_l, j) => j !== i))}
                  />
                </td>
              )}
            </tr>
          ))}
          {value.length === 0 && (
            <tr>
              <td className="is-center ly-lines-empty" colSpan={shown.length + 2}>
                暂无明细
              </td>
            </tr>
          )}
        </tbody>
      </table>
      <div className="ly-lines-foot">
        {!readOnly && (
          <Button
            icon={<IconPlus />}
            size="small"
            onClick={() => onChange([...value, newLine(columns, value.length)])}
            data-testid="line-add"
          >
            添加明细
          </Button>
        )}
        <div className="ly-lines-summary">{footer}</div>
      </div>
      {error && (
        <div className="ly-crud-error" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}

/** A line's control, named by its column and row (第1行物料): its visible label is the column header (issue 26). */
function NamedCell({ name, children }: { name: string; children: ReactNode }) {
  const box = useNamedControls(name);
  return <div ref={box}>{children}</div>;
}
