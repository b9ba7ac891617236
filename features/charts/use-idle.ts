import { useEffect, useState } from 'react';

/**
 * true once the first paint is done and the browser is idle (at most `timeout` ms later): a chart's chunk (echarts is
 * the heaviest) and its first drawing wait until then, so they do not block the page's first interaction.
 */
export function useIdle(timeout = 1500): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    const w = window as Window & { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number };
    if (w.requestIdleCallback) {
      const id = w.requestIdleCallback(() => setIdle(true), { timeout });
      return () => window.cancelIdleCallback?.(id);
    }
    const t = setTimeout(() => setIdle(true), 200);
    return () => clearTimeout(t);
  }, [timeout]);
  return idle;
}

/**
 * useIdle, and the element (given by the returned ref callback) has come into view: a chart below the fold is not
 * drawn until somebody scrolls to it.
 */
export function useIdleInView(): [boolean, (el: Element | null) => void] {
  const idle = useIdle();
  const [el, setEl] = useState<Element | null>(null);
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    if (!el || seen) return;
    if (typeof IntersectionObserver === 'undefined') {
      setSeen(true);
      return;
    }
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setSeen(true);
    });
    io.observe(el);
    return () => io.disconnect();
  }, [el, seen]);
  return [idle && seen, setEl];
}
