import { describe, expect, it } from 'vitest';
import { SCREENS } from './screens.ts';

describe('admin screens', () => {
  it('租户管理 is reachable by URL although kept off the sidebar (issue 22)', () => {
    expect(SCREENS['/system/tenant']).toBeTruthy();
  });
});
