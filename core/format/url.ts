/** URL helpers (spec §5 external URLs, spec §3 avatar, spec §9 storage base). */

/** Cloud-storage base for relative file paths; the server serves uploads under /oss/. */
export const OSS_BASE = '/oss/';
/** Shown when a user has no avatar (an inline SVG so it never 404s). */
export const DEFAULT_AVATAR =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="32" fill="#e6f0ff"/><circle cx="32" cy="25" r="11" fill="#4e7cf6"/><path d="M12 54c3-11 11-16 20-16s17 5 20 16" fill="#4e7cf6"/></svg>',
  );

export function isExternal(path: string): boolean {
  return /^(https?:|mailto:|tel:)/.test(path);
}

/** A path without http(s) is prefixed with the storage base; empty → the default avatar. */
export function ossUrl(path: string | null | undefined, fallback: string = DEFAULT_AVATAR): string {
  if (!path) return fallback;
  if (/^(https?:|data:|blob:)/.test(path)) return path;
  if (path.startsWith(OSS_BASE)) return path;
  return OSS_BASE + path.replace(/^\/+/, '');
}
