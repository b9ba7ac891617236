import '../../core/csp/zod-jitless.ts';
import { LocaleProvider } from '@douyinfe/semi-ui';
import zh_CN from '@douyinfe/semi-ui/lib/es/locale/source/zh_CN';
import { lazy, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { listenToDesktopClient } from '../../core/session/client-messages.ts';
import { handleUnauthorized, handleVersionUpdated, startTokenRefresh } from '../../core/session/session-actions.ts';
import { createAppStore } from '../../core/store/store.ts';
import { GuardedRouter, pageSwitch } from '../../features/shell/guarded-router.tsx';
import { SHELL_SCREENS } from './shell-screens.ts';

// The shell layout is its own chunk too, so /login loads only the login form.
const loadLayout = () => import('../../features/shell/layout.tsx');
const Layout = lazy(() => loadLayout().then((m) => ({ default: m.Layout })));
/** While the session's menus load (a signed-in first visit), the layout's chunk and the home page's come too. */
function preload(path: string) {
  void loadLayout();
  if (path === '/' || path === '/dashboard') void import('../../screens/shell/dashboard.tsx');
}
// The menu pages' map (≈200 lazy screens with their preload lists) loads with the first menu page, not with /login.
const Pages = lazy(() =>
  import('./screens.ts').then((m) => ({ default: pageSwitch(m.SCREENS, SHELL_SCREENS['coming-soon']) })),
);

const store = createAppStore({ onUnauthorized: handleUnauthorized });
startTokenRefresh(store);
listenToDesktopClient(window, () => handleVersionUpdated(store));

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <Provider store={store}>
      <LocaleProvider locale={zh_CN}>
        <GuardedRouter screens={SHELL_SCREENS} pages={Pages} layout={Layout} preload={preload} />
      </LocaleProvider>
    </Provider>
  </StrictMode>,
);
