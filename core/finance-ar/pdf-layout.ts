/**
 * The text of a PDF page as the invoice parser reads it (parseInvoiceText): PDF.js gives positioned runs; this
 * groups them into lines (top to bottom) and segments (left to right, split at wide gaps). A 数电票 prints the buyer
 * and the seller side by side, so a run of lines holding a segment in each half of the page (except the goods
 * table's 合计 / 价税合计 lines) is read column by column: every left segment first, then every right one — the
 * 购买方 block, then the 销售方 block.
 */
export interface PdfRun {
  str: string;
  /** left edge, PDF units */
  x: number;
  /** baseline, PDF units (grows upwards) */
  y: number;
  width: number;
}

interface Segment {
  x: number;
  text: string;
}

const LINE_TOLERANCE = 2;
/** a gap wider than this (PDF units) starts a new segment */
const SEGMENT_GAP = 14;
const TABLE_LINE = /项目名称|货物或应税劳务|合\s*计|价税合计|备\s*注/;

function linesOf(runs: PdfRun[]): Segment[][] {
  const sorted = runs.filter((r) => r.str.trim() !== '').sort((a, b) => b.y - a.y || a.x - b.x);
  const lines: PdfRun[][] = [];
  for (const r of sorted) {
    const last = lines.at(-1);
    if (last && Math.abs(last[0].y - r.y) <= LINE_TOLERANCE) last.push(r);
    else lines.push([r]);
  }
  return lines.map((l) => {
    const runsX = [...l].sort((a, b) => a.x - b.x);
    const segs: Segment[] = [];
    let end = Number.NEGATIVE_INFINITY;
    for (const r of runsX) {
      const seg = segs.at(-1);
      if (seg && r.x - end <= SEGMENT_GAP) seg.text += (r.x - end > 2 ? ' ' : '') + r.str;
      else segs.push({ x: r.x, text: r.str });
      end = Math.max(end, r.x + r.width);
    }
    return segs.map((s) => ({ x: s.x, text: s.text.trim() }));
  });
}

/** One page's text: lines joined by \n, segments of a line by two spaces, side-by-side blocks column by column. */
export function pageText(runs: PdfRun[], pageWidth: number): string {
  const mid = pageWidth / 2;
  const out: string[] = [];
  let left: string[] = [];
  let right: string[] = [];
  const flush = () => {
    out.push(...left, ...right);
    left = [];
    right = [];
  };
  for (const segs of linesOf(runs)) {
    const text = segs.map((s) => s.text).join('  ');
    const l = segs.filter((s) => s.x < mid);
    const r = segs.filter((s) => s.x >= mid);
    if (l.length && r.length && !TABLE_LINE.test(text)) {
      left.push(l.map((s) => s.text).join('  '));
      right.push(r.map((s) => s.text).join('  '));
    } else {
      flush();
      out.push(text);
    }
  }
  flush();
  return out.join('\n');
}
