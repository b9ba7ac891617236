import { IconDelete, IconEdit, IconPlus } from '@douyinfe/semi-icons';
import { Button, Empty, Modal, Toast, Tree } from '@douyinfe/semi-ui';
import { useMemo, useState } from 'react';
import {
  crudApi,
  type Row,
  refOf,
  useResourceListQuery,
  useResourceRemoveMutation,
  useResourceSubmitMutation,
  useTreeOptionsQuery,
} from '../../core/api/crud.api.ts';
import type { FormFieldDef, ResourceDef } from '../../core/contract/resource.ts';
import { stripAuditFields } from '../../core/format/data.ts';
import { useAppDispatch } from '../../core/store/hooks.ts';
import { FormDialog } from './form-dialog.tsx';
import { toTreeOptions } from './options.tsx';
import { useResourcePermissions } from './permissions.ts';
import { rowToFormValues } from './resource-list-page.tsx';
import './crud.css';

type AnyField = FormFieldDef<Record<string, unknown>>;

/** Dialog values: parentId '0' (a top-level node) shows as an empty parent. */
export function initialValues(def: ResourceDef, mode: 'add' | 'edit', row: Row): Record<string, unknown> {
  const v = mode === 'edit' ? rowToFormValues(def, row) : { parentId: row.parentId, sort: 0 };
  if (v.parentId === '0' || v.parentId === 0) delete v.parentId;
  return v;
}

/**
 * A tree resource (rows with `parentId`, e.g. 物料分类) edited beside a list: pick a node to filter the list
 * (`onChange`), add a child under the picked node (or a top-level node), edit or delete the picked node. The tree
 * comes from `tree` (TreeNode[]); edits go through the resource's own endpoints and refresh the tree and every
 * dropdown fed by it. Buttons follow the resource's button permissions.
 */
export function ResourceTreePanel({
  def,
  tree,
  value,
  onChange,
  allLabel = '全部',
}: {
  def: ResourceDef;
  tree: string;
  value?: string;
  onChange: (id: string | undefined) => void;
  allLabel?: string;
}) {
  const ref = useMemo(() => refOf(def), [def]);
  const perms = useResourcePermissions(def.permission);
  const dispatch = useAppDispatch();
  const nodes = useTreeOptionsQuery(tree);
  const rows = useResourceListQuery({ ref, params: {} }, { skip: !perms.edit });
  const [submit] = useResourceSubmitMutation();
  const [remove] = useResourceRemoveMutation();
  const [dialog, setDialog] = useState<{ mode: 'add' | 'edit'; row: Row } | null>(null);
  const treeData = useMemo(() => toTreeOptions(nodes.data ?? []), [nodes.data]);
  const selected = (rows.data ?? []).find((r) => String(r.id) === value);
  const refresh = () => dispatch(crudApi.util.invalidateTags([{ type: 'Options', id: tree }]));

  const save = async (values: Record<string, unknown>) => {
    const id = dialog?.mode === 'edit' ? dialog.row.id : undefined;
    const body = stripAuditFields(
      { ...values, ...(id ? { id } : {}) },
      def.form.map((f) => f.field),
    );
    const r = await submit({ ref, body });
    if ('error' in r) return false;
    Toast.success({ content: id ? '修改成功' : '新增成功', duration: 3 });
    refresh();
    return true;
  };
  const askRemove = () =>
    Modal.confirm({
      title: '提示',
      content: `确定删除${def.title}「${selected?.name ?? ''}」吗?`,
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        const r = await remove({ ref, ids: [String(value)] });
        if ('error' in r) return;
        Toast.success({ content: '删除成功', duration: 3 });
        onChange(undefined);
        refresh();
      },
    });

  return (
    <aside className="ly-tree-panel" data-testid={`tree-${def.name}`}>
      <div className="ly-tree-panel-head">
        <span className="ly-tree-panel-title">{def.title}</span>
        <span>
          {perms.add && (
            <Button
              theme="borderless"
              size="small"
              icon={<IconPlus />}
              aria-label={value ? `新增下级${def.title}` : `新增${def.title}`}
              title={value ? `新增下级${def.title}` : `新增${def.title}`}
              onClick={() => setDialog({ mode: 'add', row: { parentId: value ?? '0' } })}
            />
          )}
          {perms.edit && (
            <Button
              theme="borderless"
              size="small"
              icon={<IconEdit />}
              aria-label={`编辑${def.title}`}
              title={`编辑${def.title}`}
              disabled={!selected}
              onClick={() => selected && setDialog({ mode: 'edit', row: selected })}
            />
          )}
          {perms.delete && (
            <Button
              theme="borderless"
              size="small"
              type="danger"
              icon={<IconDelete />}
              aria-label={`删除${def.title}`}
              title={`删除${def.title}`}
              disabled={!value}
              onClick={askRemove}
            />
          )}
        </span>
      </div>
      <button
        type="button"
        className={`ly-tree-panel-all${value ? '' : ' is-active'}`}
        onClick={() => onChange(undefined)}
      >
        {allLabel}
      </button>
      {treeData.length ? (
        <Tree
          treeData={treeData}
          value={value}
          expandAll
          filterTreeNode
          searchPlaceholder={`搜索${def.title}`}
          onChange={(v) => onChange(v ? String(v) : undefined)}
          className="ly-tree-panel-tree"
        />
      ) : (
        <Empty description="暂无数据" />
      )}
      <FormDialog
        title={dialog?.mode === 'edit' ? `编辑${def.title}` : `新增${def.title}`}
        visible={!!dialog}
        mode={dialog?.mode}
        fields={def.form as AnyField[]}
        schema={def.schemas.form}
        initial={dialog ? initialValues(def, dialog.mode, dialog.row) : undefined}
        onClose={() => setDialog(null)}
        onSubmit={save}
      />
    </aside>
  );
}
