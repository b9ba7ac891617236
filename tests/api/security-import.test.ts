// @vitest-environment node
/**
 * A big Excel import does not stall other users (issue 16): the sheet is streamed, the header checked first, the
 * rows capped at MAX_IMPORT_ROWS, and a cheap request keeps answering within 500 ms while an 800,000-row file is
 * read. The import's ordinary behaviour is covered by the base-* resource suites.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_IMPORT_ROWS } from '../../server/platform/crud/excel.ts';
import { type BaseCtx, bootBase, upload } from './base-suite.ts';
import { call } from './helpers.ts';
import { bigXlsx } from './xlsx-fixture.ts';

let c: BaseCtx;
let big: Buffer;
let wrongHeader: Buffer;
const ROWS = 800_000;

beforeAll(async () => {
  c = await bootBase();
  big = bigXlsx(['物料编码', '物料名称', '计量单位', '计价单位'], ROWS, (r, col) =>
    col === 0 ? r : col === 1 ? 'x' : '',
  );
  wrongHeader = bigXlsx(['编码', '名称'], ROWS, (r, col) => (col === 0 ? r : 'x'));
}, 120_000);
afterAll(async () => {
  await c?.t.close();
});

/** Runs `work` while timing a cheap authenticated request every 50 ms; answers the slowest answer's time. */
async function slowestDuring<T>(work: Promise<T>): Promise<{ result: T; slowest: number; probes: number }> {
  let done = false;
  let slowest = 0;
  let probes = 0;
  const probe = async () => {
    while (!done) {
      const t0 = performance.now();
      const r = await call(c.t, '/api/blade-system/user/info', { token: c.admin });
      expect(r.status).toBe(200);
      slowest = Math.max(slowest, performance.now() - t0);
      probes++;
      await new Promise((res) => setTimeout(res, 50));
    }
  };
  const running = probe();
  const result = await work;
  done = true;
  await running;
  return { result, slowest, probes };
}

describe('a big import', () => {
  it(`the file is a valid ${ROWS.toLocaleString('en')}-row workbook under the upload limit`, () => {
    expect(big.length).toBeGreaterThan(5 * 1024 * 1024);
    expect(big.length).toBeLessThan(10 * 1024 * 1024);
  });

  it('a wrong header is refused at once, before the rows are read', async () => {
    const t0 = performance.now();
    const r = await upload(c, '/api/izs-base/material/import', wrongHeader);
    const ms = performance.now() - t0;
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: 400, success: false, msg: '表头与导入模板不一致' });
    // the reading runs in a worker thread now (issue 22): its start-up is in this time (about a second on a quiet
    // machine, more on a busy one); reading the sheet's rows before the header check would take far longer
    expect(ms).toBeLessThan(8000);
  });

  it('more rows than the cap are refused with a Chinese message naming it; others keep being answered', async () => {
    const t0 = performance.now();
    const { result: r, slowest, probes } = await slowestDuring(upload(c, '/api/izs-base/material/import', big));
    const ms = performance.now() - t0;
    expect(r.status).toBe(400);
    expect(r.body.msg).toBe(`导入数据超过${MAX_IMPORT_ROWS}行，请分批导入（每次最多${MAX_IMPORT_ROWS}行）`);
    expect(MAX_IMPORT_ROWS).toBe(10_000);
    expect(probes).toBeGreaterThan(0);
    console.log(
      `800k-row import refused in ${Math.round(ms)} ms; slowest concurrent request ${Math.round(slowest)} ms`,
    );
    // the sheet is read in a worker: no concurrent request waits for it. The bound is a stall's, not a latency budget
    // (the main thread blocked 10–24 s before issue 22; beside the e2e suite on 2 cores a request takes ~0.6 s)
    expect(slowest).toBeLessThan(2000);
    // nothing written
    const page = await call(c.t, '/api/izs-base/material/page', { token: c.admin, query: { code: '1000' } });
    expect(page.body.data.total).toBe(0);
  });

  it('a file that is not a workbook is refused', async () => {
    const r = await upload(c, '/api/izs-base/material/import', Buffer.from('not a zip at all'));
    expect(r.body).toMatchObject({ code: 400, msg: '文件不是有效的Excel(.xlsx)文件' });
    const broken = Buffer.from(big.subarray(0, 200_000));
    const r2 = await upload(c, '/api/izs-base/material/import', broken);
    expect(r2.status).toBe(400);
  });
});
