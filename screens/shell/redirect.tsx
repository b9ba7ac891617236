import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { ScreenProps } from '../../features/shell/guarded-router.tsx';

/** /redirect/<path>: replaces back to /<path> with the same query, re-creating the screen (tab Refresh). */
export default function RedirectScreen({ path }: ScreenProps) {
  const [, navigate] = useLocation();
  const search = useSearch();
  useEffect(() => {
    const target = path.replace(/^\/redirect/, '') || '/';
    navigate(search ? `${target}?${search}` : target, { replace: true });
  }, [path, search, navigate]);
  return null;
}
