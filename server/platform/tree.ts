/** Forest building (bladex-contract §4.4): roots are parentId 0 plus items whose parent is not in the set. */
import type { TreeNode } from '../../core/contract/common.ts';

export function buildForest<T extends { id: string; parentId: string; children?: T[] }>(items: T[]): T[] {
  const byId = new Map(items.map((i) => [i.id, i]));
  const roots: T[] = [];
  for (const item of items) {
    const parent = item.parentId !== '0' ? byId.get(item.parentId) : undefined;
    if (parent && parent !== item) {
      if (!parent.children) parent.children = [];
      parent.children.push(item);
    } else {
      roots.push(item);
    }
  }
  return roots;
}

export function toTreeNode(id: string, parentId: string, title: string): TreeNode {
  return { id, parentId, title, key: id, value: id };
}

/** Sets hasChildren on nodes that got children (tree endpoints). */
export function markHasChildren<T extends { children?: T[]; hasChildren?: boolean }>(nodes: T[]): T[] {
  for (const n of nodes) {
    if (n.children?.length) {
      n.hasChildren = true;
      markHasChildren(n.children);
    }
  }
  return nodes;
}
