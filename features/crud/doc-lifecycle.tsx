import { Button, Modal, TextArea, Toast } from '@douyinfe/semi-ui';
import { type ReactNode, useMemo, useState } from 'react';
import { type Row, refOf } from '../../core/api/crud.api.ts';
import { type LifecycleAction, useDocLifecycleMutation } from '../../core/api/izs-stock.api.ts';
import type { ResourceDef } from '../../core/contract/resource.ts';
import { hasPermission } from '../../core/permissions/permissions-slice.ts';
import { useAppSelector } from '../../core/store/hooks.ts';
import { NO_ENGLISH_NAME } from '../ui/semi-zh.ts';

export interface DocPermissions {
  submit: boolean;
  review: boolean;
  void: boolean;
}

/** Life-cycle buttons (menu-tree `docButtons`): 提交审核 needs `_add` or `_edit`, 审核 `_review`, 作废 `_void`. */
export function docPermissions(map: Record<string, boolean> | null, prefix: string): DocPermissions {
  const can = (a: string) => hasPermission(map, `${prefix}_${a}`);
  return { submit: can('add') || can('edit'), review: can('review'), void: can('void') };
}

/** The life-cycle steps a row in `state` offers (DESIGN §5: draft → submitted → reviewed → voided). */
export function docActions(state: unknown, p: DocPermissions): LifecycleAction[] {
  const out: LifecycleAction[] = [];
  if (state === 'draft' && p.submit) out.push('submitReview');
  if (state === 'submitted' && p.review) out.push('review');
  if ((state === 'submitted' || state === 'reviewed') && p.void) out.push('void');
  return out;
}

const LABELS: Record<LifecycleAction, string> = { submitReview: '提交审核', review: '审核', void: '作废' };
const DONE: Record<LifecycleAction, string> = { submitReview: '提交成功', review: '审核成功', void: '作废成功' };

/**
 * Row buttons 提交审核 / 审核 / 作废 of a document resource, gated by state and button permissions; 审核 asks for
 * confirmation (optional remark), 作废 for a reason. Returns the row renderer and the dialog to mount once.
 */
export function useDocLifecycle(def: ResourceDef): { rowActions: (row: Row) => ReactNode; dialog: ReactNode } {
  const map = useAppSelector((s) => s.permissions.map);
  const perms = docPermissions(map, def.permission);
  const ref = useMemo(() => refOf(def), [def]);
  const [run, state] = useDocLifecycleMutation();
  const [ask, setAsk] = useState<{ action: 'review' | 'void'; row: Row } | null>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState('');

  const exec = async (action: LifecycleAction, id: string, extra: { remark?: string; reason?: string } = {}) => {
    const r = await run({ ref, action, body: { id, ...extra } });
    if ('error' in r) return false; // the base query has shown the server's message
    Toast.success({ content: DONE[action], duration: 3 });
    return true;
  };
  const click = (action: LifecycleAction, row: Row) => {
    if (action === 'submitReview') return void exec(action, String(row.id));
    setAsk({ action, row });
    setText('');
    setError('');
  };
  const confirm = async () => {
    if (!ask) return;
    if (ask.action === 'void' && !text.trim()) return setError('请输入作废原因');
    const ok = await exec(
      ask.action,
      String(ask.row.id),
      ask.action === 'void' ? { reason: text.trim() } : { remark: text.trim() },
    );
    if (ok) setAsk(null);
  };

  const rowActions = (row: Row) =>
    docActions(row.state, perms).map((a) => (
      <Button
        key={a}
        theme="borderless"
        size="small"
        type={a === 'void' ? 'danger' : 'primary'}
        onClick={() => click(a, row)}
        data-testid={`doc-${a}`}
      >
        {LABELS[a]}
      </Button>
    ));
  const dialog = (
    <Modal
      visible={!!ask}
      title={ask ? `${LABELS[ask.action]}${def.title}：${String(ask.row.orderNo ?? '')}` : ''}
      onCancel={() => setAsk(null)}
      onOk={confirm}
      okText="确定"
      cancelText="取消"
      confirmLoading={state.isLoading}
      okButtonProps={{ ...NO_ENGLISH_NAME, 'data-testid': 'doc-confirm' } as Record<string, string>}
    >
      <div className="ly-doc-ask">
        {ask?.action === 'review' ? '审核后库存随即变动，确定审核该单据吗？' : '作废后已产生的库存变动将被冲回。'}
      </div>
      <TextArea
        value={text}
        onChange={(v) => {
          setText(v);
          setError('');
        }}
        maxCount={255}
        placeholder={ask?.action === 'void' ? '请输入作废原因' : '审核意见(选填)'}
        data-testid="doc-ask-text"
      />
      {error && (
        <div className="ly-crud-error" role="alert">
          {error}
        </div>
      )}
    </Modal>
  );
  return { rowActions, dialog };
}
