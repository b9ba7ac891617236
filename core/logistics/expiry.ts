/** Certificate and licence expiry warnings (道路运输证, 保险, 驾驶证). */

/** '' | '已过期' | '30天内到期' for an expiry date (yyyy-MM-dd) against today. */
export function expiryWarning(expiry: string | null | undefined, today: string, days = 30): string {
  if (!expiry) return '';
  if (expiry < today) return '已过期';
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return expiry <= d.toISOString().slice(0, 10) ? `${days}天内到期` : '';
}
