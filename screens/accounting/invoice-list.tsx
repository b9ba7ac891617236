/**
 * 进项发票 (/accounting/purchase/invoice-list) and 销项发票 (/accounting/sale/invoice-list): the 票货款 match of every
 * reviewed in-stock / out-stock (goods, invoiced, paid, uninvoiced) and the invoices; 登记发票 fills the fields from
 * pasted text or a 数电票 XML file (core/finance-ar/invoice-parse.ts) and links the invoice to the documents it covers.
 */
import { Banner, Button, Checkbox, Input, Modal, Table, TextArea, Toast } from '@douyinfe/semi-ui';
import { useState } from 'react';
import {
  useInvoiceMatchQuery,
  useInvoicePageQuery,
  useInvoiceParsePdfMutation,
  useInvoiceSaveMutation,
} from '../../core/api/izs-finance-ar.api.ts';
import type { MatchRow } from '../../core/contract/izs-finance-ar/invoice.contract.ts';
import { type ParsedInvoice, parseEInvoiceXml, parseInvoiceText } from '../../core/finance-ar/invoice-parse.ts';
import type { ScreenProps } from '../../features/shell/guarded-router.tsx';
import { Page, yuan } from './arap-common.tsx';

const num = (v: string) => <span className="ly-arap-num">{yuan(v)}</span>;
const FIELDS: [keyof ParsedInvoice, string][] = [
  ['invoiceNo', '发票号码'],
  ['invoiceDate', '开票日期'],
  ['amount', '金额（不含税）'],
  ['taxAmount', '税额'],
  ['taxAndAmount', '价税合计'],
  ['sellerName', '销售方名称'],
  ['sellerTaxpayerId', '销售方纳税人识别号'],
  ['sellerBankName', '销售方开户行'],
  ['sellerBankAccount', '销售方账号'],
  ['purchaserName', '购买方名称'],
  ['purchaserTaxpayerId', '购买方纳税人识别号'],
  ['remark', '备注'],
];

function InvoiceDialog({
  direction,
  docs,
  onClose,
}: {
  direction: 'in' | 'out';
  docs: MatchRow[];
  onClose: () => void;
}) {
  const [f, setF] = useState<Record<string, string>>({ invoiceType: '', origin: 'manual' });
  const [problems, setProblems] = useState<string[]>([]);
  const [paste, setPaste] = useState('');
  const [links, setLinks] = useState<Record<string, string>>({});
  const [save] = useInvoiceSaveMutation();
  const [parsePdf, pdfState] = useInvoiceParsePdfMutation();
  const apply = (p: ParsedInvoice, origin: string) => {
    const { lines: _l, problems: pr, ...fields } = p;
    setF({ ...f, ...Object.fromEntries(Object.entries(fields).filter(([, v]) => v)), origin });
    setProblems(pr);
  };
  const submit = async () => {
    try {
      const r = await save({
        direction,
        invoiceCode: f.invoiceCode ?? '',
        invoiceNo: f.invoiceNo ?? '',
        invoiceType: (f.invoiceType ?? '') as 'special' | 'normal' | '',
        invoiceDate: f.invoiceDate ?? '',
        amount: f.amount ?? '',
        taxAmount: f.taxAmount || '0',
        taxAndAmount: f.taxAndAmount ?? '',
        purchaserName: f.purchaserName,
        purchaserTaxpayerId: f.purchaserTaxpayerId,
        purchaserAddress: f.purchaserAddress,
        purchaserBankName: f.purchaserBankName,
        purchaserBankAccount: f.purchaserBankAccount,
        sellerName: f.sellerName,
        sellerTaxpayerId: f.sellerTaxpayerId,
        sellerAddress: f.sellerAddress,
        sellerBankName: f.sellerBankName,
        sellerBankAccount: f.sellerBankAccount,
        origin: (f.origin ?? 'manual') as 'manual',
        fileHash: f.fileHash ?? '',
        remark: f.remark,
        links: Object.entries(links)
          .filter(([, a]) => a)
          .map(([orderId, amount]) => ({ orderId, amount })),
      }).unwrap();
      Toast.success(`已登记发票 ${r.invoiceNo}`);
      onClose();
    } catch (e) {
      Toast.error((e as { data?: { msg?: string } })?.data?.msg ?? '保存失败');
    }
  };
  return (
    <Modal
      title={direction === 'in' ? '登记进项发票' : '登记销项发票'}
      visible
      width={900}
      onCancel={onClose}
      onOk={submit}
      okText="保存"
    >
      <div className="ly-arap-bar">
        <TextArea
          rows={3}
          style={{ width: 560 }}
          placeholder="粘贴发票文字（从PDF或税务平台复制）"
          value={paste}
          onChange={setPaste}
        />
        <Button onClick={() => apply(parseInvoiceText(paste), 'text')}>识别文字</Button>
        <label className="semi-button semi-button-tertiary" style={{ padding: '6px 12px', cursor: 'pointer' }}>
          导入数电票XML
          <input
            type="file"
            accept=".xml,text/xml"
            style={{ display: 'none' }}
            onChange={async (e) => {
              const file = e.target.files?.[0];
              if (file) apply(parseEInvoiceXml(await file.text()), 'xml');
            }}
          />
        </label>
        <label className="semi-button semi-button-tertiary" style={{ padding: '6px 12px', cursor: 'pointer' }}>
          {pdfState.isLoading ? '识别中…' : '导入数电票PDF'}
          <input
            type="file"
            accept=".pdf,application/pdf"
            style={{ display: 'none' }}
            onChange={async (e) => {
              const file = e.target.files?.[0];
              if (!file) return;
              const bytes = new Uint8Array(await file.arrayBuffer());
              let bin = '';
              for (let i = 0; i < bytes.length; i += 0x8000)
                bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
              const r = await parsePdf({ fileName: file.name, data: btoa(bin) });
              if ('data' in r && r.data) {
                const { text: _t, fileHash, ...parsed } = r.data;
                apply(parsed, 'pdf');
                setF((prev) => ({ ...prev, fileHash }));
              }
            }}
          />
        </label>
      </div>
      {problems.length > 0 && <Banner type="warning" description={problems.join('；')} />}
      <div className="ly-arap-dl" style={{ marginTop: 8 }}>
        {FIELDS.map(([k, label]) => (
          <div key={k}>
            <span>{label}</span>
            <Input size="small" value={f[k] ?? ''} onChange={(v) => setF({ ...f, [k]: v })} />
          </div>
        ))}
      </div>
      <h4>关联单据（未开票金额）</h4>
      <Table
        size="small"
        rowKey="orderId"
        pagination={false}
        dataSource={docs.filter((d) => Number(d.uninvoiced) > 0).slice(0, 30)}
        columns={[
          {
            title: '',
            width: 40,
            render: (_: unknown, d: MatchRow) => (
              <Checkbox
                checked={d.orderId in links}
                onChange={(e) => {
                  const next = { ...links };
                  if (e.target.checked) next[d.orderId] = d.uninvoiced;
                  else delete next[d.orderId];
                  setLinks(next);
                }}
              />
            ),
          },
          { title: '单号', dataIndex: 'orderNo' },
          { title: '往来单位', dataIndex: 'partyName' },
          { title: '未开票', dataIndex: 'uninvoiced', render: num, align: 'right' },
          {
            title: '本票金额',
            render: (_: unknown, d: MatchRow) =>
              d.orderId in links ? (
                <Input
                  size="small"
                  style={{ width: 120 }}
                  value={links[d.orderId]}
                  onChange={(v) => setLinks({ ...links, [d.orderId]: v })}
                />
              ) : null,
          },
        ]}
      />
    </Modal>
  );
}

