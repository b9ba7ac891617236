import { IconDownload } from '@douyinfe/semi-icons';
import { Button, DatePicker, Modal, Space, Table, Toast } from '@douyinfe/semi-ui';
import { useState } from 'react';
import { ledgerFiles } from '../../core/api/downloads.api.ts';
import { useFileDownload } from '../../core/api/endpoints.ts';
import { useLedgerDocumentsQuery, useLedgerSummaryQuery } from '../../core/api/izs-contract.api.ts';
import { notifyError } from '../../core/api/notify.ts';
import { type LedgerRow, purchaseLedgerDef, sellLedgerDef } from '../../core/contract/izs-contract/ledger.contract.ts';
import { CUSTOMER_SELECT, SUPPLIER_SELECT } from '../../core/contract/izs-stock/fields.ts';
import { formatTonnes } from '../../core/format/amounts.ts';
import { businessMonthStart, businessToday } from '../../core/format/business-day.ts';
import { pickedDay } from '../../core/format/date.ts';
import { PageFrame } from '../../features/admin-page/common.tsx';
import { formatBytes } from '../../features/crud/export-import.tsx';
import { FieldControl } from '../../features/crud/field-kinds.tsx';
import { SearchItem } from '../../features/crud/search-item.tsx';
import { kgCell, moneyCell, qtyCell } from '../../features/ui/cells.ts';

/** A picked calendar day as yyyy-MM-dd (core/format/date.ts). */
const day = (d: Date) => pickedDay(d);
const num = (w?: number) => ({ align: 'right' as const, width: w });
const money = (w?: number) => ({ ...num(w), render: moneyCell });
const tonnes = (w?: number) => ({ ...num(w), render: qtyCell(3) });
const kg = (w?: number) => ({ ...num(w), render: kgCell });
/** a weight kept in kg, shown in tonnes like the contracted quantities beside it */
const tonnesOfKg = (w?: number) => ({
  ...num(w),
  render: (v: unknown) => (v === null || v === undefined || v === '' ? '' : formatTonnes(String(v))),
});
const DOC: Record<string, string> = {
  in_stock: '采购入库',
  out_stock: '销售出库',
  purchase_return: '采购退货',
  sale_return: '销售退货',
};

/**
 * 采购台账 / 销售台账: per counterparty × material for a period — contracted, delivered net weight and amount, open on
 * executing contracts, invoiced, paid / collected and open amount; a row opens its documents; 导出 writes the same rows to Excel.
 */
