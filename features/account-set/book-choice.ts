/**
 * The account-set selector's rules (spec §3 finance state, §4): which book is the default and which books are
 * disabled. Pure functions; the saved choices live in localStorage (`setOfBookByUser`, per department then user).
 */
import type { AccountSet } from '../../core/contract/izs-financing/account-set.contract.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
export const CHOICE_KEY = 'loopyard:setOfBookByUser';

/** Spec §4 "account sets whose enableDate is later than one day ago are disabled" (compared as stated). */
export function isBookDisabled(enableDate: string, now: number = Date.now()): boolean {
  const t = new Date(`${enableDate}T00:00:00`).getTime();
  if (Number.isNaN(t)) return true;
  return t > now - DAY_MS;
}

type Book = Pick<AccountSet, 'id' | 'enableDate' | 'isDefault' | 'userDefault'>;

/**
 * Spec §4 default set of book: an explicit value wins (when it is one of the usable books); else the user's saved
 * choice for the department; else the user's default flag, then the department's default; else the first usable
 * book (the caller saves it for that user and department).
 */
export function pickDefaultBook(
  books: readonly Book[],
  explicit: string | null | undefined,
  saved: string | null | undefined,
  now: number = Date.now(),
): string | null {
  const usable = books.filter((b) => !isBookDisabled(b.enableDate, now));
  const has = (id: string | null | undefined) => !!id && usable.some((b) => b.id === id);
  if (has(explicit)) return explicit as string;
  if (has(saved)) return saved as string;
  const flagged = usable.find((b) => b.userDefault === '1') ?? usable.find((b) => b.isDefault === '1');
  return (flagged ?? usable[0])?.id ?? null;
}

type Choices = Record<string, Record<string, string>>;

function readChoices(): Choices {
  try {
    return JSON.parse(globalThis.localStorage?.getItem(CHOICE_KEY) ?? '{}') as Choices;
  } catch {
    return {};
  }
}

/** The saved book of (department, user). */
export function savedBook(deptId: string, userId: string): string | null {
  return readChoices()[deptId]?.[userId] ?? null;
}

export function saveBook(deptId: string, userId: string, bookId: string): void {
  const all = readChoices();
  all[deptId] = { ...all[deptId], [userId]: bookId };
  try {
    globalThis.localStorage?.setItem(CHOICE_KEY, JSON.stringify(all));
  } catch {
    // best effort
  }
}
