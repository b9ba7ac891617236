import { Button, Spin, Toast } from '@douyinfe/semi-ui';
import { type ComponentType, useEffect, useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { type Row, refOf, useResourceDetailQuery, useResourceSubmitMutation } from '../../core/api/crud.api.ts';
import type { ResourceDef } from '../../core/contract/resource.ts';
import { stripAuditFields } from '../../core/format/data.ts';
import { useDocLifecycle } from './doc-lifecycle.tsx';
import { DraggableDialog } from './draggable-dialog.tsx';
import { cleanLines, type LineColumn, LinesEditor, linesFromRow, newLine } from './lines-editor.tsx';
import {
  cleanValues,
  type FieldErrors,
  type FormMode,
  formDefaults,
  ResourceForm,
  validateForm,
} from './resource-form.tsx';
import { ResourceListPage, rowToFormValues } from './resource-list-page.tsx';

/** The lines of a document kind and the live figures under them (totals, allocation preview). */
export interface LinesSpec {
  /** A hook (called once per render of the dialog): every column, `hidden` ones included. */
  useColumns: (header: Row) => LineColumn[];
  /** Live figures under the lines. */
  Summary?: ComponentType<{ header: Row; lines: Row[] }>;
  /** Lines of a new document (default: one empty line). */
  initial?: number;
}

/**
 * Add / edit / view of a header + lines document: the header through the resource form, the lines through the
 * lines editor, validated by the definition's form schema as a whole (a bad line is named by its row number);
 * editing loads the document's `detail` (lines included).
 */
export function DocumentDialog({
  def,
  lines,
  mode,
  id,
  onClose,
}: {
  def: ResourceDef;
  lines: LinesSpec;
  mode: FormMode;
  id?: string;
  onClose: () => void;
}) {
  const ref = useMemo(() => refOf(def), [def]);
  const detail = useResourceDetailQuery({ ref, id: id ?? '' }, { skip: !id });
  const [header, setHeader] = useState<Row>(() => (id ? {} : formDefaults(def.schemas.form, def.form)));
  const [body, setBody] = useState<Row[]>([]);
  const [loaded, setLoaded] = useState(!id);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submit, submitState] = useResourceSubmitMutation();
  const columns = lines.useColumns(header);
  const Summary = lines.Summary;

  useEffect(() => {
    if (!id && body.length === 0 && loaded) {
      setBody(Array.from({ length: lines.initial ?? 1 }, (_x, i) => newLine(columns, i)));
    }
  }, [id, body.length, loaded, lines.initial, columns]);
  useEffect(() => {
    if (id && detail.data && !loaded) {
      setHeader(rowToFormValues(def, { ...detail.data }));
      setBody(linesFromRow(columns, detail.data.lines));
      setLoaded(true);
    }
  }, [id, detail.data, loaded, def, columns]);

  const save = async () => {
    const checked = validateForm(def.schemas.form, {
      ...cleanValues(def.form, header),
      lines: cleanLines(columns, body),
    });
    if (!checked.ok) return setErrors(checked.errors);
    const data = stripAuditFields(id ? { ...checked.data, id } : checked.data, [
      ...def.form.map((f) => f.field),
      'lines',
    ]);
    const r = await submit({ ref, body: data });
    if ('error' in r) return;
    Toast.success({ content: id ? '修改成功' : '新增成功', duration: 3 });
    onClose();
  };
  const view = mode === 'view';
  const detailLines = detail.data?.lines;
  const viewLines = Array.isArray(detailLines) ? detailLines.filter(isRow) : [];
  return (
    <DraggableDialog
      visible
      width={1100}
      title={`${{ add: '新增', edit: '编辑', view: '查看' }[mode]}${def.title}`}
      onClose={onClose}
      footer={
        view ? (
          <Button onClick={onClose}>关闭</Button>
        ) : (
          <>
            <Button onClick={onClose}>取消</Button>
            <Button theme="solid" onClick={save} loading={submitState.isLoading} data-testid="crud-save">
              {mode === 'add' ? '保存' : '修改'}
            </Button>
          </>
        )
      }
    >
      {!loaded ? (
        <Spin />
      ) : (
        <>
          <ResourceForm
            fields={def.form}
            mode={mode}
            values={view ? { ...detail.data } : header}
            errors={errors}
            onChange={(field, v) => {
              setHeader((h) => ({ ...h, [field]: v }));
              if (errors[field]) setErrors(({ [field]: _gone, ...rest }) => rest);
            }}
          />
          <div className="ly-lines-title">明细</div>
          <LinesEditor
            columns={columns}
            value={view ? viewLines : body}
            readOnly={view}
            onChange={(v) => {
              setBody(v);
              if (errors.lines) setErrors(({ lines: _gone, ...rest }) => rest);
            }}
            error={errors.lines}
            footer={Summary && <Summary header={view ? { ...detail.data } : header} lines={view ? viewLines : body} />}
          />
        </>
      )}
    </DraggableDialog>
  );
}

/**
 * The list page of a document resource: the generic list with 新增 / 编辑 opening the header + lines dialog, 编辑 /
 * 删除 on drafts only, the life-cycle row buttons (提交审核 / 审核 / 作废) and 查看 going to the detail page when
 * there is one (else the read-only dialog).
 */
export function DocumentListPage({
  def,
  lines,
  detailPath,
  printPath,
}: {
  def: ResourceDef;
  lines: LinesSpec;
  detailPath?: (row: Row) => string;
  /** The printed page of a row (a 打印 button opens it in a new window). */
  printPath?: (row: Row) => string;
}) {
  const [, navigate] = useLocation();
  const [dialog, setDialog] = useState<{ mode: FormMode; id?: string; key: number } | null>(null);
  const life = useDocLifecycle(def);
  return (
    <>
      <ResourceListPage
        def={def}
        detailPath={detailPath}
        rowActions={(row) => (
          <>
            {life.rowActions(row)}
            {printPath && (
              <Button
                theme="borderless"
                size="small"
                data-testid="doc-print"
                onClick={() => window.open(printPath(row), '_blank')}
              >
                打印
              </Button>
            )}
          </>
        )}
        rowActionsWidth={printPath ? 150 : 110}
        rowEditable={(row) => row.state === 'draft'}
        onEdit={(mode, row) => setDialog({ mode, id: row.id ? String(row.id) : undefined, key: Date.now() })}
        onView={(row) =>
          detailPath ? navigate(detailPath(row)) : setDialog({ mode: 'view', id: String(row.id), key: Date.now() })
        }
      />
      {dialog && (
        <DocumentDialog
          key={dialog.key}
          def={def}
          lines={lines}
          mode={dialog.mode}
          id={dialog.id}
          onClose={() => setDialog(null)}
        />
      )}
      {life.dialog}
    </>
  );
}

/** A line of a document's detail answer (an object; anything else is not shown). */
function isRow(v: unknown): v is Row {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
