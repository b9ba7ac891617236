/**
 * 反向开票's monthly list as a file descriptor (answer: fileAnswer('xlsx')): `GET reverse/export?month=yyyy-MM` →
 * 反向开票-yyyy-MM.xlsx (one row per live reverse invoice with full ID numbers, a totals row; sellers past the monthly
 * threshold marked). Button accounting_purchase_reverse_invoice_export. Handler:
 * server/modules/izs-finance-ar/reverse-export.ts; client: `reverseFiles` (core/api/izs-finance-ar-files.api.ts).
 */
import { z } from 'zod';
import { endpoint, fileAnswer } from '../endpoint.ts';
import { REVERSE_CODE, REVERSE_EXPORT_PATH } from './reverse.contract.ts';

export const REVERSE_FILES = {
  export: endpoint({
    method: 'GET',
    path: REVERSE_EXPORT_PATH,
    summary: '反向开票月度清单',
    query: z.object({
      month: z
        .string({ error: '月份格式应为yyyy-MM' })
        .trim()
        .regex(/^\d{4}-(0[1-9]|1[0-2])$/, '月份格式应为yyyy-MM'),
    }),
    answer: fileAnswer('xlsx'),
    permission: { code: REVERSE_CODE, action: 'export' },
  }),
};
