/**
 * A small real PDF with CJK text, written by hand for the invoice-import tests: one page, a Type0 font (CJK full width, ASCII half width) with
 * Identity-H encoding (2-byte codes = the characters' UTF-16 code units) and a ToUnicode CMap, so PDF.js extracts
 * the text exactly; no glyphs are embedded (nothing is rendered). Each run is placed at (x, y) on an A4-wide page.
 */
export interface FixtureRun {
  text: string;
  x: number;
  y: number;
  size?: number;
}

const hex = (s: string) => [...s].map((ch) => ch.charCodeAt(0).toString(16).padStart(4, '0').toUpperCase()).join('');

export function cjkPdf(runs: FixtureRun[], width = 595, height = 420): Buffer {
  const highs = new Set<number>();
  for (const r of runs) for (const ch of r.text) highs.add(ch.charCodeAt(0) >> 8);
  const ranges = [...highs]
    .sort((a, b) => a - b)
    .map((h) => {
      const b = h.toString(16).padStart(2, '0').toUpperCase();
      return `<${b}00> <${b}FF> <${b}00>`;
    });
  const cmap = [
    '/CIDInit /ProcSet findresource begin',
    '12 dict begin',
    'begincmap',
    '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
    '/CMapName /Adobe-Identity-UCS def',
    '/CMapType 2 def',
    '1 begincodespacerange',
    '<0000> <FFFF>',
    'endcodespacerange',
    `${ranges.length} beginbfrange`,
    ...ranges,
    'endbfrange',
    'endcmap',
    'CMapName currentdict /CMap defineresource pop',
    'end',
    'end',
  ].join('\n');
  const content = runs
    .map((r) => `BT /F1 ${r.size ?? 9} Tf 1 0 0 1 ${r.x} ${r.y} Tm <${hex(r.text)}> Tj ET`)
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${width} ${height}] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>`,
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type0 /BaseFont /SimSun /Encoding /Identity-H /DescendantFonts [6 0 R] /ToUnicode 7 0 R >>',
    '<< /Type /Font /Subtype /CIDFontType2 /BaseFont /SimSun /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /FontDescriptor 8 0 R /DW 1000 /W [32 126 500] >>',
    `<< /Length ${Buffer.byteLength(cmap, 'latin1')} >>\nstream\n${cmap}\nendstream`,
    '<< /Type /FontDescriptor /FontName /SimSun /Flags 4 /FontBBox [0 -200 1000 900] /ItalicAngle 0 /Ascent 880 /Descent -120 /CapHeight 700 /StemV 80 >>',
  ];
  let out = '%PDF-1.7\n%\xE2\xE3\xCF\xD3\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) out += `${String(off).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** A 数电票 (电子发票（增值税专用发票）) laid out as printed: buyer and seller side by side. */
export function sampleEInvoicePdf(): Buffer {
  return cjkPdf([
    { text: '电子发票（增值税专用发票）', x: 200, y: 390, size: 14 },
    { text: '发票号码：26312000000012345678', x: 400, y: 370 },
    { text: '开票日期：2026年11月18日', x: 400, y: 356 },
    { text: '购买方信息', x: 20, y: 320 },
    { text: '名称：绿循再生资源有限公司', x: 80, y: 320 },
    { text: '销售方信息', x: 300, y: 320 },
    { text: '名称：华东钢铁贸易有限公司', x: 360, y: 320 },
    { text: '统一社会信用代码/纳税人识别号：91310000MA1FL0XX3K', x: 80, y: 304 },
    { text: '统一社会信用代码/纳税人识别号：91320500MA1YYYYY2P', x: 360, y: 304 },
    { text: '项目名称', x: 20, y: 270 },
    { text: '单位', x: 200, y: 270 },
    { text: '数量', x: 250, y: 270 },
    { text: '金额', x: 400, y: 270 },
    { text: '税额', x: 500, y: 270 },
    { text: '*再生资源*废钢', x: 20, y: 254 },
    { text: '吨', x: 200, y: 254 },
    { text: '10', x: 250, y: 254 },
    { text: '23500.00', x: 400, y: 254 },
    { text: '3055.00', x: 500, y: 254 },
    { text: '合 计', x: 20, y: 230 },
    { text: '¥23500.00', x: 400, y: 230 },
    { text: '¥3055.00', x: 500, y: 230 },
    { text: '价税合计（大写）贰万陆仟伍佰伍拾伍圆整', x: 20, y: 210 },
    { text: '（小写）¥26555.00', x: 400, y: 210 },
    { text: '备 注：合同号 HT2026-118', x: 20, y: 180 },
    { text: '开票人：李会计', x: 20, y: 150 },
  ]);
}
