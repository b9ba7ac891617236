import { type RefObject, useEffect, useState } from 'react';
import { throttle } from './throttle.ts';

/** Spec §9: table height = window height − 140 − search form − menus (top buttons) − pagination. */
export const TABLE_HEIGHT_OFFSET = 140;
/** Below this the table would be useless; the page scrolls instead. */
export const MIN_TABLE_HEIGHT = 200;
/** Spec §9: recalculated on resize with a 500 ms throttle. */
export const TABLE_RESIZE_THROTTLE_MS = 500;

export function computeTableHeight(parts: {
  windowHeight: number;
  searchHeight: number;
  menuHeight: number;
  paginationHeight: number;
}): number {
  const h = parts.windowHeight - TABLE_HEIGHT_OFFSET - parts.searchHeight - parts.menuHeight - parts.paginationHeight;
  return Math.max(MIN_TABLE_HEIGHT, Math.floor(h));
}

const heightOf = (ref: RefObject<HTMLElement | null>) => ref.current?.getBoundingClientRect().height ?? 0;

/**
 * The table's scroll height from the measured search form, top-button bar and pagination; recomputed on window
 * resize (throttled 500 ms) and whenever `trigger` changes (search form shown or hidden).
 */
export function useTableHeight(
  search: RefObject<HTMLElement | null>,
  menu: RefObject<HTMLElement | null>,
  pagination: RefObject<HTMLElement | null>,
  trigger: unknown = null,
): number {
  const [height, setHeight] = useState(() =>
    computeTableHeight({ windowHeight: window.innerHeight, searchHeight: 0, menuHeight: 0, paginationHeight: 0 }),
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: `trigger` is the caller's layout change (re-measure)
  useEffect(() => {
    const measure = () =>
      setHeight(
        computeTableHeight({
          windowHeight: window.innerHeight,
          searchHeight: heightOf(search),
          menuHeight: heightOf(menu),
          paginationHeight: heightOf(pagination),
        }),
      );
    measure();
    const onResize = throttle(measure, TABLE_RESIZE_THROTTLE_MS);
    window.addEventListener('resize', onResize);
    return () => {
      onResize.cancel();
      window.removeEventListener('resize', onResize);
    };
  }, [trigger, search, menu, pagination]);
  return height;
}
