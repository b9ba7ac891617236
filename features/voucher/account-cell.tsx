import { type KeyboardEvent, useMemo, useState } from 'react';
import type { FinAccount } from '../../core/contract/izs-financing/account.contract.ts';
import { matchAccounts } from './voucher-grid.ts';

/** The account cell: shows "code name"; typing searches code and name among the leaf accounts. */
export function AccountCell({
  value,
  accounts,
  byCode,
  onPick,
  onEnter,
  cellProps,
  disabled,
}: {
  value: string;
  accounts: FinAccount[];
  byCode: Map<string, FinAccount>;
  onPick: (code: string) => void;
  onEnter: () => void;
  cellProps: Record<string, unknown>;
  disabled: boolean;
}) {
  const [typed, setTyped] = useState<string | null>(null);
  const [hi, setHi] = useState(0);
  const open = typed !== null;
  const matches = useMemo(() => (open ? matchAccounts(accounts, typed) : []), [open, typed, accounts]);
  const acc = byCode.get(value);
  const shown = open ? typed : acc ? `${acc.code} ${acc.fullName}` : value;
  const pick = (a: FinAccount | undefined) => {
    if (a) onPick(a.code);
    setTyped(null);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' && open) {
      e.preventDefault();
      setHi((h) => Math.min(h + 1, matches.length - 1));
    } else if (e.key === 'ArrowUp' && open) {
      e.preventDefault();
      setHi((h) => Math.max(h - 1, 0));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      if (open && typed.trim()) pick(matches[hi]);
      else setTyped(null);
      onEnter();
    } else if (e.key === 'Escape') setTyped(null);
  };
  return (
    <div className="ly-v-acc">
      <input
        {...cellProps}
        disabled={disabled}
        value={shown}
        placeholder="科目编码或名称"
        onFocus={(e) => {
          setTyped('');
          setHi(0);
          e.currentTarget.select();
        }}
        onBlur={() => setTimeout(() => setTyped(null), 150)}
        onChange={(e) => {
          setTyped(e.target.value);
          setHi(0);
        }}
        onKeyDown={onKeyDown}
      />
      {open && matches.length > 0 && (
        <ul className="ly-v-acc-list" data-testid="voucher-account-options">
          {matches.map((a, i) => (
            <li
              key={a.code}
              className={i === hi ? 'is-hi' : ''}
              onMouseDown={(e) => {
                e.preventDefault();
                pick(a);
              }}
            >
              <b>{a.code}</b> {a.fullName}
              {a.auxNames.length > 0 && <small> [{a.auxNames.join('、')}]</small>}
              {a.quantity === 1 && <small> [数量 {a.unit}]</small>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
