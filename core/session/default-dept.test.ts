import { describe, expect, it } from 'vitest';
import { defaultDeptId, splitRoles } from './default-dept.ts';

describe('default department (spec §4)', () => {
  it.each([
    ['2', '1'],
    ['1', '1'],
    ['1123598813738675201', '1123598813738675201'],
    ['5,6,7', '5'],
    ['2,3', '2'], // only the exact value '2' is rewritten; a list takes its first entry
    ['', ''],
  ])('dept_id %s → %s', (input, expected) => {
    expect(defaultDeptId(input)).toBe(expected);
  });
  it('is empty for undefined', () => {
    expect(defaultDeptId(undefined)).toBe('');
  });
});

describe('roles from role_name', () => {
  it('splits on commas and trims', () => {
    expect(splitRoles('administrator, admin')).toEqual(['administrator', 'admin']);
    expect(splitRoles('')).toEqual([]);
  });
});
