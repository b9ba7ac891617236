/**
 * Public trace page /blockchain-info/{orderType}/{orderNo}?t={token} (spec §2.2, issue 14): phone-first, plain
 * React and CSS (no UI library, no zod: the entry stays tiny). Loads the order's chain record (spec §7.8) by the
 * record's unguessable token (the number alone opens nothing), recomputes its hashes with WebCrypto and says 校验通过
 * or 校验失败 and why.
 */
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { parseTraceData, type TraceData } from '../../core/trace/answer.ts';
import { TRACE_EVENTS, TRACE_ORDER_TYPES } from '../../core/trace/fields.ts';
import { checkTrace, type Verdict } from './trace-check.ts';
import { parseTracePath } from './trace-path.ts';
import './trace.css';
import '../../features/ui/motion.css';

const TRACE_PATH = '/api/izs-toolbox/blockchain/transaction-by-order-no';

/** The server's zone (GET site-info answers before the trace record does; Asia/Shanghai, the default TZ, until then). */
let serverZone = 'Asia/Shanghai';

/**
 * yyyy-MM-dd HH:mm:ss in the server's zone (site-info), as every other page writes it. Intl rather than dayjs: the
 * public page is the lightest entry (sv-SE is the locale whose date-time form is exactly that).
 */
function formatDateTime(t: string | number): string {
  const d = new Date(t);
  if (Number.isNaN(d.getTime())) return '';
  return new Intl.DateTimeFormat('sv-SE', {
    timeZone: serverZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
  }).format(d);
}

type Load =
  | { state: 'loading' }
  | { state: 'empty'; msg?: string }
  | { state: 'ok'; data: TraceData; verdict: Verdict | null };

function useTrace(orderType: string, orderNo: string, token: string): Load {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  useEffect(() => {
    if (!orderType || !orderNo) return;
    const q = new URLSearchParams({ orderType, orderNo });
    if (token) q.set('t', token);
    let alive = true;
    fetch(`${TRACE_PATH}?${q}`)
      .then((r) => r.json())
      .then(async (body: { code: number; data: unknown; msg: string }) => {
        // spec §7.10: an answer other than 200 is only logged
        if (body.code !== 200) console.info(body.msg);
        const data = body.code === 200 ? parseTraceData(body.data) : null;
        if (!data) return alive && setLoad({ state: 'empty', msg: body.msg });
        if (alive) setLoad({ state: 'ok', data, verdict: null });
        const verdict = await checkTrace(data);
        if (alive) setLoad({ state: 'ok', data, verdict });
      })
      .catch(() => alive && setLoad({ state: 'empty' }));
    return () => {
      alive = false;
    };
  }, [orderType, orderNo, token]);
  return load;
}

function Row({ k, v, hash }: { k: string; v: string; hash?: boolean }) {
  return (
    <div className="tr-row">
      <div className="tr-k">{k}</div>
      <div className={hash ? 'tr-v tr-hash' : 'tr-v'}>{v}</div>
    </div>
  );
}

function VerdictCard({ verdict }: { verdict: Verdict | null }) {
  if (!verdict) {
    return (
      <section className="tr-card is-wait" data-testid="trace-verdict">
        <div className="tr-verdict">
          <span className="tr-mark">…</span>正在浏览器中重算哈希
        </div>
      </section>
    );
  }
  const failed = verdict.checks.find((c) => !c.ok);
  const why = 'unavailable' in verdict ? verdict.unavailable : failed ? `${failed.name}：${failed.detail}` : '';
  return (
    <section className={`tr-card ${verdict.ok ? 'is-ok' : 'is-bad'}`} data-testid="trace-verdict">
      <div className="tr-verdict">
        <span className="tr-mark">{verdict.ok ? '✓' : '✗'}</span>
        <div>
          {verdict.ok ? '校验通过' : '校验失败'}
          <small data-testid="trace-why">
            {verdict.ok ? '字段、交易与区块哈希均由本机浏览器重算，与链上记录一致' : why}
          </small>
        </div>
      </div>
    </section>
  );
}

function TraceBody({ data, verdict }: { data: TraceData; verdict: Verdict | null }) {
  const r = data.transactionReceipt;
  return (
    <>
      <VerdictCard verdict={verdict} />
      <section className="tr-card" data-testid="trace-block">
        <h2>区块信息</h2>
        <Row k="区块高度" v={String(r.blockNumber)} />
        <Row k="区块哈希" v={r.blockHash} hash />
        <Row k="上链哈希" v={r.transactionHash} hash />
        <Row k="前块哈希" v={data.proof.block.prevHash} hash />
        <Row k="上链时间" v={formatDateTime(r.timestamp)} />
        <Row k="链类型" v={r.chain === 'local-hashchain' ? '本地哈希链（可替换为联盟链）' : r.chain} />
      </section>
      <section className="tr-card" data-testid="trace-fields">
        <h2>上链字段</h2>
        {data.methodArgs.structFields.map((f) => (
          <Row key={f.key} k={f.name} v={f.value || '—'} />
        ))}
      </section>
      {verdict && verdict.checks.length > 0 && (
        <section className="tr-card" data-testid="trace-checks">
          <h2>校验明细</h2>
          {verdict.checks.map((c) => (
            <div className="tr-check" key={c.name}>
              <b className={c.ok ? 'is-ok' : 'is-bad'}>{c.ok ? '✓' : '✗'}</b>
              <span className="tr-k">{c.name}</span>
              <span className="tr-v tr-hash">{c.detail}</span>
            </div>
          ))}
        </section>
      )}
      {data.history.length > 1 && (
        <section className="tr-card">
          <h2>上链记录</h2>
          {data.history.map((h) => (
            <Row
              key={h.txHash}
              k={TRACE_EVENTS[h.event] ?? h.event}
              v={`区块 #${h.blockNumber} · ${formatDateTime(h.time)}`}
            />
          ))}
        </section>
      )}
    </>
  );
}

function TracePage() {
  const target = parseTracePath(window.location.pathname);
  const token = new URLSearchParams(window.location.search).get('t') ?? '';
  const load = useTrace(target?.orderType ?? '', target?.orderNo ?? '', token);
  return (
    <main className="tr-main">
      <header className="tr-card tr-head">
        <h1>订单区块链溯源</h1>
        <p>Loopyard 再生资源管理平台</p>
      </header>
      <section className="tr-card">
        <Row k="单据类型" v={target ? (TRACE_ORDER_TYPES[target.orderType] ?? target.orderType) : '—'} />
        <Row k="单据编号" v={target?.orderNo ?? '—'} />
      </section>
      {!target ? (
        <section className="tr-card tr-muted" data-testid="trace-result">
          链接格式不正确
        </section>
      ) : load.state === 'loading' ? (
        <section className="tr-card tr-muted" data-testid="trace-result">
          正在查询链上数据…
        </section>
      ) : load.state === 'empty' ? (
        <section className="tr-card tr-muted" data-testid="trace-result">
          暂无数据
          {load.msg && <small data-testid="trace-msg">{load.msg}</small>}
        </section>
      ) : (
        <div data-testid="trace-result">
          <TraceBody data={load.data} verdict={load.verdict} />
        </div>
      )}
    </main>
  );
}

fetch('/api/blade-system/site-info')
  .then((r) => r.json() as Promise<{ data?: { timeZone?: string } }>)
  .then((r) => {
    if (r?.data?.timeZone) serverZone = r.data.timeZone;
  })
  .catch(() => {});
createRoot(document.getElementById('root')!).render(<TracePage />);
