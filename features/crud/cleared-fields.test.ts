import { describe, expect, it } from 'vitest';
import { materialResource } from '../../core/contract/izs-base/material.contract.ts';
import type { ResourceDef } from '../../core/contract/resource.ts';
import { cleanValues, validateForm, withClearedFields } from './resource-form.tsx';

describe('an edit clears what the user emptied', () => {
  const def = materialResource as unknown as ResourceDef;
  it('sends null for emptied optional fields and keeps the rest', () => {
    const values = { code: 'M1', name: '废铜', categoryId: '', defaultPrice: '', spec: '块', remark: '' };
    const checked = validateForm(def.schemas.form, cleanValues(def.form, values));
    if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
    const body = withClearedFields(def.form, checked.data);
    expect(body.categoryId).toBeNull();
    expect(body.code).toBe('M1');
    expect(body.spec).toBe('块');
    expect(body.remark).toBe(''); // text fields default to '' and clear that way
    expect(JSON.parse(JSON.stringify(body))).toHaveProperty('categoryId', null);
  });
});
