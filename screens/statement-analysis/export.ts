/** Excel export of a report table (exceljs, loaded on click) and the print of the page. */
import { safeCell } from '../../core/format/spreadsheet.ts';
export interface SheetColumn {
  title: string;
  field: string;
  /** decimal string columns are written as numbers with this many places */
  places?: number;
}

export async function exportXlsx(name: string, columns: SheetColumn[], rows: Record<string, unknown>[]): Promise<void> {
  const ExcelJS = (await import('exceljs')).default;
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(name);
  ws.columns = columns.map((c) => ({
    header: c.title,
    key: c.field,
    width: Math.max(12, c.title.length * 2 + 4),
    style: c.places !== undefined ? { numFmt: c.places === 0 ? '0' : `0.${'0'.repeat(c.places)}` } : {},
  }));
  for (const r of rows) {
    // decimal strings stay exact text in the cell value, typed as numbers for Excel sums
    ws.addRow(
      Object.fromEntries(
        columns.map((c) => [
          c.field,
          c.places !== undefined && r[c.field] !== '' ? Number(r[c.field]) : safeCell(r[c.field]),
        ]),
      ),
    );
  }
  ws.getRow(1).font = { bold: true };
  const buf = await wb.xlsx.writeBuffer();
  const url = URL.createObjectURL(
    new Blob([buf], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
  );
  const a = document.createElement('a');
  a.href = url;
  a.download = `${name}.xlsx`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
