import { Button } from '@douyinfe/semi-ui';
import { useEffect, useState } from 'react';
import type { z } from 'zod';
import type { FormFieldDef } from '../../core/contract/resource.ts';
import { DraggableDialog } from './draggable-dialog.tsx';
import { cleanValues, type FieldErrors, formDefaults, ResourceForm, validateForm } from './resource-form.tsx';
import './crud.css';

type AnyField = FormFieldDef<Record<string, unknown>>;

/**
 * A draggable dialog holding a form (fields as data, checked by a zod schema before sending): for actions that add a
 * record outside a resource's own list (a warehouse's patrol, a tree's child node). `onSubmit` answers true when
 * the server took it (the dialog closes); the server's refusal has already been shown by the base query.
 */
export function FormDialog({
  title,
  visible,
  fields,
  schema,
  initial,
  extra,
  mode = 'add',
  onClose,
  onSubmit,
}: {
  title: string;
  visible: boolean;
  fields: AnyField[];
  schema: z.ZodObject;
  /** Starting values (edit); default: the schema's defaults. */
  initial?: Record<string, unknown>;
  /** Values sent with the form but not shown (e.g. the warehouse id). */
  extra?: Record<string, unknown>;
  /** 'edit' disables the fields marked editDisabled. */
  mode?: 'add' | 'edit';
  onClose: () => void;
  onSubmit: (values: Record<string, unknown>) => Promise<boolean>;
}) {
  const [values, setValues] = useState<Record<string, unknown>>({});
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the dialog opens
  useEffect(() => {
    if (visible) {
      setValues(initial ? { ...initial } : formDefaults(schema, fields));
      setErrors({});
    }
  }, [visible]);
  const save = async () => {
    const checked = validateForm(schema, { ...cleanValues(fields, values), ...extra });
    if (!checked.ok) return setErrors(checked.errors);
    setBusy(true);
    try {
      if (await onSubmit(checked.data)) onClose();
    } finally {
      setBusy(false);
    }
  };
  return (
    <DraggableDialog
      visible={visible}
      title={title}
      onClose={onClose}
      width={720}
      footer={
        <>
          <Button onClick={onClose}>取消</Button>
          <Button theme="solid" onClick={save} loading={busy} data-testid="crud-save">
            保存
          </Button>
        </>
      }
    >
      <ResourceForm
        fields={fields}
        mode={mode}
        values={values}
        errors={errors}
        onChange={(field, v) => {
          setValues((vals) => ({ ...vals, [field]: v }));
          if (errors[field]) setErrors(({ [field]: _gone, ...rest }) => rest);
        }}
      />
    </DraggableDialog>
  );
}
