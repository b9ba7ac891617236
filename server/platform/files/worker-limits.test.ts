// @vitest-environment node
/**
 * The file worker's own limits (issue 22 "time, row and memory limits"): a job over its time is terminated and a
 * job over its heap is stopped by V8 — each a Chinese 400, never a stalled or crashed server — and the next job
 * still runs.
 */
import { describe, expect, it } from 'vitest';
import { bigXlsx } from '../../../tests/api/xlsx-fixture.ts';
import { readSheetInWorker } from './worker.ts';

const sheet = { labels: ['物料编码', '物料名称'], required: ['物料编码'], maxRows: 10_000 };
const book = bigXlsx(['物料编码', '物料名称'], 2_000, (r, c) => (c === 0 ? `M${r}` : `宁波北仑新碶街道废钢${r}`));

describe('file worker limits', () => {
  it('a job past its time is terminated with a Chinese 400', { timeout: 60_000 }, async () => {
    const err = await readSheetInWorker(book, sheet, { timeMs: 5, heapMb: 256 }).catch((e) => e);
    expect(err).toMatchObject({ code: 400 });
    expect(String(err.message)).toMatch(/^Excel文件处理超时（超过\d+秒），已中止$/);
  });

  it('a job past its heap is stopped with a Chinese 400; the next one is read', { timeout: 120_000 }, async () => {
    const err = await readSheetInWorker(book, sheet, { timeMs: 60_000, heapMb: 4 }).catch((e) => e);
    expect(err).toMatchObject({ code: 400 });
    expect(String(err.message)).toBe('Excel文件过大（处理时超过4MB内存上限），已拒绝');
    const ok = await readSheetInWorker(book, sheet, { timeMs: 60_000, heapMb: 256 });
    expect(ok.rows).toHaveLength(2_000);
    expect(ok.rows[1999].cells[1][1]).toBe('宁波北仑新碶街道废钢1999');
  });
});
