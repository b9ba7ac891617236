import { lazy } from 'react';
import type { ScreenMap } from '../../features/shell/guarded-router.tsx';

/** Every screen is its own lazy chunk: the login page never pulls echarts or the shell. */
export const SCREENS: ScreenMap = {
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

  // menu pages by route path (one line per screen; a path without an entry shows coming-soon)
  '/base/material': lazy(() => import('../../screens/base/material.tsx')),
  '/base/material-detail/:code': lazy(() => import('../../screens/base/material-detail.tsx')),
  '/authority/role': lazy(() => import('../../screens/authority/role.tsx')),
  '/authority/datascope': lazy(() => import('../../screens/authority/datascope.tsx')),
  '/authority/apiscope': lazy(() => import('../../screens/authority/apiscope.tsx')),
  '/monitor/log/api': lazy(() => import('../../screens/monitor/log-api.tsx')),
  '/monitor/update': lazy(() => import('../../screens/monitor/update.tsx')),
  '/monitor/operation': lazy(() => import('../../screens/monitor/operation.tsx')),
  '/system/user': lazy(() => import('../../screens/system/user.tsx')),
  '/system/staff': lazy(() => import('../../screens/system/staff.tsx')),
  '/system/department': lazy(() => import('../../screens/system/department.tsx')),
  '/system/dept': lazy(() => import('../../screens/system/dept.tsx')),
  '/system/post': lazy(() => import('../../screens/system/post.tsx')),
  '/system/menu': lazy(() => import('../../screens/system/menu.tsx')),
  '/system/app': lazy(() => import('../../screens/system/app.tsx')),
  '/system/page/config': lazy(() => import('../../screens/system/page-config.tsx')),
  '/system/dictbiz': lazy(() => import('../../screens/system/dictbiz.tsx')),
  '/system/dict': lazy(() => import('../../screens/system/dict.tsx')),
  '/system/version': lazy(() => import('../../screens/system/version.tsx')),
  '/system/android-version': lazy(() => import('../../screens/system/android-version.tsx')),
  '/system/material-quotes-order': lazy(() => import('../../screens/system/material-quotes-order.tsx')),
};
