import { Typography } from '@douyinfe/semi-ui';
import type { MouseEvent, ReactNode } from 'react';
import { useLocation } from 'wouter';

/**
 * A link inside the app in Semi's link style (issue 26: the receivables screens used plain underlined anchors):
 * Typography.Text link, routed client-side; Ctrl/⌘/middle click still opens a new tab.
 */
export function TextLink({ href, children, testId }: { href: string; children: ReactNode; testId?: string }) {
  const [, go] = useLocation();
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.ctrlKey || e.metaKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    go(href);
  };
  return (
    <Typography.Text link={{ href, onClick }} data-testid={testId}>
      {children}
    </Typography.Text>
  );
}
