/** The printed voucher of the print entry (print/templates/voucher.tsx): `/print/voucher?id=…&book=…`. */
export function voucherPrintUrl(id: string, bookId: string): string {
  return `/print/voucher?${new URLSearchParams({ id, book: bookId }).toString()}`;
}

/** Opens the printable voucher in a new window (the desktop client's print loader opens the same address). */
export function printVoucher(id: string, bookId: string): void {
  window.open(voucherPrintUrl(id, bookId), '_blank', 'noopener');
}
