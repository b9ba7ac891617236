import { Pagination } from '@douyinfe/semi-ui';
import type { PaginationProps } from '@douyinfe/semi-ui/lib/es/pagination';
import { useLayoutEffect, useRef } from 'react';

/**
 * The accessible names of Semi's pager in Chinese (issue 26): its quick-jump input has none at all (a bare
 * InputNumber between the words 跳至 and 页), and its buttons and page-size select carry English ones.
 */
export function pagerName(el: Element): string | null {
  if (el.matches('.semi-page-quickjump input')) return '跳至页';
  // Semi passes "Page size selector" to its Select, which names itself by the selection ("selected") instead
  if (el.matches('.semi-page-switch [role="combobox"]')) return '每页条数';
  const label = el.getAttribute('aria-label');
  if (label === 'Previous') return '上一页';
  if (label === 'Next') return '下一页';
  if (label === 'Page size selector') return '每页条数';
  if (label === 'More') return '更多页';
  const page = label?.match(/^Page (\d+)$/);
  return page ? `第 ${page[1]} 页` : null;
}

/**
 * Semi's Pagination with Chinese accessible names on every control (the quick-jump input named 跳至页, the page-size
 * select 每页条数, the buttons 上一页 / 下一页 / 第 N 页). Semi renders those attributes itself, so a
 * MutationObserver keeps the Chinese name on whatever it renders (as `useLabelledControls` does for filter bars);
 * the wrapper has `display: contents`, so the pager lays out as before.
 */
export function Pager(props: PaginationProps) {
  const box = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const apply = () => {
      for (const c of el.querySelectorAll(
        '[aria-label], .semi-page-quickjump input, .semi-page-switch [role="combobox"]',
      )) {
        const name = pagerName(c);
        if (name && c.getAttribute('aria-label') !== name) c.setAttribute('aria-label', name);
      }
    };
    apply();
    const mo = new MutationObserver(apply);
    mo.observe(el, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-label'] });
    return () => mo.disconnect();
  }, []);
  return (
    <div ref={box} className="ly-pager" style={{ display: 'contents' }}>
      <Pagination {...props} />
    </div>
  );
}
