/**
 * The desktop client's print bridge (spec §1, §3 printer config, §8 "Printing outside the desktop client").
 * The desktop client injects `window.loopyardClient` before the page loads; the browser alone has none.
 *
 * Interface (documented in README "Printer"):
 *   listPrinters(): Promise<string[]>
 *   print(options: { printer?: string; silent?: boolean; pageSize?: string; copies?: number }): Promise<void>
 *   setPrinters(config: PrinterConfig): Promise<void>
 */
export interface PrinterConfig {
  /** 1 preview, 2 direct (spec §3: mode from printType, default 1). */
  mode: number;
  /** weighing slips (printDevice) */
  weight?: string;
  /** statements (printDevice2) */
  statement?: string;
  /** finance vouchers (printDevice3) */
  finance?: string;
}

export interface DesktopClient {
  listPrinters(): Promise<string[]>;
  /** `silent`: no preview (printType 2); `pageSize`: e.g. `241x140mm`; `copies`: default 1. */
  print(options: { printer?: string; silent?: boolean; pageSize?: string; copies?: number }): Promise<void>;
  setPrinters(config: PrinterConfig): Promise<void>;
}

export const NOT_IN_CLIENT = '请在客户端内使用打印功能。';

export function desktopClient(w: unknown = globalThis): DesktopClient | null {
  const c = (w as { loopyardClient?: DesktopClient }).loopyardClient;
  return c && typeof c.print === 'function' ? c : null;
}

/** Print through the desktop client; outside it, reject with the spec's message. */
export async function requestPrint(
  options: Parameters<DesktopClient['print']>[0],
  w: unknown = globalThis,
): Promise<void> {
  const client = desktopClient(w);
  if (!client) throw new Error(NOT_IN_CLIENT);
  await client.print(options);
}

/** Signal "rendered completely" to the print loader: a body attribute plus a window message. */
export function signalPrintReady(): void {
  document.body.dataset.printReady = '1';
  window.postMessage({ type: 'loopyard:print-ready', path: window.location.pathname }, window.location.origin);
}