export function LedgerPage({ side }: { side: 'purchase' | 'sale' }) {
  // the server's month so far (TZ), not the browser's clock
  const [range, setRange] = useState<[string, string]>(() => [businessMonthStart(), businessToday()]);
  const [partyId, setPartyId] = useState<string | undefined>();
  const [drill, setDrill] = useState<LedgerRow | null>(null);
  const q = { side, beginDate: range[0], endDate: range[1], ...(partyId ? { partyId } : {}) };
  const sum = useLedgerSummaryQuery(q, { refetchOnMountOrArgChange: true });
  const docs = useLedgerDocumentsQuery(
    { ...q, partyId: drill?.partyId ?? '', materialId: drill?.materialId ?? '' },
    { skip: !drill },
  );
  const def = side === 'purchase' ? purchaseLedgerDef : sellLedgerDef;
  const partyLabel = side === 'purchase' ? '供应商' : '客户';
  const paidLabel = side === 'purchase' ? '已付款' : '已收款';
  const openLabel = side === 'purchase' ? '未付款' : '未收款';
  const t = sum.data?.totals;
  // 导出: the file descriptor of this side (LEDGER_FILES), with the filters on screen
  const file = useFileDownload(side === 'purchase' ? ledgerFiles.purchaseExport : ledgerFiles.sellExport);
  const exportFile = () => {
    const { side: _side, ...filters } = q;
    file
      .download(filters)
      .then(() => Toast.success({ content: `已导出 ${sum.data?.rows.length ?? 0} 条${def.title}`, duration: 3 }))
      .catch((e: unknown) => notifyError((e as Error).message));
  };
  return (
    <PageFrame title={def.title} testId={`ledger-${side}`}>
      <Space wrap align="end" className="ly-ledger-bar">
        <SearchItem label="业务日期">
          <DatePicker
            type="dateRange"
            value={range}
            onChange={(v) => {
              const [a, b] = (v as Date[] | undefined) ?? [];
              if (a && b) setRange([day(a), day(b)]);
            }}
            data-testid="ledger-range"
          />
        </SearchItem>
        <SearchItem label={partyLabel} style={{ width: 300 }}>
          <FieldControl
            spec={{
              field: 'partyId',
              label: partyLabel,
              kind: 'select',
              options: side === 'purchase' ? SUPPLIER_SELECT : CUSTOMER_SELECT,
            }}
            value={partyId}
            onChange={(v) => setPartyId(v ? String(v) : undefined)}
          />
        </SearchItem>
        <Button icon={<IconDownload />} onClick={exportFile} loading={file.bytes !== null} data-testid="crud-export">
          {file.bytes === null ? '导出' : `导出中 ${formatBytes(file.bytes)}`}
        </Button>
      </Space>
      <Table
        size="small"
        rowKey={(r?: LedgerRow) => `${r?.partyId}:${r?.materialId}`}
        loading={sum.isFetching}
        pagination={false}
        dataSource={sum.data?.rows ?? []}
        empty="所选期间没有合同或已审核的单据"
        onRow={(r?: LedgerRow) => ({ onClick: () => r && setDrill(r), style: { cursor: 'pointer' } })}
        data-testid="ledger-table"
        scroll={{ x: 1300 }}
        columns={[
          // the money the party still owes or is owed comes first after what was delivered: in view at 1440 px
          { title: partyLabel, dataIndex: 'partyName', width: 160, fixed: 'left' as const },
          { title: '物料', dataIndex: 'materialName', width: 90, fixed: 'left' as const },
          { title: side === 'purchase' ? '入库(吨)' : '出库(吨)', dataIndex: 'deliveredKg', ...tonnesOfKg(96) },
          { title: '金额', dataIndex: 'deliveredAmount', ...money(116) },
          { title: '已开票', dataIndex: 'invoicedAmount', ...money(112) },
          { title: paidLabel, dataIndex: 'paidAmount', ...money(112) },
          { title: openLabel, dataIndex: 'openAmount', ...money(116) },
          { title: '合同数量(吨)', dataIndex: 'contractedQty', ...tonnes(104) },
          { title: '合同金额', dataIndex: 'contractedAmount', ...money(120) },
          { title: '未执行(吨)', dataIndex: 'openQty', ...tonnes(96) },
          { title: '合同数', dataIndex: 'contractCount', ...num(64) },
          { title: '单据数', dataIndex: 'documentCount', ...num(64) },
        ]}
      />
      {t && (
        <div className="ly-ledger-total" data-testid="ledger-total">
          合计：合同 {qtyCell(3)(t.contractedQty)} 吨 / {moneyCell(t.contractedAmount)} 元；
          {side === 'purchase' ? '入库' : '出库'} {formatTonnes(t.deliveredKg)} 吨 / {moneyCell(t.deliveredAmount)}{' '}
          元；未执行 {qtyCell(3)(t.openQty)} 吨；已开票 {moneyCell(t.invoicedAmount)} 元；
          {paidLabel} {moneyCell(t.paidAmount)} 元；{openLabel} {moneyCell(t.openAmount)} 元
        </div>
      )}
      <Modal
        visible={!!drill}
        width={1340}
        title={drill ? `${drill.partyName} · ${drill.materialName}：${range[0]} 至 ${range[1]}` : ''}
        onCancel={() => setDrill(null)}
        footer={<Button onClick={() => setDrill(null)}>关闭</Button>}
      >
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          loading={docs.isFetching}
          dataSource={docs.data ?? []}
          data-testid="ledger-docs"
          scroll={{ x: 1268 }}
          columns={[
            { title: '单据编号', dataIndex: 'orderNo', width: 150 },
            { title: '类型', dataIndex: 'docType', render: (v: string) => DOC[v] ?? v, width: 96 },
            { title: '日期', dataIndex: 'orderDate', width: 112 },
            { title: '合同', dataIndex: 'contractNo', width: 140, render: (v: string | null) => v ?? '—' },
            { title: '磅单', dataIndex: 'sourceWeighingNo', width: 140, render: (v: string | null) => v ?? '—' },
            { title: '净重(kg)', dataIndex: 'qtyKg', ...kg(100) },
            { title: '单价', dataIndex: 'unitPrice', ...money(90) },
            { title: '金额', dataIndex: 'amount', ...money(110) },
            { title: '已开票', dataIndex: 'invoicedAmount', ...money(110) },
            { title: paidLabel, dataIndex: 'paidAmount', ...money(110) },
            { title: openLabel, dataIndex: 'openAmount', ...money(110) },
          ]}
        />
      </Modal>
    </PageFrame>
  );
}
