/**
 * The declared sizes of a zip's entries, read from its central directory without expanding anything — what an
 * .xlsx (a zip) is checked against before a reader inflates it (decompression bombs: a few hundred KB that expand
 * to gigabytes). Local headers are checked too (a streaming reader trusts them, not the central directory).
 */

export interface ZipEntry {
  name: string;
  compressed: number;
  uncompressed: number;
}

/** The entries of the central directory; null when the bytes are not a zip (no end-of-central-directory record). */
export function zipEntries(buf: Buffer): ZipEntry[] | null {
  // the end-of-central-directory record is in the last 22 + 65,535 bytes
  const from = Math.max(0, buf.length - 22 - 0xffff);
  let eocd = -1;
  for (let i = buf.length - 22; i >= from; i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const count = buf.readUInt16LE(eocd + 10);
  let o = buf.readUInt32LE(eocd + 16);
  const out: ZipEntry[] = [];
  for (let n = 0; n < count; n++) {
    if (o + 46 > buf.length || buf.readUInt32LE(o) !== 0x02014b50) return null;
    const compressed = buf.readUInt32LE(o + 20);
    const uncompressed = buf.readUInt32LE(o + 24);
    const nameLen = buf.readUInt16LE(o + 28);
    const extraLen = buf.readUInt16LE(o + 30);
    const commentLen = buf.readUInt16LE(o + 32);
    const local = buf.readUInt32LE(o + 42);
    const name = buf.toString('utf8', o + 46, o + 46 + nameLen);
    // zip64 markers (0xFFFFFFFF): sizes beyond 4 GB — never a workbook this server takes
    if (compressed === 0xffffffff || uncompressed === 0xffffffff || local === 0xffffffff) {
      out.push({ name, compressed: Number.POSITIVE_INFINITY, uncompressed: Number.POSITIVE_INFINITY });
    } else {
      out.push({ name, compressed, uncompressed });
      // a local header that declares a bigger size than the directory (streaming readers read the local one)
      if (local + 30 <= buf.length && buf.readUInt32LE(local) === 0x04034b50) {
        const flags = buf.readUInt16LE(local + 6);
        const localSize = buf.readUInt32LE(local + 22);
        if (!(flags & 0x08) && localSize > uncompressed) out[out.length - 1].uncompressed = localSize;
      }
    }
    o += 46 + nameLen + extraLen + commentLen;
  }
  return out;
}
