/** Print margins in millimetres (spec §3 print margin: top, bottom, left, right, default 0). */
export interface PrintMargin {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

export const PAPER = {
  /** 241 mm continuous three-part paper (一联/二联/三联), one memo per 1/2 page height. */
  continuous241: { width: 241, height: 140 },
  a5: { width: 210, height: 148 },
} as const;

/** The @page rule for a paper size and margins; margins default to 0 and never go negative. */
export function pageRule(paper: { width: number; height: number }, m: Partial<PrintMargin> = {}): string {
  const mm = (v: number | undefined) => `${Math.max(0, Number(v) || 0)}mm`;
  return `@page { size: ${paper.width}mm ${paper.height}mm; margin: ${mm(m.top)} ${mm(m.right)} ${mm(m.bottom)} ${mm(m.left)}; }`;
}
