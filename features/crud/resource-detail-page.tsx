import { IconLink } from '@douyinfe/semi-icons';
import { Button, Empty, Spin, Table } from '@douyinfe/semi-ui';
import { type ReactNode, useMemo, useState } from 'react';
import { type Row, refOf, useResourceDetailQuery, useResourceListQuery } from '../../core/api/crud.api.ts';
import type { ColumnDef, DetailCardDef, ResourceDef } from '../../core/contract/resource.ts';
import { ChainDialog } from './chain-dialog.tsx';
import { type CellSpec, CellValue, ImageList, RIGHT_ALIGNED } from './field-kinds.tsx';
import './crud.css';

/** The cell spec of a field: its column definition, else its form field, else plain text. */
export function specOf(def: ResourceDef, field: string): CellSpec & { label: string } {
  const c = def.columns.find((x) => x.field === field);
  if (c) return c;
  const f = def.form.find((x) => x.field === field);
  return f ?? { field, label: field, kind: 'text' };
}

function Card({ title, children, extra }: { title: string; children: ReactNode; extra?: ReactNode }) {
  return (
    <section className="ly-detail-card" data-testid={`detail-card-${title}`}>
      <div className="ly-detail-head">
        <h3 className="ly-detail-card-title">{title}</h3>
        {extra}
      </div>
      {children}
    </section>
  );
}

function DetailCard({ def, card, row }: { def: ResourceDef; card: DetailCardDef<Record<string, unknown>>; row: Row }) {
  const [chainOpen, setChainOpen] = useState(false);
  switch (card.kind) {
    case 'grid':
      return (
        <Card title={card.title}>
          <div className="ly-detail-grid">
            {card.fields.map((f) => {
              const spec = specOf(def, f);
              return (
                <div className="ly-detail-item" key={f}>
                  <span className="ly-detail-item-label">{spec.label}</span>
                  <span className="ly-detail-item-value">
                    <CellValue col={spec} row={row} />
                  </span>
                </div>
              );
            })}
          </div>
        </Card>
      );
    case 'table': {
      const rows = Array.isArray(row[card.field]) ? (row[card.field] as Row[]) : [];
      return (
        <Card title={card.title}>
          <Table
            size="small"
            pagination={false}
            rowKey={(r) => String(r?.id ?? JSON.stringify(r))}
            dataSource={rows}
            empty="暂无数据"
            columns={card.columns.map((c: ColumnDef<Record<string, unknown>>) => ({
              title: c.label,
              dataIndex: c.field,
              width: c.width,
              align: RIGHT_ALIGNED.has(c.kind) ? ('right' as const) : undefined,
              render: (_: unknown, r: Row) => <CellValue col={c} row={r} />,
            }))}
          />
        </Card>
      );
    }
    case 'images':
      return (
        <Card title={card.title}>
          <ImageList value={row[card.field]} size={120} />
        </Card>
      );
    case 'chain': {
      const orderNo = String(row[card.orderNoField] ?? '');
      return (
        <Card
          title={card.title}
          extra={
            <Button
              icon={<IconLink />}
              theme="borderless"
              onClick={() => setChainOpen(true)}
              disabled={!orderNo}
              data-testid="chain-link"
            >
              上链信息
            </Button>
          }
        >
          <span className="ly-crud-code">{orderNo || '—'}</span>
          {chainOpen && (
            <ChainDialog orderType={card.orderType} orderNo={orderNo} onClose={() => setChainOpen(false)} />
          )}
        </Card>
      );
    }
  }
}

/**
 * The generic detail page of spec §2.12: cards from `def.detail` (value grid, table, image list, blockchain link).
 * The row comes from `detail?id=`, or — for pages addressed by a business key such as /base/material-detail/{code}
 * — from `list` filtered by that key, keeping the exact match.
 */
export function ResourceDetailPage({
  def,
  id,
  lookup,
  title,
  actions,
  extra,
}: {
  def: ResourceDef;
  id?: string;
  lookup?: { field: string; value: string };
  title?: (row: Row) => string;
  /** Buttons beside the title (e.g. 新增巡检 on the warehouse detail page). */
  actions?: (row: Row) => ReactNode;
  /** Cards after the definition's cards (e.g. the stock movements a document wrote). */
  extra?: (row: Row) => ReactNode;
}) {
  const ref = useMemo(() => refOf(def), [def]);
  const byId = useResourceDetailQuery({ ref, id: id ?? '' }, { skip: !id });
  const byKey = useResourceListQuery(
    { ref, params: lookup ? { [lookup.field]: lookup.value } : {} },
    { skip: !lookup },
  );
  const row = id ? byId.data : byKey.data?.find((r) => lookup && String(r[lookup.field]) === lookup.value);
  const loading = id ? byId.isLoading : byKey.isLoading;
  const cards = def.detail ?? [{ kind: 'grid', title: '基本信息', fields: def.columns.map((c) => c.field) }];
  return (
    <div className="ly-page ly-detail" data-testid={`detail-${def.name}`}>
      {loading ? (
        <Spin size="large" />
      ) : !row ? (
        <Empty description={`${def.title}不存在`} />
      ) : (
        <>
          <div className="ly-detail-title-row">
            <h1 className="ly-page-title">{title ? title(row) : `${def.title}详情`}</h1>
            {actions?.(row)}
          </div>
          {cards.map((c) => (
            <DetailCard key={c.title} def={def} card={c as DetailCardDef<Record<string, unknown>>} row={row} />
          ))}
          {extra?.(row)}
        </>
      )}
    </div>
  );
}
