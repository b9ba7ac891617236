import { Button, Checkbox, Pagination } from '@douyinfe/semi-ui';
import { useState } from 'react';

/** 仅已过账 and 查询 of the book screens: the draft's `posted` flag, and the query that takes the draft. */
export function PostedQuery<T extends { posted?: string }>({
  draft,
  setDraft,
  loading,
  onQuery,
}: {
  draft: T;
  setDraft: (next: T) => void;
  loading: boolean;
  onQuery: () => void;
}) {
  return (
    <>
      <Checkbox
        checked={draft.posted === '1'}
        onChange={(e) => setDraft({ ...draft, posted: e.target.checked ? '1' : '' })}
      >
        仅已过账
      </Checkbox>
      <Button size="small" theme="solid" loading={loading} onClick={onQuery}>
        查询
      </Button>
    </>
  );
}

/** Page and page size of a finance list; `pager(total)` draws the pager (a new size goes back to page 1). */
export function usePager(initialSize: number, sizes: number[]) {
  const [current, setCurrent] = useState(1);
  const [size, setSize] = useState(initialSize);
  const pager = (total: number) => (
    <Pagination
      size="small"
      style={{ marginTop: 8 }}
      total={total}
      currentPage={current}
      pageSize={size}
      pageSizeOpts={sizes}
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
