/**
 * Printer config of spec §3 on the client: which printer prints which document kind, and how (printType 1
 * preview first, 2 print directly). The session keeps it (`session.printer`, filled from the printer config by
 * department — print-config/detail-dept-id); a warehouse's print config adds the slip layout (paper, margins,
 * copies). These helpers turn them into the desktop client's print options (print/bridge.ts).
 */
import { PAPER_SIZES, type PrintConfig } from '../contract/izs-toolbox/print-config.contract.ts';
import type { PrinterConfig } from '../session/session-slice.ts';

export type DocumentKind = 'weight' | 'statement' | 'finance';

export const DOCUMENT_KINDS: {
  kind: DocumentKind;
  label: string;
  field: 'printDevice' | 'printDevice2' | 'printDevice3';
}[] = [
  { kind: 'weight', label: '磅单打印机', field: 'printDevice' },
  { kind: 'statement', label: '报表打印机', field: 'printDevice2' },
  { kind: 'finance', label: '财务打印机', field: 'printDevice3' },
];

export interface PrintOptions {
  printer?: string;
  /** printType 2: straight to the printer, no preview dialog. */
  silent: boolean;
  copies: number;
  /** `241x140mm` style, for the client's page setup. */
  pageSize?: string;
}

/** Print options for a document kind: the kind's printer, silent when printType is 2, layout from the config. */
export function printOptions(
  printer: PrinterConfig,
  kind: DocumentKind,
  layout?: Pick<PrintConfig, 'paper' | 'copies'>,
): PrintOptions {
  const name = printer[kind];
  const paper = layout ? (PAPER_SIZES[layout.paper] ?? null) : null;
  return {
    ...(name ? { printer: name } : {}),
    silent: printer.mode === 2,
    copies: layout?.copies ?? 1,
    ...(paper ? { pageSize: `${paper.width}x${paper.height}mm` } : {}),
  };
}
