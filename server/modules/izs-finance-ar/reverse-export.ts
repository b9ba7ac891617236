/**
 * GET reverse/export?month=yyyy-MM: the month's 反向开票 list as .xlsx (one row per live reverse invoice, full ID
 * numbers — the file feeds the 代办税费明细报告表 — and a totals row; sellers whose month passes 100,000 元 are marked).
 * A file descriptor (REVERSE_FILES.export, answer fileAnswer('xlsx')); the button is
 * `accounting_purchase_reverse_invoice_export`.
 */
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { REVERSE_FILES } from '../../../core/contract/izs-finance-ar/reverse-export.contract.ts';
import { REVERSE_MONTH_EXEMPT } from '../../../core/finance-ar/index.ts';
import { moneyFixed, rateFixed } from '../../../core/format/amounts.ts';
import { safeRow } from '../../../core/format/spreadsheet.ts';
import { type Db, rows } from '../../db/client.ts';
import { endpoints } from '../../platform/endpoint.ts';

export const REVERSE_EXPORT_HEADERS = [
  '序号',
  '开票月份',
  '采购入库单号',
  '出售者姓名',
  '身份证号码',
  '联系电话',
  '收款银行卡号',
  '价税合计',
  '不含税金额',
  '征收率',
  '增值税额',
  '代办个人所得税',
  '状态',
  '发票号码',
  '开票日期',
  '过磅单号',
  '付款单号',
  '出售者本月累计(不含税)',
];

export function registerReverseExport(app: FastifyInstance, db: Db): void {
  endpoints(app, db).handle(REVERSE_FILES.export, async ({ query: { month }, user }) => {
    const list = await rows<{
      orderNo: string;
      sellerName: string;
      idNumber: string;
      phone: string;
      bankCard: string;
      amount: string;
      netAmount: string;
      taxRate: string;
      taxAmount: string;
      iitAmount: string;
      state: string;
      invoiceNo: string;
      issueDate: string;
      evidence: { weighingNo?: string; paymentNos?: string[] } | null;
      sellerMonth: string;
    }>(
      db,
      sql`select r.order_no as "orderNo", r.seller_name as "sellerName", r.id_number as "idNumber", r.phone,
                 r.bank_card as "bankCard", r.amount::text as amount, r.net_amount::text as "netAmount",
                 r.tax_rate as "taxRate", r.tax_amount::text as "taxAmount", r.iit_amount::text as "iitAmount",
                 r.state, r.invoice_no as "invoiceNo", r.issue_date as "issueDate", r.evidence,
                 (sum(r.net_amount) over (partition by r.id_number))::text as "sellerMonth"
            from izs_ar_reverse r
           where r.tenant_id = ${user.tenantId} and r.is_deleted = 0 and r.state <> 'voided' and r.month = ${month}
           order by r.id`,
    );
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet(`反向开票-${month}`);
    ws.addRow([`反向开票月度清单 ${month}`]).font = { bold: true, size: 14 };
    const head = ws.addRow(REVERSE_EXPORT_HEADERS);
    head.font = { bold: true };
    const sum = { amount: new Decimal(0), net: new Decimal(0), tax: new Decimal(0), iit: new Decimal(0) };
    list.forEach((x, i) => {
      sum.amount = sum.amount.plus(x.amount);
      sum.net = sum.net.plus(x.netAmount);
      sum.tax = sum.tax.plus(x.taxAmount);
      sum.iit = sum.iit.plus(x.iitAmount);
      const over = new Decimal(x.sellerMonth).gt(REVERSE_MONTH_EXEMPT);
      ws.addRow(
        safeRow([
          i + 1,
          month,
          x.orderNo,
          x.sellerName,
          x.idNumber,
          x.phone,
          x.bankCard,
          moneyFixed(x.amount),
          moneyFixed(x.netAmount),
          x.taxRate === '0' ? '免税' : `${rateFixed(new Decimal(x.taxRate).times(100), 0)}%`,
          moneyFixed(x.taxAmount),
          moneyFixed(x.iitAmount),
          x.state === 'issued' ? '已开票' : '待开票',
          x.invoiceNo,
          x.issueDate,
          x.evidence?.weighingNo ?? '',
          (x.evidence?.paymentNos ?? []).join('、'),
          `${moneyFixed(x.sellerMonth)}${over ? '（超过10万元）' : ''}`,
        ]),
      );
    });
    ws.addRow([
      '合计',
      `${list.length} 张`,
      '',
      '',
      '',
      '',
      '',
      moneyFixed(sum.amount),
      moneyFixed(sum.net),
      '',
      moneyFixed(sum.tax),
      moneyFixed(sum.iit),
    ]).font = { bold: true };
    ws.columns.forEach((c, i) => {
      c.width = [6, 10, 20, 12, 22, 14, 22, 14, 14, 8, 12, 14, 8, 22, 12, 20, 24, 24][i] ?? 12;
    });
    return { filename: `反向开票-${month}.xlsx`, body: Buffer.from(await wb.xlsx.writeBuffer()) };
  });
}
