// @vitest-environment node
/**
 * Issue 10: hand-written queries scope rows with the helpers of server/platform/scope.ts — `tenantOf(user, t)`,
 * `tenantIs(tenantId, t)`, `tenantOnly(owner, t)`, `scopeOf(db, user, t, code)` — not with a tenant filter written
 * by hand. This test counts, per file under server/modules (tests excepted), the hand-written ones: a Drizzle
 * `eq(<table>.tenantId, …)` and a raw `tenant_id = ${…}` in a sql template, and fails when a new one appears.
 *
 * ALLOWED lists, with their count when the sweep ran, (a) the files other engineers still held then and (b) the raw
 * SQL left on purpose (aliased multi-table SQL and counters where `tenant_id = ${…}` sits among other raw predicates;
 * a helper would not make those queries clearer). A file may go down, never up; a file that reaches 0 must leave
 * the list (the lead shrinks it at merge).
 */
import { readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sources } from './source-files.ts';

const root = resolve(import.meta.dirname, '../..');

const ALLOWED: Record<string, number> = {
  // left after round three (dict.ts: its own `tenantOf(u)` lookup; the rest raw SQL in the receivables module)
  'server/modules/izs-base/routes.ts': 1,
  'server/modules/izs-finance-ar/entities.ts': 1,
  'server/modules/izs-finance-ar/invoices-repository.ts': 1,
  'server/modules/izs-finance-ar/reports-repository.ts': 5,
  'server/modules/izs-finance-ar/reverse-export.ts': 1,
  'server/modules/izs-finance-ar/reverse.ts': 4,
  'server/modules/izs-finance-ar/service.ts': 6,
  'server/modules/izs-finance-ar/vouchered.ts': 1,
  'server/modules/izs-financing/business-voucher-documents.ts': 1,
  'server/modules/izs-financing/money-voucher-repository.ts': 4,
  // raw SQL left (aliased joins, sub-selects, counters)
  'server/modules/blade-system/user-admin/shared.ts': 1,
  'server/modules/izs-contract/trading-detail-repository.ts': 4,
  'server/modules/izs-contract/trading-detail.ts': 4,
  'server/modules/izs-financing/account-set-users-repository.ts': 1,
  // issue 21 业财对账: aliased multi-table SQL over one book's company (documents, cash, stock movements, invoices)
  'server/modules/izs-financing/reconcile-data.ts': 12,
  'server/modules/izs-financing/stock-cost.ts': 1,
  'server/modules/izs-financing/stock-lines.ts': 1,
  'server/modules/izs-logistical/tracking-repository.ts': 1,
  'server/modules/izs-scf/cert-money.ts': 2,
  'server/modules/izs-scf/certs-repository.ts': 2,
  'server/modules/izs-scf/finance-repository.ts': 4,
  'server/modules/izs-stock/documents.ts': 1,
  'server/modules/izs-stock/not-check.ts': 3,
  'server/modules/izs-stock/pledge-lock.ts': 1,
  'server/modules/izs-toolbox/open/api-v1.ts': 3,
  'server/modules/izs-visual/books.ts': 6,
  'server/modules/misc/misc-repository.ts': 10,
};

/** Hand-written tenant filters: Drizzle `eq(x.tenantId, …)` and raw `tenant_id = ${…}`. */
function countTenantFilters(source: string): number {
  return source.match(/eq\(\w+\.tenantId, |tenant_id = \$\{/g)?.length ?? 0;
}

/** file (relative to the repository) → its count, for every file under `dir` that has one. */
function tenantFilterCounts(dir: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const file of sources(dir)) {
    const n = countTenantFilters(readFileSync(file, 'utf8'));
    if (n) counts.set(relative(root, file).split('\\').join('/'), n);
  }
  return counts;
}

/** The files over their allowance, as `file: count` lines. */
function overAllowance(counts: Map<string, number>, allowed: Record<string, number>): string[] {
  return [...counts].filter(([f, n]) => n > (allowed[f] ?? 0)).map(([f, n]) => `${f}: ${n}`);
}

const counts = tenantFilterCounts(join(root, 'server/modules'));

describe('no hand-written tenant filters in server/modules (tenantOf / tenantIs / tenantOnly / scopeOf instead)', () => {
  it('the detector sees what it must and nothing else', () => {
    const bad = [
      '.where(and(eq(stock.tenantId, tenantId), eq(stock.isDeleted, 0)))',
      'and(eq(o.id, id), eq(o.tenantId, user.tenantId))',
      `sql\`select 1 from t where tenant_id = \${t} and is_deleted = 0\``,
      `sql\`select 1 from t o where o.tenant_id = \${user.tenantId}\``,
    ].join('\n');
    expect(countTenantFilters(bad)).toBe(4);
    const good = [
      '.where(and(eq(o.id, id), tenantOf(user, o)))',
      '.where(tenantIs(tenantId, lgSite))',
      'and(tenantOnly(t, stockOrderLine), eq(stockOrderLine.orderId, id))',
      'const where = await scopeOf(db, user, stockOrder, code)',
      'eq(stock.warehouseId, p.warehouseId)',
      `sql\`\${a.tenantId} = \${b.tenantId}\` and x.tenant_id = y.tenant_id`,
    ].join('\n');
    expect(countTenantFilters(good)).toBe(0);
  });

  it('fails on a planted file with a new hand-written filter', () => {
    const planted = new Map(counts);
    planted.set('server/modules/izs-stock/planted.ts', countTenantFilters('and(eq(o.tenantId, user.tenantId))'));
    planted.set(
      'server/modules/misc/misc-repository.ts',
      (counts.get('server/modules/misc/misc-repository.ts') ?? 0) + 1,
    );
    expect(overAllowance(planted, ALLOWED).sort()).toEqual([
      'server/modules/izs-stock/planted.ts: 1',
      'server/modules/misc/misc-repository.ts: 11',
    ]);
  });

  it('no new ones outside the allow-list, and none added to an allowed file', () => {
    expect(
      overAllowance(counts, ALLOWED),
      'use tenantOf / tenantIs / tenantOnly / scopeOf from server/platform/scope.ts',
    ).toEqual([]);
  });

  it('the allow-list holds no file that is already clean (remove it)', () => {
    expect(Object.keys(ALLOWED).filter((f) => !counts.has(f))).toEqual([]);
  });
});
