import { describe, expect, it } from 'vitest';
import { apiPatternToRegExp, apiScopeSubmitSchema, dataScopeSubmitSchema, methodMatches } from './scope.contract.ts';

describe('apiPatternToRegExp', () => {
  it('** matches any depth and the bare prefix, * one segment, the rest literally', () => {
    const all = apiPatternToRegExp('/api/izs-base/material/**');
    expect(all.test('/api/izs-base/material')).toBe(true);
    expect(all.test('/api/izs-base/material/remove')).toBe(true);
    expect(all.test('/api/izs-base/material/a/b')).toBe(true);
    expect(all.test('/api/izs-base/materials')).toBe(false);
    const one = apiPatternToRegExp('/api/izs-base/*/remove');
    expect(one.test('/api/izs-base/material/remove')).toBe(true);
    expect(one.test('/api/izs-base/a/b/remove')).toBe(false);
    const exact = apiPatternToRegExp('/api/izs-base/material/remove');
    expect(exact.test('/api/izs-base/material/remove')).toBe(true);
    expect(exact.test('/api/izs-base/material/removeX')).toBe(false);
    expect(apiPatternToRegExp('/api/a.b').test('/api/aXb')).toBe(false);
  });
});

describe('scope schemas', () => {
  it('data scope: custom needs depts; type range', () => {
    expect(dataScopeSubmitSchema.safeParse({ menuId: '12', scopeName: 'a', scopeType: 5 }).success).toBe(false);
    const ok = dataScopeSubmitSchema.parse({ menuId: '12', scopeName: 'a', scopeType: 5, scopeValue: '3,4' });
    expect(ok.scopeValue).toEqual(['3', '4']);
    expect(dataScopeSubmitSchema.safeParse({ menuId: '12', scopeName: 'a', scopeType: 6 }).success).toBe(false);
  });
  it('api scope: path must start with /api/', () => {
    expect(apiScopeSubmitSchema.safeParse({ menuId: '1', scopeName: 'a', scopePath: '/x/**' }).success).toBe(false);
    expect(apiScopeSubmitSchema.parse({ menuId: '1', scopeName: 'a', scopePath: '/api/x/**' }).scopeType).toBe(2);
  });
});

describe('api scope method', () => {
  it('defaults to ALL, upper-cases, refuses unknown methods', () => {
    const base = { menuId: '1', scopeName: 'a', scopePath: '/api/x/**' };
    expect(apiScopeSubmitSchema.parse(base).scopeMethod).toBe('ALL');
    expect(apiScopeSubmitSchema.parse({ ...base, scopeMethod: 'post' }).scopeMethod).toBe('POST');
    const bad = apiScopeSubmitSchema.safeParse({ ...base, scopeMethod: 'PATCH' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0].message).toContain('请求方式只能是');
  });
  it('methodMatches: ALL covers everything, HEAD counts as GET, otherwise exact', () => {
    expect(methodMatches('ALL', 'DELETE')).toBe(true);
    expect(methodMatches('', 'GET')).toBe(true);
    expect(methodMatches('GET', 'HEAD')).toBe(true);
    expect(methodMatches('GET', 'POST')).toBe(false);
    expect(methodMatches('POST', 'post')).toBe(true);
  });
});
