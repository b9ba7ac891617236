import { Named } from '../../features/ui/field.tsx';
import { Select } from '../../features/ui/select.tsx';
import { bookPeriods } from './fin-model.ts';

/** 期间 from … to among the book's periods (start period … current period + 1). */
export function PeriodRange({
  book,
  from,
  to,
  onChange,
}: {
  book: { startPeriod: string; currentPeriod: string };
  from: string;
  to: string;
  onChange: (from: string, to: string) => void;
}) {
  const options = bookPeriods(book, 1).map((p) => ({ value: p, label: p }));
  return (
    <>
      <Named name="起始期间">
        <Select
          size="small"
          prefix="期间"
          value={from}
          style={{ width: 140 }}
          optionList={options}
          onChange={(v) => onChange(String(v), String(v) > to ? String(v) : to)}
          data-testid="period-from"
        />
      </Named>
      至
      <Named name="截止期间">
        <Select
          size="small"
          value={to}
          style={{ width: 100 }}
          optionList={options}
          onChange={(v) => onChange(String(v) < from ? String(v) : from, String(v))}
          data-testid="period-to"
        />
      </Named>
    </>
  );
}
