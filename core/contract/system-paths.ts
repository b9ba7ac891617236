/** blade-system paths (re-exported by blade-system.contract.ts; zod-free for the first page load, see wire.ts). */
export const SYSTEM_PATHS = {
  menuButtons: '/api/blade-system/menu/buttons',
  menuRoutes: '/api/blade-system/menu/routes',
  menuLazyList: '/api/blade-system/menu/lazy-list',
  menuLazyMenuList: '/api/blade-system/menu/lazy-menu-list',
  menuTree: '/api/blade-system/menu/tree',
  menuDetail: '/api/blade-system/menu/detail',
  menuSubmit: '/api/blade-system/menu/submit',
  menuRemove: '/api/blade-system/menu/remove',
  deptLazyList: '/api/blade-system/dept/lazy-list',
  deptTree: '/api/blade-system/dept/tree',
  deptDetail: '/api/blade-system/dept/detail',
  deptSubmit: '/api/blade-system/dept/submit',
  deptRemove: '/api/blade-system/dept/remove',
  regionList: '/api/blade-system/region/list',
  userInfo: '/api/blade-system/user/info',
  userUpdateInfo: '/api/blade-system/user/update-info',
  userUpdatePassword: '/api/blade-system/user/update-password',
  versionSelect: '/api/izs-sell/version-info/select',
  dashboardSummary: '/api/izs-toolbox/dashboard/summary',
  /** public: the server's business day and zone, whether demo data is loaded (SiteInfo) */
  siteInfo: '/api/blade-system/site-info',
} as const;
