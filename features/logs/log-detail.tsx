/**
 * The 查看 drawer of the monitor logs: the row's fields (as the definition's columns render them), the per-field
 * changes old → new when the log has them, and the request parameters as formatted JSON. Reads `detail?id=`,
 * which answers what the lists leave out (params, changes).
 */
import { Empty, SideSheet, Spin, Table, Typography } from '@douyinfe/semi-ui';
import { type Row, refOf, useResourceDetailQuery } from '../../core/api/crud.api.ts';
import { changeText, type FieldChange } from '../../core/contract/blade-log/log-fields.ts';
import type { ResourceDef } from '../../core/contract/resource.ts';
import { CellValue } from '../crud/field-kinds.tsx';
import './log-detail.css';

/** Pretty JSON when the text parses (params are clipped to a few thousand characters and may not). */
export function prettyParams(text: unknown): string {
  if (typeof text !== 'string' || !text) return '';
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

const changeColumns = [
  { title: '字段', dataIndex: 'label', width: 160 },
  {
    title: '原值',
    dataIndex: 'oldValue',
    render: (v: unknown) => <span className="ly-log-old">{changeText(v) || '（空）'}</span>,
  },
  {
    title: '新值',
    dataIndex: 'newValue',
    render: (v: unknown) => <span className="ly-log-new">{changeText(v) || '（空）'}</span>,
  },
];

export function LogDetail({
  def,
  id,
  onClose,
  changes = false,
}: {
  def: ResourceDef;
  id: string | null;
  onClose: () => void;
  /** Show the 修改明细 table (operation and modify logs). */
  changes?: boolean;
}) {
  const detail = useResourceDetailQuery({ ref: refOf(def), id: id ?? '' }, { skip: !id });
  const row = (detail.data ?? {}) as Row;
  const rows = (Array.isArray(row.changes) ? row.changes : []) as FieldChange[];
  const params = prettyParams(row.params);
  return (
    <SideSheet title={`${def.title}详情`} visible={!!id} onCancel={onClose} width={720} data-testid="log-detail">
      <Spin spinning={detail.isFetching}>
        <div className="ly-log-grid">
          {def.columns.map((c) => (
            <div className="ly-log-item" key={c.field}>
              <span className="ly-log-label">{c.label}</span>
              <span className="ly-log-value">
                <CellValue col={c} row={row} />
              </span>
            </div>
          ))}
        </div>
        {changes && (
          <section className="ly-log-section">
            <Typography.Title heading={6}>修改明细</Typography.Title>
            <Table
              size="small"
              rowKey="field"
              columns={changeColumns}
              dataSource={rows}
              pagination={false}
              empty={<Empty description="没有字段变化" />}
              data-testid="log-changes"
            />
          </section>
        )}
        <section className="ly-log-section">
          <Typography.Title heading={6}>请求参数</Typography.Title>
          {params ? (
            <pre className="ly-log-params" data-testid="log-params">
              {params}
            </pre>
          ) : (
            <Typography.Text type="tertiary">无</Typography.Text>
          )}
        </section>
      </Spin>
    </SideSheet>
  );
}
