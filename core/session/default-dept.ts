/**
 * Spec §4 "Default department": if dept_id is '2' it becomes '1'; otherwise the first entry of the
 * comma-separated list. (The '2' → '1' rewrite is the original product's quirk, kept as stated.)
 */
export function defaultDeptId(deptId: string | null | undefined): string {
  if (!deptId) return '';
  if (deptId === '2') return '1';
  return deptId.split(',')[0].trim();
}

/** Roles come from role_name, comma-split (spec §6). */
export function splitRoles(roleName: string | null | undefined): string[] {
  return (roleName ?? '')
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean);
}
