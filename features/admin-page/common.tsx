/** Helpers shared by the authority and system-administration screens (G): permissions, trees, page frame. */
import type { ReactNode } from 'react';
import type { TreeNode } from '../../core/contract/common.ts';
import { hasPermission } from '../../core/permissions/permissions-slice.ts';
import { useAppSelector } from '../../core/store/hooks.ts';
import './admin-page.css';

/** `can('edit')` → permission `${prefix}_edit` (default all on while the map is not loaded). */
export function useCan(prefix: string): (action: string) => boolean {
  const map = useAppSelector((s) => s.permissions.map);
  return (action: string) => hasPermission(map, `${prefix}_${action}`);
}

/** Semi Tree data from TreeNode[] (label = title). */
export interface SemiTreeData {
  key: string;
  value: string;
  label: string;
  children?: SemiTreeData[];
}
export function toSemiTree(nodes: TreeNode[] = []): SemiTreeData[] {
  return nodes.map((n) => ({
    key: n.id,
    value: n.id,
    label: n.title,
    children: n.children?.length ? toSemiTree(n.children) : undefined,
  }));
}

export interface TreeIndex {
  parent: Map<string, string>;
  children: Map<string, string[]>;
  leaves: Set<string>;
}
export function indexTree(nodes: TreeNode[] = []): TreeIndex {
  const idx: TreeIndex = { parent: new Map(), children: new Map(), leaves: new Set() };
  const walk = (list: TreeNode[], parent: string | null) => {
    for (const n of list) {
      if (parent) idx.parent.set(n.id, parent);
      const kids = n.children ?? [];
      idx.children.set(
        n.id,
        kids.map((k) => k.id),
      );
      if (!kids.length) idx.leaves.add(n.id);
      walk(kids, n.id);
    }
  };
  walk(nodes, null);
  return idx;
}

/** Every leaf under the given keys (a checked parent stands for all of its leaves). */
export function leavesUnder(idx: TreeIndex, keys: Iterable<string>): Set<string> {
  const out = new Set<string>();
  const visit = (k: string) => {
    const kids = idx.children.get(k);
    if (!kids) return;
    if (!kids.length) out.add(k);
    for (const c of kids) visit(c);
  };
  for (const k of keys) visit(k);
  return out;
}

/** Leaves plus all their ancestors: what a grant stores (a granted button implies its menu and catalogues). */
export function withAncestors(idx: TreeIndex, keys: Iterable<string>): string[] {
  const out = new Set<string>();
  for (const k of keys) {
    let cur: string | undefined = k;
    while (cur && !out.has(cur)) {
      out.add(cur);
      cur = idx.parent.get(cur);
    }
  }
  return [...out];
}

export function PageFrame({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <div className="ly-page ly-auth-page" data-testid={testId}>
      <h1 className="ly-page-title">{title}</h1>
      {children}
    </div>
  );
}

/** zod → { field: message } for Semi Form's setError (first message per field), or null when valid. */
export function zodFieldErrors(
  schema: {
    safeParse: (v: unknown) => { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } };
  },
  values: unknown,
): Record<string, string> | null {
  const r = schema.safeParse(values);
  if (r.success) return null;
  const out: Record<string, string> = {};
  for (const i of r.error?.issues ?? []) {
    const k = String(i.path[0] ?? '');
    if (k && !out[k]) out[k] = i.message;
  }
  return out;
}
