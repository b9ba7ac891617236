/**
 * /setting-print (spec §2.2 public route, §2.12 desktop-client settings, §3 printer config and print margin,
 * §7.7 print-config): per warehouse, which printer prints weighing slips, statements and finance documents and
 * how (preview first or directly), and the slip layout — template, paper, copies, margins, heading, footer — with
 * a live preview on the chosen paper. Printer names come from the desktop client; in a plain browser the printer
 * choice is read-only and says 请在客户端内使用打印功能。 (spec §8). Saving needs a back-office sign-in with the
 * warehouse edit permission; after saving inside the client the printers are handed to it (setPrinters).
 * Part of the print entry: plain React and CSS, no store and no UI library.
 */
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { callDescriptor } from '../../core/api/call-descriptor.ts';
import type { AnswerOf } from '../../core/contract/endpoint.ts';
import { WAREHOUSE_READS } from '../../core/contract/izs-base/warehouse.contract.ts';
import {
  DEFAULT_PRINT_CONFIG,
  PAPER_OPTIONS,
  PRINT_CONFIG,
  PRINT_TYPES,
  type PrintConfig,
  pageOf,
  printConfigSaveSchema,
  TEMPLATE_OPTIONS,
} from '../../core/contract/izs-toolbox/print-config.contract.ts';
import { hasSignIn } from '../../core/printer/print-http.ts';
import { DOCUMENT_KINDS, printOptions } from '../../core/printer/print-settings.ts';
import { printerFromServer } from '../../core/session/session-slice.ts';
import { desktopClient, NOT_IN_CLIENT, requestPrint } from '../../print/bridge.ts';
import { pageRule } from '../../print/margins.ts';
import { SlipPreview } from './slip-preview.tsx';
import './setting-print.css';

type WarehouseOption = AnswerOf<typeof WAREHOUSE_READS.selectList>[number];

type Form = Omit<PrintConfig, 'id' | 'warehouseName' | 'updateTime'>;
const MARGINS = [
  ['marginTop', '上'],
  ['marginBottom', '下'],
  ['marginLeft', '左'],
  ['marginRight', '右'],
] as const;

function firstErrors(form: Form): Record<string, string> {
  const r = printConfigSaveSchema.safeParse(form);
  const out: Record<string, string> = {};
  if (!r.success) for (const i of r.error.issues) out[String(i.path[0])] ??= i.message;
  return out;
}

