import { beforeEach, describe, expect, it } from 'vitest';
import { isBookDisabled, pickDefaultBook, saveBook, savedBook } from './book-choice.ts';

const now = new Date('2025-03-15T10:00:00').getTime();
const book = (id: string, enableDate: string, isDefault = '0', userDefault = '0') => ({
  id,
  enableDate,
  isDefault,
  userDefault,
});

describe('account-set selector rules', () => {
  beforeEach(() => localStorage.clear());

  it('disables books whose enable date is later than one day ago', () => {
    expect(isBookDisabled('2025-03-01', now)).toBe(false);
    expect(isBookDisabled('2025-03-14', now)).toBe(false); // 14th 00:00 < 14th 10:00
    expect(isBookDisabled('2025-03-15', now)).toBe(true);
    expect(isBookDisabled('2025-04-01', now)).toBe(true);
    expect(isBookDisabled('nonsense', now)).toBe(true);
  });

  it('explicit, then saved, then flagged, then the first usable book', () => {
    const books = [book('1', '2025-01-01'), book('2', '2025-02-01', '1'), book('3', '2025-05-01', '0', '1')];
    expect(pickDefaultBook(books, '1', '2', now)).toBe('1');
    expect(pickDefaultBook(books, '3', '1', now)).toBe('1'); // explicit disabled → saved
    expect(pickDefaultBook(books, null, null, now)).toBe('2'); // department default (3 is disabled)
    expect(pickDefaultBook([book('1', '2025-01-01'), book('4', '2025-01-02', '0', '1')], null, null, now)).toBe('4');
    expect(pickDefaultBook([book('1', '2025-01-01'), book('5', '2025-01-01')], '', 'gone', now)).toBe('1');
    expect(pickDefaultBook([book('3', '2025-05-01')], null, null, now)).toBeNull();
  });

  it('keeps the choice per department, then user', () => {
    saveBook('10', 'u1', '7');
    saveBook('10', 'u2', '8');
    saveBook('11', 'u1', '9');
    expect(savedBook('10', 'u1')).toBe('7');
    expect(savedBook('10', 'u2')).toBe('8');
    expect(savedBook('11', 'u1')).toBe('9');
    expect(savedBook('12', 'u1')).toBeNull();
  });
});
