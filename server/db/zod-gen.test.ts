// @vitest-environment node
/**
 * core/contract/generated/ is the Drizzle tables' wire shape (issue 23): it fails when a table changed and
 * `npm run db:generate` (drizzle-kit, then server/db/zod-gen.ts) was not run, and it pins the column mapping.
 */
import { integer, numeric, pgTable, varchar } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { bigintStr, tstz } from './schema/common.ts';
import { generate, moduleSource, staleFiles } from './zod-gen.ts';

describe('zod-gen', () => {
  it('the checked-in core/contract/generated files are what the tables generate', async () => {
    expect(staleFiles(await generate())).toEqual([]);
  });

  it('a changed table makes its generated file stale', async () => {
    const fresh = await generate();
    fresh.set('finance-ar.ts', `${fresh.get('finance-ar.ts')}\n// a column added to a table\n`);
    expect(staleFiles(fresh)).toEqual(['finance-ar.ts']);
  });

  it('maps each column to its wire form', () => {
    const t = pgTable('t', {
      id: bigintStr('id').primaryKey(),
      partyId: bigintStr('party_id'),
      amount: numeric('amount', { precision: 16, scale: 2, mode: 'string' }).notNull(),
      netKg: numeric('net_kg', { precision: 14, scale: 3, mode: 'string' }),
      rate: numeric('rate', { precision: 6, scale: 4, mode: 'string' }).notNull(),
      name: varchar('name', { length: 40 }).notNull(),
      kind: varchar('kind', { enum: ['a', 'b'] }).notNull(),
      n: integer('n').notNull(),
      at: tstz('at'),
    });
    expect(moduleSource('t.ts', { t })).toContain(
      [
        'export const tRow = z.object({',
        '  id: idOut,',
        '  partyId: idOut.nullable(),',
        '  amount: money,',
        '  netKg: weight.nullable(),',
        '  rate: fixedOut(4),',
        '  name: z.string().max(40),',
        "  kind: z.enum(['a', 'b']),",
        '  n: z.number().int(),',
        '  at: dateTimeOut.nullable(),',
        '});',
      ].join('\n'),
    );
  });
});
