/**
 * A small RFC 4180 CSV reader for the research files: comma separator, `"` quoting with `""` escapes, CRLF or LF
 * line ends, a header row. Guarantees: every record has exactly the header's number of fields, else it throws
 * naming the line — a malformed data file fails loudly at load time instead of yielding shifted columns.
 */

/** Splits CSV text into rows of fields. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  while (i < src.length) {
    const ch = src[i];
    if (quoted) {
      if (ch === '"' && src[i + 1] === '"') {
        field += '"';
        i += 2;
        continue;
      }
      if (ch === '"') quoted = false;
      else field += ch;
      i++;
      continue;
    }
    if (ch === '"' && field === '') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      if (ch === '\r' && src[i + 1] === '\n') i++;
    } else field += ch;
    i++;
  }
  if (quoted) throw new Error('CSV: unterminated quoted field');
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => !(r.length === 1 && r[0] === ''));
}

/** Parses CSV text with a header row into records keyed by the header names. */
export function parseCsvRecords<K extends string>(text: string, columns: readonly K[]): Record<K, string>[] {
  const [header, ...body] = parseCsv(text);
  if (!header) return [];
  const missing = columns.filter((c) => !header.includes(c));
  if (missing.length > 0) throw new Error(`CSV: missing column(s) ${missing.join(', ')}`);
  return body.map((fields, index) => {
    if (fields.length !== header.length) {
      throw new Error(`CSV line ${index + 2}: ${fields.length} fields, header has ${header.length}`);
    }
    const record = {} as Record<K, string>;
    for (const c of columns) record[c] = fields[header.indexOf(c)];
    return record;
  });
}
