import { Button, Select } from '@douyinfe/semi-ui';
import type { ReactNode } from 'react';
import { Named } from '../../features/ui/field.tsx';

/** The year picker (this year from the server and the four before) with the report's Excel and print buttons. */
export function YearBar({
  year,
  thisYear,
  onYear,
  onExport,
  children,
}: {
  year: string;
  thisYear: string;
  onYear: (y: string) => void;
  onExport: () => void;
  children?: ReactNode;
}) {
  const years = Array.from({ length: 5 }, (_, i) => String(Number(thisYear) - i));
  return (
    <div className="ly-report-filters">
      <span className="ly-report-field">
        年度
        <Named name="年度">
          <Select
            data-testid="report-year"
            style={{ width: 110 }}
            value={year}
            optionList={years.map((y) => ({ value: y, label: `${y}年` }))}
            onChange={(v) => onYear(String(v))}
          />
        </Named>
      </span>
      {children}
      <span className="ly-report-actions" style={{ display: 'flex', gap: 8 }}>
        <Button onClick={onExport}>导出Excel</Button>
        <Button onClick={() => window.print()}>打印</Button>
      </span>
    </div>
  );
}
