/** Helpers of the 收支管理 and 票据管理 screens: the period range picker. */
import { Named } from '../../features/ui/field.tsx';
import { Select } from '../../features/ui/select.tsx';

/** yyyy-MM months from `from` through `to` (inclusive), newest first. */
export function monthsBetween(from: string, to: string): string[] {
  const out: string[] = [];
  let [y, m] = from.split('-').map(Number);
  const [ty, tm] = to.split('-').map(Number);
  if (!y || !m || !ty || !tm) return out;
  while (y < ty || (y === ty && m <= tm)) {
    out.push(`${y}-${String(m).padStart(2, '0')}`);
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
  return out.reverse();
}

/** 期间 from … to over the book's months (start period through the later of its current period and today). */
export function PeriodRange({
  startPeriod,
  lastPeriod,
  value,
  onChange,
  testId,
}: {
  startPeriod: string;
  lastPeriod: string;
  value: [string, string];
  onChange: (v: [string, string]) => void;
  testId?: string;
}) {
  const options = monthsBetween(startPeriod, lastPeriod).map((p) => ({ label: p, value: p }));
  return (
    <span data-testid={testId} style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
      <Select
        size="small"
        prefix="期间"
        style={{ width: 140 }}
        optionList={options}
        value={value[0]}
        onChange={(v) => onChange([String(v), value[1] < String(v) ? String(v) : value[1]])}
      />
      <span>至</span>
      <Named name="结束期间">
        <Select
          size="small"
          style={{ width: 110 }}
          optionList={options}
          value={value[1]}
          onChange={(v) => onChange([value[0] > String(v) ? String(v) : value[0], String(v)])}
        />
      </Named>
    </span>
  );
}

/** The later of two yyyy-MM periods. */
export const laterPeriod = (a: string, b: string) => (a > b ? a : b);