export default function SettingPrintPage() {
  const client = desktopClient();
  const signedIn = hasSignIn();
  const [warehouses, setWarehouses] = useState<WarehouseOption[] | null>(null);
  const [printers, setPrinters] = useState<string[]>([]);
  const [form, setForm] = useState<Form | null>(null);
  const [saved, setSaved] = useState<PrintConfig | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ text: string; ok: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    document.title = '打印设置 - Loopyard';
    client
      ?.listPrinters()
      .then(setPrinters)
      .catch(() => setPrinters([]));
  }, [client]);

  useEffect(() => {
    if (!signedIn) return;
    callDescriptor(WAREHOUSE_READS.selectList, undefined).then((r) => {
      const list = r.success ? [...r.data] : [];
      setWarehouses(list.sort((a, b) => (a.code ?? '').localeCompare(b.code ?? '')));
      if (!r.success) setMessage({ text: r.msg, ok: false });
    });
  }, [signedIn]);

  // The warehouse asked for last. Its form is cleared until its settings arrive, so nothing is typed into the
  // previous warehouse's form meanwhile, and an earlier answer arriving late is dropped: edits always belong to
  // the warehouse shown in the selector.
  const wanted = useRef('');
  const [warehouseId, setWarehouseId] = useState('');
  const load = useCallback(async (id: string) => {
    wanted.current = id;
    setWarehouseId(id);
    setSaved(null);
    setForm(null);
    setMessage(null);
    setErrors({});
    const r = await callDescriptor(PRINT_CONFIG.detail, { warehouseId: id });
    if (wanted.current !== id) return;
    if (!r.success) return setMessage({ text: r.msg, ok: false });
    const { id: _id, warehouseName: _n, updateTime: _u, ...rest } = r.data;
    setSaved(r.data);
    setForm(rest);
  }, []);

  // the first warehouse (or ?warehouseId=) once the list is there
  useEffect(() => {
    if (!warehouses?.length || form || wanted.current) return;
    const fromUrl = new URLSearchParams(window.location.search).get('warehouseId');
    void load(warehouses.find((w) => w.id === fromUrl)?.id ?? warehouses[0].id);
  }, [warehouses, form, load]);

  const page = useMemo(() => (form ? pageOf(form) : null), [form]);
  useEffect(() => {
    if (!page) return;
    const style = document.createElement('style');
    style.textContent = pageRule(page.paper, page.margin);
    document.head.appendChild(style);
    return () => style.remove();
  }, [page]);

  const set = <K extends keyof Form>(k: K, v: Form[K]) => {
    setForm((f) => (f ? { ...f, [k]: v } : f));
    setErrors(({ [k]: _gone, ...rest }) => rest);
  };

  const save = async () => {
    if (!form) return;
    const errs = firstErrors(form);
    setErrors(errs);
    if (Object.keys(errs).length) return setMessage({ text: Object.values(errs)[0], ok: false });
    setBusy(true);
    const r = await callDescriptor(PRINT_CONFIG.save, form);
    setBusy(false);
    if (!r.success) return setMessage({ text: r.msg || '保存失败', ok: false });
    setSaved(r.data);
    const printer = printerFromServer(r.data);
    if (client) await client.setPrinters(printer).catch(() => undefined);
    setMessage({ text: client ? '保存成功，已应用到本机客户端' : '保存成功', ok: true });
  };

  const testPrint = () =>
    form &&
    requestPrint(printOptions(printerFromServer(form), 'weight', form))
      .then(() => setMessage({ text: '已发送到打印机', ok: true }))
      .catch((e: Error) => setMessage({ text: e.message, ok: false }));

  if (!signedIn) {
    return (
      <main className="sp-page">
        <h1 className="sp-title">打印设置</h1>
        <div className="sp-card sp-empty">
          请先登录后台后再进行打印设置。<a href="/login">去登录</a>
        </div>
      </main>
    );
  }

  const field = (name: keyof Form | string, label: string, control: ReactNode, hint?: string) => (
    <div className={`sp-field${errors[name] ? ' sp-field-error' : ''}`}>
      <label className="sp-label" htmlFor={`sp-${name}`}>
        {label}
      </label>
      <div className="sp-control">
        {control}
        {errors[name] ? (
          <div className="sp-error">{errors[name]}</div>
        ) : hint ? (
          <div className="sp-hint">{hint}</div>
        ) : null}
      </div>
    </div>
  );

  return (
    <main className="sp-page" data-testid="setting-print">
      <header className="sp-head">
        <h1 className="sp-title">打印设置</h1>
        <span className="sp-sub">磅单、报表、财务单据的打印机与磅单版式，按仓库保存</span>
      </header>
      {!client && (
        <div className="sp-notice" role="note">
          {NOT_IN_CLIENT} 选择打印机需要在桌面客户端中打开本页；磅单版式可以在浏览器中修改。
        </div>
      )}
      {warehouses && !warehouses.length ? (
        <div className="sp-card sp-empty">暂无仓库，请先在「基础数据 → 仓库管理」中添加仓库。</div>
      ) : (
        <div className="sp-body">
          <section className="sp-card sp-form" aria-label="打印设置表单">
            {field(
              'warehouseId',
              '仓库',
              <select
                id="sp-warehouseId"
                value={warehouseId}
                onChange={(e) => void load(e.target.value)}
                disabled={!warehouses}
              >
                {(warehouses ?? []).map((w) => (
                  <option key={w.id} value={w.id}>
                    {w.name}
                  </option>
                ))}
              </select>,
              saved?.updateTime ? `上次保存：${saved.updateTime}` : '尚未保存，当前为默认设置',
            )}
            {form && (
              <>
                <h2 className="sp-section">打印机</h2>
                {field(
                  'printType',
                  '打印方式',
                  <div className="sp-radios" role="radiogroup" aria-label="打印方式">
                    {PRINT_TYPES.map((o) => (
                      <label key={o.value}>
                        <input
                          type="radio"
                          name="printType"
                          checked={form.printType === o.value}
                          onChange={() => set('printType', Number(o.value))}
                        />
                        {o.label}
                      </label>
                    ))}
                  </div>,
                )}
                {DOCUMENT_KINDS.map((d) =>
                  field(
                    d.field,
                    d.label,
                    <select
                      id={`sp-${d.field}`}
                      value={form[d.field]}
                      disabled={!client}
                      onChange={(e) => set(d.field, e.target.value)}
                    >
                      <option value="">系统默认打印机</option>
                      {[...new Set([...printers, form[d.field]].filter(Boolean))].map((p) => (
                        <option key={p} value={p}>
                          {p}
                        </option>
                      ))}
                    </select>,
                  ),
                )}
                <h2 className="sp-section">磅单版式</h2>
                {field(
                  'template',
                  '打印模板',
                  <select
                    id="sp-template"
                    value={form.template}
                    onChange={(e) => set('template', e.target.value as Form['template'])}
                  >
                    {TEMPLATE_OPTIONS.map((o) => (
                      <option key={o.value} value={o.value}>
                        {o.label}
                      </option>
                    ))}
                  </select>,
                )}
                {field(
                  'paper',
                  '纸张',
                  <select
                    id="sp-paper"
                    value={form.paper}
                    onChange={(e) => set('paper', e.target.value as Form['paper'])}
                  >
                    {PAPER_OPTIONS.map((o) => (
                      <option key={o.value} value={o.value}>
                        {o.label}
                      </option>
                    ))}
                  </select>,
                )}
                {field(
                  'copies',
                  '打印份数',
                  <input
                    id="sp-copies"
                    type="number"
                    min={1}
                    max={10}
                    value={form.copies}
                    onChange={(e) => set('copies', e.target.value === '' ? ('' as never) : Number(e.target.value))}
                  />,
                )}
                {field(
                  MARGINS.find(([k]) => errors[k])?.[0] ?? 'margins',
                  '页边距',
                  <div className="sp-margins">
                    {MARGINS.map(([k, l]) => (
                      <label key={k}>
                        {l}
                        <input
                          id={`sp-${k}`}
                          type="number"
                          min={0}
                          max={50}
                          step={0.5}
                          value={form[k]}
                          aria-label={`${l}边距(毫米)`}
                          onChange={(e) => set(k, e.target.value === '' ? ('' as never) : Number(e.target.value))}
                        />
                      </label>
                    ))}
                    <span className="sp-unit">毫米</span>
                  </div>,
                  '默认 0；用于对齐针式打印机的连续纸。',
                )}
                {field(
                  'title',
                  '磅单抬头',
                  <input
                    id="sp-title"
                    value={form.title}
                    maxLength={60}
                    placeholder="为空时使用机构名称"
                    onChange={(e) => set('title', e.target.value)}
                  />,
                )}
                {field(
                  'footer',
                  '页脚备注',
                  <input
                    id="sp-footer"
                    value={form.footer}
                    maxLength={110}
                    placeholder="如：司机签字："
                    onChange={(e) => set('footer', e.target.value)}
                  />,
                )}
                <div className="sp-actions">
                  <button type="button" className="sp-primary" onClick={save} disabled={busy}>
                    {busy ? '保存中…' : '保存'}
                  </button>
                  <button type="button" onClick={testPrint}>
                    打印测试页
                  </button>
                  <button
                    type="button"
                    onClick={() => setForm({ ...form, ...DEFAULT_PRINT_CONFIG, warehouseId: form.warehouseId })}
                  >
                    恢复默认
                  </button>
                  {message && (
                    <span role="alert" className={message.ok ? 'sp-ok' : 'sp-fail'}>
                      {message.text}
                    </span>
                  )}
                </div>
              </>
            )}
          </section>
          <section className="sp-card sp-preview" aria-label="磅单预览">
            <h2 className="sp-section">预览</h2>
            {form && page ? (
              <SlipPreview form={form} page={page} warehouseName={saved?.warehouseName ?? ''} />
            ) : (
              <div className="sp-empty">加载中…</div>
            )}
          </section>
        </div>
      )}
    </main>
  );
}
