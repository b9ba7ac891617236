/** Parse `/blockchain-info/{orderType}/{orderNo}` (spec §2.2); null when the path does not match. */
export function parseTracePath(pathname: string): { orderType: string; orderNo: string } | null {
  const m = /^\/blockchain-info\/([^/]+)\/([^/]+)\/?$/.exec(pathname);
  if (!m) return null;
  try {
    return { orderType: decodeURIComponent(m[1]), orderNo: decodeURIComponent(m[2]) };
  } catch {
    return null;
  }
}
