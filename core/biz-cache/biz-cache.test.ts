import { describe, expect, it } from 'vitest';
import { ALL_LISTS, applySelectData, initialBizCache, selectDataBody } from './biz-cache.ts';

describe('business data cache (spec §3, §6)', () => {
  it('administrator loads without a department filter; others by their first dept_id', () => {
    expect(selectDataBody(['administrator', 'admin'], '1001,1002')).toEqual(ALL_LISTS);
    expect(selectDataBody(['user'], '1001,1002')).toEqual({ ...ALL_LISTS, deptId: '1001' });
    expect(selectDataBody(['user'], undefined)).toEqual(ALL_LISTS);
  });

  it('bizInfo holds the first warehouse and weighbridge; lists absent from an answer are kept', () => {
    const s1 = applySelectData(initialBizCache, {
      warehouseList: [
        { id: '1', name: '一号库' },
        { id: '2', name: '二号库' },
      ],
      weighbridgeList: [{ id: '9', name: '1号地磅' }],
      materialList: [{ id: '5', name: '重废' }],
    });
    expect(s1.bizInfo).toEqual({ warehouse: { id: '1', name: '一号库' }, weighbridge: { id: '9', name: '1号地磅' } });
    expect(s1.loaded).toBe(true);
    const s2 = applySelectData(s1, { userList: [{ id: '3', name: '张三' }] });
    expect(s2.materialList).toEqual([{ id: '5', name: '重废' }]);
    expect(s2.userList).toHaveLength(1);
  });
});
