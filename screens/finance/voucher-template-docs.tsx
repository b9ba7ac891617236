/**
 * 凭证模板 screen, tab 业务单据生成凭证: reviewed stock documents of a period, and the 应收单 / 应付单 no stock document
 * vouchers (直发销售 / 直发采购 / 手工应收单 / 手工应付单 / 运费) → one voucher each (BIZ_VOUCHER).
 */
import { useBizVoucherDocumentsQuery, useBizVoucherGenerateMutation } from '../../core/api/izs-financing-biz.api.ts';
import {
  DOCUMENT_TEMPLATE_DOC_TYPES,
  type DocumentTemplateDocType,
} from '../../core/contract/izs-financing/business.contract.ts';
import { moneyCell } from '../../features/voucher/voucher-grid.ts';
import { type SourceFilter, VoucherSourceList } from './voucher-source-list.tsx';

const STOCK_OPTIONS = DOCUMENT_TEMPLATE_DOC_TYPES.map((d) => ({ value: d.value, label: d.label }));

const useDocuments = (f: SourceFilter<DocumentTemplateDocType>) =>
  useBizVoucherDocumentsQuery({ period: f.period, docType: f.kind || undefined, state: f.state });

/** 单据生成凭证: reviewed stock documents and 应收单 / 应付单 of a period → one voucher each. */
export function DocumentsTab() {
  const [gen, { isLoading: busy }] = useBizVoucherGenerateMutation();
  return (
    <VoucherSourceList
      testId="biz-documents"
      rowPrefix="biz-doc"
      generateTestId="biz-generate"
      kinds={STOCK_OPTIONS}
      kindWidth={180}
      useRows={useDocuments}
      generate={async (ids) => {
        const r = await gen({ orderIds: ids });
        return 'data' in r ? r.data : undefined;
      }}
      pickWarning="请先勾选单据"
      busy={busy}
      empty="本期没有已审核的业务单据"
      columns={[
        { title: '单据日期', render: (d) => d.orderDate },
        { title: '单号', render: (d) => d.orderNo },
        { title: '单据类型', render: (d) => d.docTypeName },
        { title: '往来单位', render: (d) => d.partyName },
        { title: '数量（千克）', figure: true, render: (d) => d.totalQty },
        { title: '金额', figure: true, render: (d) => moneyCell(d.totalAmount) },
        { title: '成本金额', figure: true, render: (d) => moneyCell(d.totalCost) },
      ]}
    />
  );
}
