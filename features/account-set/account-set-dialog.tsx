import { Button, Input } from '@douyinfe/semi-ui';
import { useEffect, useState } from 'react';
import { useAccountSetsSubmitMutation } from '../../core/api/izs-financing.api.ts';
import { notifySuccess } from '../../core/api/notify.ts';
import { type AccountSet, accountSetForm } from '../../core/contract/izs-financing/account-set.contract.ts';
import type { FormFieldDef } from '../../core/contract/resource.ts';
import { businessMonthStart } from '../../core/format/business-day.ts';
import { DraggableDialog } from '../crud/draggable-dialog.tsx';
import { cleanValues, type FieldErrors, ResourceForm, validateForm } from '../crud/resource-form.tsx';
import { accountSetView } from './account-set.resource.ts';

type AnyField = FormFieldDef<Record<string, unknown>>;
/** 所属企业 is fixed to the current organisation (spec §5): shown read-only above the form. */
const FIELDS = (accountSetView.form as unknown as AnyField[]).filter((f) => f.field !== 'deptId');

/** The server's month (a book starts on the business day's month, core/format/business-day.ts). */
const firstOfMonth = (): string => businessMonthStart();

/**
 * 新建账套 / 编辑账套 (spec §4, §5): required name, standard, enable date, tax nature, default flag, industry,
 * taxpayer id and tax region; the owning enterprise is the current organisation, fixed and disabled.
 */
export function AccountSetDialog({
  visible,
  deptId,
  deptName,
  book,
  onClose,
  onSaved,
}: {
  visible: boolean;
  deptId: string;
  deptName: string;
  /** edit this book; absent: create */
  book?: AccountSet | null;
  onClose: () => void;
  onSaved: (saved: AccountSet) => void;
}) {
  const [values, setValues] = useState<Record<string, unknown>>({});
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submit, { isLoading }] = useAccountSetsSubmitMutation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the dialog opens
  useEffect(() => {
    if (!visible) return;
    setErrors({});
    setValues(
      book
        ? { ...book }
        : {
            accountingSystem: 1,
            taxNature: '1',
            isDefault: '1',
            industryInvolved: 3,
            enableInvoice: '0',
            voucherWords: 'single',
            reviewRequired: 1,
            allowSelfReview: 0,
            postingRequired: 1,
            enableDate: firstOfMonth(),
          },
    );
  }, [visible]);
  const save = async () => {
    const checked = validateForm(accountSetForm, { ...cleanValues(FIELDS, values), deptId: book?.deptId ?? deptId });
    if (!checked.ok) return setErrors(checked.errors);
    const saved = await submit(book ? { ...checked.data, id: book.id } : checked.data)
      .unwrap()
      .catch(() => null);
    if (!saved) return;
    notifySuccess(book ? '修改成功' : '添加成功');
    onSaved(saved);
    onClose();
  };
  return (
    <DraggableDialog
      visible={visible}
      title={book ? '编辑账套' : '新建账套'}
      onClose={onClose}
      width={760}
      footer={
        <>
          <Button onClick={onClose}>取消</Button>
          <Button theme="solid" onClick={save} loading={isLoading} data-testid="account-set-save">
            保存
          </Button>
        </>
      }
    >
      <div className="ly-fin-fixed" data-testid="account-set-dept">
        <span className="ly-fin-required">所属企业</span>
        <Input value={book?.deptName ?? deptName} disabled aria-label="所属企业" />
      </div>
      <ResourceForm
        fields={FIELDS}
        mode={book ? 'edit' : 'add'}
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
