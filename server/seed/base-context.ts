/** The context of the base-data seed and the audit columns its parts share (split from base.ts). */
export interface BaseSeedContext {
  tenantId: string;
  /** company, branch, purchase, sale, weigh, finance, station, store */
  depts: Record<string, string>;
  adminId: string;
  postIds: string[];
}

/** Audit columns of a seeded row, and the same in the company and in the branch. */
export function auditOf(c: BaseSeedContext) {
  const T = c.tenantId;
  const audit = { tenantId: T, createUser: c.adminId, updateUser: c.adminId, createDept: c.depts.company };
  const inCompany = { ...audit, deptId: c.depts.company };
  const inBranch = { ...audit, deptId: c.depts.branch ?? c.depts.company };
  return { T, audit, inCompany, inBranch };
}
