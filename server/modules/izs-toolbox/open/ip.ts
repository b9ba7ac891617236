/** IP allow-list of an app: exact addresses or IPv4 CIDRs, separated by commas, spaces or newlines; empty = any. */
const v4 = (ip: string): number | null => {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(ip);
  if (!m) return null;
  const parts = m.slice(1).map(Number);
  if (parts.some((p) => p > 255)) return null;
  return ((parts[0] << 24) | (parts[1] << 16) | (parts[2] << 8) | parts[3]) >>> 0;
};

export function ipAllowed(list: string, ip: string): boolean {
  const entries = list.split(/[\s,，]+/).filter(Boolean);
  if (!entries.length) return true;
  const addr = ip.replace(/^::ffff:/, '');
  return entries.some((e) => {
    if (!e.includes('/')) return e === addr || e === ip;
    const [base, bitsText] = e.split('/');
    const bits = Number(bitsText);
    const a = v4(addr);
    const b = v4(base);
    if (a === null || b === null || !(bits >= 0 && bits <= 32)) return false;
    const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
    return (a & mask) === (b & mask);
  });
}
