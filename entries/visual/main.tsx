import '../../core/csp/zod-jitless.ts';
import { type ComponentType, lazy, Suspense, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { Stage } from '../../features/wall/stage.tsx';

/** Each wall screen is its own lazy chunk (first load = the router and the stage only). */
type Screen = ComponentType<{ params: Record<string, string> }>;
const SCREENS: [string, Screen][] = [
  ['/visual/config', lazy(() => import('../../screens/visual/config.tsx'))],
  ['/visual/home', lazy(() => import('../../screens/visual/home.tsx'))],
  ['/visual/data-board', lazy(() => import('../../screens/visual/data-board.tsx'))],
  ['/visual/loadometer-order-list', lazy(() => import('../../screens/visual/order-list-pick.tsx'))],
  ['/visual/loadometer-order-list/:orderType/:id', lazy(() => import('../../screens/visual/order-list.tsx'))],
  [
    '/visual/loadometer-order-detail/:orderType/:id/:orderId',
    lazy(() => import('../../screens/visual/order-detail.tsx')),
  ],
  ['/visual/operation-data/:id', lazy(() => import('../../screens/visual/operation.tsx'))],
  ['/visual/finance-data', lazy(() => import('../../screens/visual/finance.tsx'))],
  ['/visual/tax/:id', lazy(() => import('../../screens/visual/tax.tsx'))],
  ['/visual/quote-data', lazy(() => import('../../screens/visual/quotes.tsx'))],
];

/** The screen and its params for a path (`:name` segments). */
export function matchScreen(pathname: string): { screen: Screen; params: Record<string, string> } | undefined {
  const parts = pathname.replace(/\/+$/, '').split('/');
  for (const [pattern, screen] of SCREENS) {
    const want = pattern.split('/');
    if (want.length !== parts.length) continue;
    const params: Record<string, string> = {};
    let hit = true;
    want.forEach((w, i) => {
      if (w.startsWith(':')) params[w.slice(1)] = decodeURIComponent(parts[i]);
      else if (w !== parts[i]) hit = false;
    });
    if (hit) return { screen, params };
  }
  return undefined;
}

function App() {
  const [path, setPath] = useState(() => window.location.pathname);
  useEffect(() => {
    const onPop = () => setPath(window.location.pathname);
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  const m = matchScreen(path);
  if (!m) {
    return (
      <Stage>
        <p data-testid="visual-error" style={{ textAlign: 'center', fontSize: 36, marginTop: 400 }}>
          没有这个数据大屏
        </p>
      </Stage>
    );
  }
  const S = m.screen;
  return (
    <Suspense fallback={<Stage>{null}</Stage>}>
      <S key={path} params={m.params} />
    </Suspense>
  );
}

createRoot(document.getElementById('root')!).render(<App />);
