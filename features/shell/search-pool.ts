import Fuse from 'fuse.js';
import type { MenuLeaf } from '../../core/router/build-menu.ts';

export interface SearchEntry {
  path: string;
  /** Ancestor titles then the own title. */
  title: string[];
  label: string;
  newWindow?: boolean;
}

/** Pool of visible menu entries (bladex-contract §9.3). */
export function buildSearchPool(leaves: MenuLeaf[]): SearchEntry[] {
  return leaves.map((l) => ({
    path: l.item.path,
    title: l.titles,
    label: l.titles.join(' > '),
    newWindow: l.item.newWindow,
  }));
}

/** Spec §9: fuzzy threshold 0.4, title weight 0.7, path weight 0.3. */
export function createSearcher(pool: SearchEntry[]) {
  const fuse = new Fuse(pool, {
    shouldSort: true,
    threshold: 0.4,
    location: 0,
    distance: 100,
    minMatchCharLength: 1,
    keys: [
      { name: 'title', weight: 0.7 },
      { name: 'path', weight: 0.3 },
    ],
  });
  return (query: string): SearchEntry[] => (query.trim() ? fuse.search(query.trim()).map((r) => r.item) : []);
}
