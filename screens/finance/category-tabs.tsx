import { ACCOUNT_CATEGORIES } from '../../core/contract/izs-financing/account.contract.ts';

/** Tabs of the account categories (资产, 负债 …) that the rows hold, in the chart's order. */
export function CategoryTabs({
  rows,
  value,
  onChange,
}: {
  rows: readonly { category: string }[];
  value: string;
  onChange: (category: string) => void;
}) {
  return (
    <div className="ly-fin-tabs" role="tablist">
      {ACCOUNT_CATEGORIES.filter((c) => rows.some((r) => r.category === c)).map((c) => (
        <button
          key={c}
          type="button"
          role="tab"
          aria-selected={c === value}
          className={c === value ? 'is-on' : ''}
          onClick={() => onChange(c)}
        >
          {c}
        </button>
      ))}
    </div>
  );
}
