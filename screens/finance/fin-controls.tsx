import { Button, Checkbox } from '@douyinfe/semi-ui';

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
