import { describe, expect, it } from 'vitest';
import { withFormValues } from './options.tsx';

describe('withFormValues: an endpoint picker filled from the form (the contracts of the chosen party)', () => {
  const src = { endpoint: '/x/select-list?state=executing&partyId={partyId}', labelKey: 'no', valueKey: 'id' };
  const cases: [string, Record<string, unknown>, unknown][] = [
    ['filled', { partyId: '123' }, { ...src, endpoint: '/x/select-list?state=executing&partyId=123' }],
    ['escaped', { partyId: 'a&b' }, { ...src, endpoint: '/x/select-list?state=executing&partyId=a%26b' }],
    ['blank offers nothing', { partyId: '' }, { options: [] }],
    ['missing offers nothing', {}, { options: [] }],
  ];
  for (const [name, values, want] of cases) it(name, () => expect(withFormValues(src, values)).toEqual(want));
  it('other sources are left alone', () => {
    const plain = { endpoint: '/x/select-list', labelKey: 'no', valueKey: 'id' };
    expect(withFormValues(plain, {})).toBe(plain);
    const dict = { dict: 'unit' };
    expect(withFormValues(dict, {})).toBe(dict);
    expect(withFormValues(undefined, {})).toBeUndefined();
  });
});
