import { navigate } from 'wouter/use-browser-location';

/** Navigation usable outside React (thunks, the 401 handler, the refresh timer). */
export function navigateTo(to: string, options: { replace?: boolean } = {}): void {
  navigate(to, { replace: options.replace });
}

export function currentFullPath(): string {
  if (typeof location === 'undefined') return '/';
  return location.pathname + location.search;
}

export function currentPath(): string {
  return typeof location === 'undefined' ? '/' : location.pathname;
}
