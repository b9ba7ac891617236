import { describe, expect, it } from 'vitest';
import { sortedQuery, stringToSign } from './signing.ts';

describe('open platform signing string', () => {
  it.each([
    ['', ''],
    ['b=2&a=1', 'a=1&b=2'],
    ['a=2&a=1', 'a=1&a=2'],
    ['name=%E5%BA%9F%E9%92%A2&x=a+b', 'name=%E5%BA%9F%E9%92%A2&x=a%20b'],
    ["q=it's(*)", 'q=it%27s%28%2A%29'],
  ])('%s → %s', (q, expected) => {
    expect(sortedQuery(q)).toBe(expected);
  });
  it('joins the six parts with newlines', () => {
    expect(
      stringToSign({
        method: 'get',
        path: '/api/open/v1/materials',
        query: 'size=5&keyword=铜',
        timestamp: '1764000000',
        nonce: 'n0nce-n0nce-n0nce',
        contentSha256: 'e3b0',
      }),
    ).toBe('GET\n/api/open/v1/materials\nkeyword=%E9%93%9C&size=5\n1764000000\nn0nce-n0nce-n0nce\ne3b0');
  });
});
