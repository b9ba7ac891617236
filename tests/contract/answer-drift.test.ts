// @vitest-environment node
/**
 * Issue 10's proof that the descriptors reach the compiler: a screen that reads a field its endpoint's answer schema
 * no longer has fails `tsc`. Two scratch projects share one screen-like consumer of a generated RTK Query hook; the
 * descriptor of the first answers the field, the second's schema dropped it. tsc passes the first and names the
 * removed field in the second. Also: a handler on the server that returns a wrong shape fails too.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const scratch = join(root, '.tmp', `answer-drift-${process.pid}`);
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const descriptor = (fields: string) => `
import { z } from 'zod';
import { endpoint } from '../../../core/contract/endpoint.ts';
export const DEMO = {
  summary: endpoint({
    method: 'GET',
    path: '/api/demo/summary',
    summary: 'demo',
    query: z.object({ period: z.string() }),
    answer: z.object({ ${fields} }),
    provides: ['Demo'],
  }),
  save: endpoint({
    method: 'POST',
    path: '/api/demo/save',
    summary: 'demo',
    body: z.object({ name: z.string() }),
    answer: z.object({ id: z.string() }),
    invalidates: ['Demo'],
  }),
};
`;

const screen = `
import { injectDescriptors } from '../../../core/api/endpoints.ts';
import { DEMO } from './demo.contract.ts';
const demoApi = injectDescriptors('demo', DEMO);
export function useClosedThrough(): string | undefined {
  const q = demoApi.useDemoSummaryQuery({ period: '2026-11' });
  return q.data?.closedThrough;
}
export async function save(): Promise<string> {
  const [trigger] = demoApi.useDemoSaveMutation();
  return (await trigger({ name: '废钢' }).unwrap()).id;
}
`;

const handler = (answer: string) => `
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../server/db/client.ts';
import { endpoints } from '../../../server/platform/endpoint.ts';
import { DEMO } from './demo.contract.ts';
export function register(app: FastifyInstance, db: Db) {
  endpoints(app, db).handle(DEMO.summary, ({ query }) => (${answer}));
}
`;

/**
 * The three cases compile in ONE tsc run (one scratch project, a folder per case): each case's errors are told apart
 * by their file paths, and the shared import graph (core/api, server/platform) is checked once instead of three times.
 */
const cases = {
  'with-field': {
    'demo.contract.ts': descriptor('period: z.string(), closedThrough: z.string()'),
    'screen.ts': screen,
    'handler.ts': handler("{ period: query.period, closedThrough: '' }"),
  },
  'field-removed': {
    'demo.contract.ts': descriptor('period: z.string()'),
    'screen.ts': screen,
    'handler.ts': handler('{ period: query.period }'),
  },
  'handler-drift': {
    'demo.contract.ts': descriptor('period: z.string(), closedThrough: z.string()'),
    'screen.ts': screen,
    'handler.ts': handler('{ period: query.period, closedThrough: 202611 }'),
  },
};

let compiled: { status: number | null; out: string } | undefined;
function compileAll() {
  if (compiled) return compiled;
  for (const [name, files] of Object.entries(cases)) {
    const dir = join(scratch, 'cases', name);
    mkdirSync(dir, { recursive: true });
    for (const [f, text] of Object.entries(files))
      writeFileSync(join(dir, f), text.replaceAll("'../../../", "'../../../../"));
  }
  writeFileSync(
    join(scratch, 'tsconfig.json'),
    JSON.stringify({
      extends: '../../tsconfig.json',
      include: ['cases/*/*.ts'],
      compilerOptions: { noUnusedLocals: false },
    }),
  );
  const r = spawnSync(join(root, 'node_modules/.bin/tsc'), ['-p', join(scratch, 'tsconfig.json'), '--noEmit'], {
    cwd: root,
    encoding: 'utf8',
  });
  compiled = { status: r.status, out: `${r.stdout}${r.stderr}` };
  return compiled;
}
/** The compiler's lines about one case's files. */
const errorsOf = (name: keyof typeof cases) =>
  compileAll()
    .out.split('\n')
    .filter((l) => l.includes(`cases/${name}/`));

describe('answer schemas reach the compiler', () => {
  it('a screen reading a field the answer has compiles', () => {
    expect(errorsOf('with-field')).toEqual([]);
    // nothing outside the cases fails either (the scratch project itself is sound)
    expect(
      compileAll()
        .out.split('\n')
        .filter((l) => /error TS/.test(l) && !l.includes('cases/')),
    ).toEqual([]);
  }, 120_000);

  it('removing the field from the answer schema fails tsc in the screen that reads it', () => {
    expect(compileAll().status).not.toBe(0);
    expect(errorsOf('field-removed').join('\n')).toMatch(
      /screen\.ts.*error TS2339: Property 'closedThrough' does not exist/,
    );
  }, 120_000);

  it('a handler answering outside the schema fails tsc on the server', () => {
    expect(errorsOf('handler-drift').join('\n')).toMatch(/handler\.ts.*error TS2322/);
  }, 120_000);
});
