import { Button, DatePicker, InputNumber, Space, Tag } from '@douyinfe/semi-ui';
import { Named } from '../ui/field.tsx';
import { Select } from '../ui/select.tsx';

/** The voucher's head row: word, number, date, 附单据, state, and 新增 / 保存并新增 / 保存. */
export function VoucherHead({
  word,
  onWord,
  words,
  noText,
  date,
  onDate,
  attachments,
  onAttachments,
  state,
  saved,
  readOnly,
  busy,
  onReset,
  onSave,
}: {
  word: string;
  onWord: (word: string) => void;
  words: { word: string }[];
  /** the voucher's number, or the next number, or – */
  noText: number | string;
  date: string;
  onDate: (date: string) => void;
  attachments: number;
  onAttachments: (n: number) => void;
  state: { label: string } | null | undefined;
  /** the loaded voucher is still 未审核 */
  saved: boolean;
  readOnly: boolean;
  busy: boolean;
  onReset: () => void;
  onSave: (andNew: boolean) => void;
}) {
  return (
    <div className="ly-v-head">
      <Space>
        <Named name="凭证字">
          <Select
            size="small"
            value={word}
            disabled={readOnly}
            style={{ width: 90 }}
            onChange={(v) => onWord(String(v))}
            optionList={words.map((w) => ({ value: w.word, label: `${w.word}字` }))}
            data-testid="voucher-word"
          />
        </Named>
        <span className="ly-v-no" data-testid="voucher-no">
          第 {noText} 号
        </span>
        <span>日期</span>
        <Named name="日期">
          <DatePicker
            size="small"
            type="date"
            value={date}
            disabled={readOnly}
            format="yyyy-MM-dd"
            onChange={(_d, s) => onDate(String(s ?? ''))}
            style={{ width: 140 }}
            data-testid="voucher-date"
          />
        </Named>
        <span>附单据</span>
        <Named name="附单据">
          <InputNumber
            size="small"
            min={0}
            max={9999}
            value={attachments}
            disabled={readOnly}
            onNumberChange={(v) => onAttachments(Number(v) || 0)}
            style={{ width: 80 }}
          />
        </Named>
        <span>张</span>
        {state && <Tag color={saved ? 'grey' : 'green'}>{state.label}</Tag>}
      </Space>
      <h2 className="ly-v-title">记账凭证</h2>
      <Space>
        <Button size="small" onClick={onReset}>
          新增
        </Button>
        <Button
          size="small"
          onClick={() => onSave(true)}
          disabled={readOnly}
          loading={busy}
          data-testid="voucher-save-new"
        >
          保存并新增
        </Button>
        <Button
          size="small"
          theme="solid"
          onClick={() => onSave(false)}
          disabled={readOnly}
          loading={busy}
          data-testid="voucher-save"
        >
          保存 (Ctrl+S)
        </Button>
      </Space>
    </div>
  );
}
