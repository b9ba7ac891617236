import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { parseTracePath } from './trace-path.ts';

/** Public trace page: no login, tiny bundle (plain React, no UI library), readable on a phone. */
const TRACE_PATH = '/api/izs-toolbox/blockchain/transaction-by-order-no';

type Load = { state: 'loading' } | { state: 'empty'; msg?: string } | { state: 'ok'; data: Record<string, unknown> };

function useTrace(orderType: string, orderNo: string): Load {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  useEffect(() => {
    const q = new URLSearchParams({ orderType, orderNo });
    fetch(`${TRACE_PATH}?${q}`)
      .then((r) => r.json())
      .then((body: { code: number; data: unknown; msg: string }) => {
        // spec §7.8: data is a JSON string holding transactionReceipt and methodArgs.structFields
        if (body.code !== 200 || !body.data) return setLoad({ state: 'empty', msg: body.msg });
        const data = typeof body.data === 'string' ? JSON.parse(body.data) : body.data;
        setLoad({ state: 'ok', data });
      })
      .catch(() => setLoad({ state: 'empty' }));
  }, [orderType, orderNo]);
  return load;
}

const card: React.CSSProperties = {
  background: '#fff',
  borderRadius: 8,
  padding: '20px 22px',
  boxShadow: '0 1px 4px rgba(0,0,0,.06)',
  margin: '16px auto',
  maxWidth: 720,
};

function Row({ k, v }: { k: string; v: string }) {
  return (
    <div style={{ display: 'flex', padding: '8px 0', borderBottom: '1px solid #f0f1f3', gap: 12 }}>
      <div style={{ width: 96, color: '#6b7075', flexShrink: 0 }}>{k}</div>
      <div style={{ wordBreak: 'break-all' }}>{v}</div>
    </div>
  );
}

function TracePage() {
  const target = parseTracePath(window.location.pathname);
  const load = useTrace(target?.orderType ?? '', target?.orderNo ?? '');
  return (
    <main style={{ padding: '0 14px 32px' }}>
      <header style={{ ...card, background: 'linear-gradient(120deg,#0e7a4f,#14a06b)', color: '#fff' }}>
        <h1 style={{ margin: 0, fontSize: 22 }}>订单区块链溯源</h1>
        <p style={{ margin: '6px 0 0', opacity: 0.9 }}>Loopyard 再生资源管理平台</p>
      </header>
      <section style={card}>
        <Row k="单据类型" v={target?.orderType ?? '—'} />
        <Row k="单据编号" v={target?.orderNo ?? '—'} />
      </section>
      <section style={card} data-testid="trace-result">
        {!target ? (
          <p style={{ textAlign: 'center', color: '#6b7075' }}>链接格式不正确</p>
        ) : load.state === 'loading' ? (
          <p style={{ textAlign: 'center', color: '#6b7075' }}>正在查询链上数据…</p>
        ) : load.state === 'empty' ? (
          <p style={{ textAlign: 'center', color: '#6b7075', fontSize: 16 }}>暂无数据</p>
        ) : (
          Object.entries(load.data).map(([k, v]) => (
            <Row key={k} k={k} v={typeof v === 'string' ? v : JSON.stringify(v)} />
          ))
        )}
      </section>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(<TracePage />);
