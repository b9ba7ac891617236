import { type CSSProperties, useState } from 'react';
import { PAGE_SIZES } from '../../core/contract/common.ts';
import { Pager } from './pager.tsx';

/**
 * Page and page size of a list, and `pager(total)` drawing its pager (spec §2.12: sizes, total, size changer); a new
 * size goes back to page 1.
 */
export function usePager(
  initialSize: number,
  opts: { sizes?: readonly number[]; small?: boolean; style?: CSSProperties } = {},
) {
  const [current, setCurrent] = useState(1);
  const [size, setSize] = useState(initialSize);
  const pager = (total: number) => (
    <Pager
      size={opts.small ? 'small' : 'default'}
      style={opts.style}
      total={total}
      currentPage={current}
      pageSize={size}
      pageSizeOpts={[...(opts.sizes ?? PAGE_SIZES)]}
      showSizeChanger
      showTotal
      onPageChange={setCurrent}
      onPageSizeChange={(s) => {
        setSize(s);
        setCurrent(1);
      }}
    />
  );
  return { current, size, setCurrent, pager };
}