export default function InvoiceList({ path }: ScreenProps) {
  const direction = path.includes('/purchase/') ? 'in' : 'out';
  const match = useInvoiceMatchQuery({ direction, onlyOpen: '0' });
  const [current, setCurrent] = useState(1);
  const list = useInvoicePageQuery({ direction, current, size: 20 });
  const [dialog, setDialog] = useState(false);
  return (
    <Page title={direction === 'in' ? '进项发票' : '销项发票'} testId={`invoice-${direction}`}>
      <div className="ly-arap-bar">
        <Button theme="solid" onClick={() => setDialog(true)}>
          登记发票
        </Button>
      </div>
      <h3>票货款匹配（{direction === 'in' ? '采购入库' : '销售出库'}）</h3>
      <Table
        size="small"
        rowKey="orderId"
        dataSource={match.data ?? []}
        pagination={{ pageSize: 8 }}
        columns={[
          { title: '单号', dataIndex: 'orderNo' },
          { title: '日期', dataIndex: 'orderDate' },
          { title: '往来单位', dataIndex: 'partyName' },
          { title: '货款', dataIndex: 'goods', render: num, align: 'right' },
          { title: '已开票', dataIndex: 'invoiced', render: num, align: 'right' },
          { title: direction === 'in' ? '已付款' : '已收款', dataIndex: 'paid', render: num, align: 'right' },
          { title: '未开票', dataIndex: 'uninvoiced', render: num, align: 'right' },
        ]}
      />
      <h3>发票</h3>
      <Table
        size="small"
        rowKey="id"
        dataSource={list.data?.records ?? []}
        pagination={{ currentPage: current, pageSize: 20, total: list.data?.total ?? 0, onPageChange: setCurrent }}
        columns={[
          { title: '发票号码', dataIndex: 'invoiceNo' },
          {
            title: '类型',
            dataIndex: 'invoiceType',
            render: (v: string) => (v === 'special' ? '专票' : v === 'normal' ? '普票' : ''),
          },
          { title: '开票日期', dataIndex: 'invoiceDate' },
          {
            title: direction === 'in' ? '销售方' : '购买方',
            render: (_: unknown, r: { sellerName: string; purchaserName: string }) =>
              direction === 'in' ? r.sellerName : r.purchaserName,
          },
          { title: '金额', dataIndex: 'amount', render: num, align: 'right' },
          { title: '税额', dataIndex: 'taxAmount', render: num, align: 'right' },
          { title: '价税合计', dataIndex: 'taxAndAmount', render: num, align: 'right' },
          { title: '关联单据', dataIndex: 'orderNos' },
          {
            title: '来源',
            dataIndex: 'origin',
            render: (v: string) => ({ manual: '手工', text: '粘贴识别', xml: 'XML', pdf: 'PDF' })[v] ?? v,
          },
        ]}
      />
      {dialog && <InvoiceDialog direction={direction} docs={match.data ?? []} onClose={() => setDialog(false)} />}
    </Page>
  );
}
