import { Fragment, type ReactNode } from 'react';
import type { z } from 'zod';
import type { FormFieldDef } from '../../core/contract/resource.ts';
import { useLabelledControls } from '../ui/field.tsx';
import { CellValue, DECIMAL_KINDS, FieldControl } from './field-kinds.tsx';
import { withFormValues } from './options.tsx';
// the form carries its own styles: the account-set dialog shows it on pages that load no list page
import './crud.css';

export type FormMode = 'add' | 'edit' | 'view';
export type FieldErrors = Record<string, string>;
type AnyField = FormFieldDef<Record<string, unknown>>;

/** The fields shown in a mode: add-only fields only when adding. */
export function visibleFields(fields: AnyField[], mode: FormMode): AnyField[] {
  return fields.filter((f) => !f.addOnly || mode === 'add');
}

/**
 * Zod issues → one Chinese message per field (the first issue wins). Empty inputs reach the schema as
 * `undefined`, so a required field reports its own `请输入…` message from the contract.
 */
export function validateForm(
  schema: z.ZodType,
  values: Record<string, unknown>,
): { ok: true; data: Record<string, unknown> } | { ok: false; errors: FieldErrors } {
  const r = schema.safeParse(values);
  if (r.success) return { ok: true, data: r.data as Record<string, unknown> };
  const errors: FieldErrors = {};
  for (const issue of r.error.issues) {
    const key = String(issue.path[0] ?? '_');
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}

/**
 * An edit sends `null` for every form field left empty, so that clearing a field clears it on the server
 * (JSON drops `undefined`, and the server would otherwise keep the stored value).
 */
export function withClearedFields(fields: AnyField[], data: Record<string, unknown>): Record<string, unknown> {
  const out = { ...data };
  for (const f of fields) if (out[f.field] === undefined) out[f.field] = null;
  return out;
}

/**
 * Initial values of the add dialog: each form field's zod default (`status` 1, `unit` 't'…), read by parsing
 * `undefined` with the field's own schema, so the dialog opens with what the server would store.
 */
export function formDefaults(schema: z.ZodObject, fields: AnyField[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const fieldSchema = schema.shape[f.field] as z.ZodType | undefined;
    const r = fieldSchema?.safeParse(undefined);
    if (r?.success && r.data !== undefined && r.data !== '') out[f.field] = r.data;
  }
  return out;
}

/** Blank text → undefined so zod defaults and required messages apply; decimals stay strings. */
export function cleanValues(fields: AnyField[], values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const v = values[f.field];
    out[f.field] = v === '' || v === null ? undefined : DECIMAL_KINDS.has(f.kind) && v !== undefined ? String(v) : v;
  }
  return out;
}

/**
 * The form of a resource (add / edit / view) laid out in two columns (`span: 2` takes a whole row), with the
 * field's error under it. View mode shows the values through the same cell adapter as the table.
 */
export function ResourceForm({
  fields,
  mode,
  values,
  errors,
  onChange,
}: {
  fields: AnyField[];
  mode: FormMode;
  values: Record<string, unknown>;
  errors: FieldErrors;
  onChange: (field: string, value: unknown) => void;
}) {
  return (
    <div className="ly-crud-form" data-testid="crud-form">
      {visibleFields(fields, mode).map((field) => {
        const f = { ...field, options: withFormValues(field.options, values) };
        const id = `crud-field-${f.field}`;
        return (
          <Fragment key={f.field}>
            {f.section && (
              <h4 className="ly-crud-section" data-testid={`crud-section-${f.section}`}>
                {f.section}
              </h4>
            )}
            <div
              className={`ly-crud-field${f.span === 2 ? ' is-wide' : ''}${errors[f.field] ? ' has-error' : ''}`}
              data-field={f.field}
            >
              <label className="ly-crud-label" htmlFor={id} id={`${id}-label`}>
                {f.required && mode !== 'view' && (
                  <span className="ly-crud-required" aria-hidden="true">
                    *
                  </span>
                )}
                {f.label}
              </label>
              <LabelledControl labelId={`${id}-label`}>
                {mode === 'view' ? (
                  <div className="ly-crud-view-value">
                    <CellValue col={f} row={values} />
                  </div>
                ) : (
                  <FieldControl
                    id={id}
                    spec={f}
                    value={values[f.field]}
                    onChange={(v) => onChange(f.field, v)}
                    disabled={mode === 'edit' && f.editDisabled}
                  />
                )}
                {errors[f.field] && (
                  <div className="ly-crud-error" role="alert">
                    {errors[f.field]}
                  </div>
                )}
                {f.help && mode !== 'view' && <div className="ly-crud-help">{f.help}</div>}
              </LabelledControl>
            </div>
          </Fragment>
        );
      })}
    </div>
  );
}

/**
 * The control box of a field: every control Semi renders in it (Select and DatePicker comboboxes, which a
 * `<label for>` does not reach) is named by the field's visible label (issue 26).
 */
function LabelledControl({ labelId, children }: { labelId: string; children: ReactNode }) {
  const box = useLabelledControls(labelId);
  return (
    <div className="ly-crud-control" ref={box}>
      {children}
    </div>
  );
}
