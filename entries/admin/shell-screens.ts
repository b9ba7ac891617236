import { lazy } from 'react';
import type { ShellScreenMap } from '../../features/shell/guarded-router.tsx';

/** The shell's own screens: small, and the only ones the login page may need before the page map loads. */
export const SHELL_SCREENS: ShellScreenMap = {
  login: lazy(() => import('../../screens/shell/login.tsx')),
  dashboard: lazy(() => import('../../screens/shell/dashboard.tsx')),
  'user-info': lazy(() => import('../../screens/shell/user-info.tsx')),
  lock: lazy(() => import('../../screens/shell/lock.tsx')),
  redirect: lazy(() => import('../../screens/shell/redirect.tsx')),
  'error-401': lazy(() => import('../../screens/shell/error-page.tsx')),
  'error-403': lazy(() => import('../../screens/shell/error-page.tsx')),
  'error-404': lazy(() => import('../../screens/shell/error-page.tsx')),
  'error-500': lazy(() => import('../../screens/shell/error-page.tsx')),
  'coming-soon': lazy(() => import('../../screens/shell/coming-soon.tsx')),
  external: lazy(() => import('../../screens/shell/external.tsx')),
  'public-redirect': lazy(() => import('../../screens/shell/public-redirect.tsx')),
};
