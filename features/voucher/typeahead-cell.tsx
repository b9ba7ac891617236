import { type KeyboardEvent, type ReactNode, useMemo, useState } from 'react';
import { flushSync } from 'react-dom';

/**
 * A grid cell that picks one item by typing (the voucher's 会计科目 and 辅助核算 cells). Keyboard first and safe at
 * machine speed: Enter picks the highlighted match and moves on, Tab picks it and lets the browser move on, ↑↓ walk
 * the list, Esc closes it. A pick is rendered synchronously (flushSync), so the cells it reveals — the account's
 * 辅助核算, quantity — exist before the next key arrives and the caller can focus them at once.
 */
export function TypeaheadCell<T>({
  shown,
  search,
  keyOf,
  renderItem,
  onPick,
  onEnter,
  cellProps,
  disabled,
  placeholder,
  label,
  className,
  listTestId,
}: {
  /** what the cell shows when nobody types in it */
  shown: string;
  search: (typed: string) => T[];
  keyOf: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  onPick: (item: T) => void;
  /** Enter was pressed (after a pick, if there was one): move to the next cell */
  onEnter: () => void;
  cellProps: Record<string, unknown>;
  disabled: boolean;
  placeholder: string;
  /** the accessible name (第 n 行 会计科目) */
  label: string;
  className?: string;
  listTestId?: string;
}) {
  const [typed, setTyped] = useState<string | null>(null);
  const [hi, setHi] = useState(0);
  const open = typed !== null;
  const matches = useMemo(() => (open ? search(typed) : []), [open, typed, search]);
  const pick = (item: T | undefined) => {
    flushSync(() => {
      if (item !== undefined) onPick(item);
      setTyped(null);
    });
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
    } else if (e.key === 'Tab' && !e.shiftKey) {
      // the typed account is kept: Tab picks like Enter, then the browser moves focus (to the cells the pick revealed)
      if (open && typed.trim()) pick(matches[hi]);
    } else if (e.key === 'Escape') setTyped(null);
  };
  return (
    <div className={`ly-v-acc ${className ?? ''}`}>
      <input
        {...cellProps}
        aria-label={label}
        disabled={disabled}
        value={open ? typed : shown}
        placeholder={placeholder}
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
        <ul className="ly-v-acc-list" data-testid={listTestId} aria-label={`${label} 候选`}>
          {matches.map((item, i) => (
            <li
              key={keyOf(item)}
              className={i === hi ? 'is-hi' : ''}
              onMouseDown={(e) => {
                e.preventDefault();
                pick(item);
              }}
            >
              {renderItem(item)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
