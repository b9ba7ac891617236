import { IconRefresh } from '@douyinfe/semi-icons';
import { Button, Spin, Toast } from '@douyinfe/semi-ui';
import { useEffect, useState } from 'react';
import type { z } from 'zod';
import type { FormFieldDef } from '../../core/contract/resource.ts';
import { normalizeRow } from '../../core/format/data.ts';
import { cleanValues, type FieldErrors, ResourceForm, validateForm } from './resource-form.tsx';
import './crud.css';

type AnyField = FormFieldDef<Record<string, unknown>>;

/** The loaded record as form values: ids, codes and decimals stay text (spec §5 data helper). */
export function recordToValues(fields: AnyField[], record: Record<string, unknown>): Record<string, unknown> {
  const keep = fields.filter((f) => !['number', 'status', 'bool'].includes(f.kind)).map((f) => f.field);
  return normalizeRow({ ...record }, keep);
}

/** The record's query as a typed hook answers it (e.g. `useBaseConfigBusinessDetailQuery`). */
export interface RecordQuery {
  data?: object;
  isFetching: boolean;
  refetch: () => unknown;
}

/**
 * A card editing ONE record, read by `query` and saved by `onSave` (settings pages such as the per-department
 * 业务配置): the fields are data, checked by the schema before `onSave` gets them, `body` adds the key the record
 * belongs to (deptId…). `onSave` answers whether it saved (the base query shows the server's message otherwise);
 * saving invalidates the record's tag, so it is read again. Without `canEdit` the values are shown read-only and
 * there is no 保存 button.
 */
export function RecordForm({
  title,
  fields,
  schema,
  query,
  onSave,
  saving = false,
  body,
  canEdit,
  testId,
}: {
  title: string;
  fields: AnyField[];
  schema: z.ZodType;
  query: RecordQuery;
  onSave: (values: Record<string, unknown>) => Promise<boolean>;
  saving?: boolean;
  body?: Record<string, unknown>;
  canEdit: boolean;
  testId?: string;
}) {
  const [values, setValues] = useState<Record<string, unknown>>({});
  const [errors, setErrors] = useState<FieldErrors>({});
  useEffect(() => {
    if (query.data) setValues(recordToValues(fields, Object.fromEntries(Object.entries(query.data))));
    setErrors({});
  }, [query.data, fields]);

  const submit = async () => {
    const checked = validateForm(schema, { ...cleanValues(fields, values), ...body });
    if (!checked.ok) return setErrors(checked.errors);
    if (!(await onSave(checked.data))) return;
    Toast.success({ content: '保存成功', duration: 3 });
  };

  return (
    <section className="ly-detail-card ly-record-form" data-testid={testId}>
      <div className="ly-detail-head">
        <h3 className="ly-detail-card-title">{title}</h3>
        <span className="ly-record-form-tools">
          <Button icon={<IconRefresh />} aria-label="刷新" title="刷新" onClick={() => void query.refetch()} />
          {canEdit && (
            <Button theme="solid" onClick={submit} loading={saving} data-testid={`${testId}-save`}>
              保存
            </Button>
          )}
        </span>
      </div>
      {query.isFetching && !query.data ? (
        <Spin />
      ) : (
        <ResourceForm
          fields={fields}
          mode={canEdit ? 'add' : 'view'}
          values={values}
          errors={errors}
          onChange={(field, v) => {
            setValues((vals) => ({ ...vals, [field]: v }));
            if (errors[field]) setErrors(({ [field]: _gone, ...rest }) => rest);
          }}
        />
      )}
    </section>
  );
}
