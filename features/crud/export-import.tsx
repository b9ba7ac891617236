import { IconDownload, IconUpload } from '@douyinfe/semi-icons';
import { Button, Modal, Progress, Table, Toast } from '@douyinfe/semi-ui';
import { useRef, useState } from 'react';
import { downloadFile, importFile, type Params, refOf, saveBlob } from '../../core/api/crud.api.ts';
import { notifyError } from '../../core/api/notify.ts';
import { type ImportResult, type ResourceDef, resourcePaths } from '../../core/contract/resource.ts';
import { businessToday } from '../../core/format/business-day.ts';
import { useAppStore } from '../../core/store/hooks.ts';

const today = () => businessToday().replace(/-/g, '');

/** "12.3 KB" (what the export progress shows while the workbook streams in). */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * 导出: GET `${path}/export` with the current filters; a small dialog shows the bytes received while the .xlsx
 * streams and the row total of the last page answer, then the browser saves the file (server-side workbook:
 * no spreadsheet library in the browser bundle).
 */
export function ExportButton({ def, params, total }: { def: ResourceDef; params: Params; total: number }) {
  const store = useAppStore();
  const [bytes, setBytes] = useState<number | null>(null);
  const abort = useRef<AbortController | null>(null);
  const run = async () => {
    abort.current = new AbortController();
    setBytes(0);
    try {
      const file = await downloadFile(
        store.getState().session,
        resourcePaths(def).export,
        params,
        `${def.title}-${today()}.xlsx`,
        setBytes,
        abort.current.signal,
      );
      saveBlob(file);
      Toast.success({ content: `已导出 ${total} 条${def.title}`, duration: 3 });
    } catch (e) {
      if ((e as Error).name !== 'AbortError') notifyError((e as Error).message);
    } finally {
      setBytes(null);
      abort.current = null;
    }
  };
  return (
    <>
      <Button icon={<IconDownload />} onClick={run} loading={bytes !== null} data-testid="crud-export">
        导出
      </Button>
      <Modal
        visible={bytes !== null}
        title="正在导出"
        footer={
          <Button onClick={() => abort.current?.abort()} type="tertiary">
            取消
          </Button>
        }
        closable={false}
        width={420}
      >
        <div className="ly-crud-export" data-testid="crud-export-progress">
          <Progress percent={100} showInfo={false} aria-label="导出进度" className="ly-crud-export-bar" />
          <div>
            共 {total} 条，已接收 {formatBytes(bytes ?? 0)}
          </div>
        </div>
      </Modal>
    </>
  );
}

/**
 * 导入: upload dialog → POST `${path}/import` (multipart `file`). All or nothing on the server: the answer is
 * either `已导入 N 条` or the per-row error table (行号 / 字段 / 错误) with nothing written.
 */
export function ImportButton({ def, onDone }: { def: ResourceDef; onDone: () => void }) {
  const store = useAppStore();
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ImportResult | null>(null);
  const close = () => {
    setOpen(false);
    setFile(null);
    setResult(null);
  };
  const upload = async () => {
    if (!file) return notifyError('请选择要导入的 Excel 文件');
    setBusy(true);
    try {
      const r = await importFile(store.getState().session, refOf(def), file);
      setResult(r);
      if (!r.errors.length) onDone();
    } catch (e) {
      notifyError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const template = async () => {
    try {
      saveBlob(
        await downloadFile(
          store.getState().session,
          resourcePaths(def).importTemplate,
          {},
          `${def.title}导入模板.xlsx`,
        ),
      );
    } catch (e) {
      notifyError((e as Error).message);
    }
  };
  return (
    <>
      <Button icon={<IconUpload />} onClick={() => setOpen(true)} data-testid="crud-import">
        导入
      </Button>
      <Modal
        visible={open}
        title={`导入${def.title}`}
        onCancel={close}
        width={560}
        footer={
          <>
            <Button onClick={template} type="tertiary">
              下载模板
            </Button>
            <Button onClick={close} data-testid="crud-import-close">
              关闭
            </Button>
            <Button theme="solid" onClick={upload} loading={busy} disabled={!file} data-testid="crud-import-start">
              开始导入
            </Button>
          </>
        }
      >
        <div className="ly-crud-import" data-testid="crud-import-dialog">
          <label className="ly-crud-file">
            <input
              type="file"
              accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              data-testid="crud-import-file"
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null);
                setResult(null);
              }}
            />
            <span>{file ? file.name : '选择 .xlsx 文件（第一行为表头，与模板一致）'}</span>
          </label>
          {result && !result.errors.length && (
            <div className="ly-crud-import-ok" data-testid="crud-import-result">
              已导入 {result.imported} 条
            </div>
          )}
          {result && result.errors.length > 0 && (
            <div data-testid="crud-import-errors">
              <div className="ly-crud-import-bad">共 {result.total} 行，以下行有错误，未导入任何数据：</div>
              <Table
                size="small"
                pagination={false}
                rowKey={(r) => `${r?.row}-${r?.field}-${r?.msg}`}
                dataSource={result.errors}
                columns={[
                  { title: '行号', dataIndex: 'row', width: 70 },
                  { title: '字段', dataIndex: 'field', width: 120 },
                  { title: '错误', dataIndex: 'msg' },
                ]}
              />
            </div>
          )}
        </div>
      </Modal>
    </>
  );
}
