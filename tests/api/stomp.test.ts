// @vitest-environment node
/**
 * The embedded STOMP 1.2 broker at /api/izs-weighing/ws, driven with @stomp/stompjs over `ws` (Node 20 has no
 * global WebSocket) and with raw frames where stompjs would hide the protocol.
 */
import { Client, type IFrame, type IMessage } from '@stomp/stompjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { tenant, user } from '../../server/db/schema/index.ts';
import { hashPassword, md5hex } from '../../server/platform/password.ts';
import { boot, call, login, type TestApp, tokenRequest } from './helpers.ts';

let t: TestApp;
let wsUrl: string;
let admin: string;
let clerk: string;
let manager: string;
let foreign: string;
let clerkDept: string;
let companyDept: string;

const clients: Client[] = [];

beforeAll(async () => {
  t = await boot({ captchaMode: false });
  wsUrl = `${t.base.replace('http', 'ws')}/api/izs-weighing/ws`;
  admin = (await login(t, 'admin')).access_token;
  const c = await login(t, 'clerk');
  clerk = c.access_token;
  clerkDept = c.dept_id;
  const m = await login(t, 'manager');
  manager = m.access_token;
  companyDept = m.dept_id.split(',')[0];
  // another tenant whose user happens to carry the same department id number as the clerk
  await t.database.db.insert(tenant).values({ tenantId: '222222', tenantName: '别家公司' });
  await t.database.db.insert(user).values({
    tenantId: '222222',
    account: 'other',
    password: await hashPassword(md5hex('123456')),
    realName: '别家司磅',
    deptId: clerkDept,
  });
  const o = await tokenRequest(t, 'other', '123456', { tenantId: '222222' });
  expect(o.status).toBe(200);
  foreign = o.body.access_token;
});

afterAll(async () => {
  await Promise.all(clients.map((c) => c.deactivate()));
  await t.close();
});

interface Opened {
  client: Client;
  connected: IFrame;
}

/** Connects with stompjs; resolves on CONNECTED, rejects with the ERROR frame's message. */
function open(headers: Record<string, string>, url = wsUrl): Promise<Opened> {
  return new Promise((resolve, reject) => {
    const client = new Client({
      webSocketFactory: () => new WebSocket(url, ['v12.stomp', 'v11.stomp', 'v10.stomp']),
      connectHeaders: headers,
      reconnectDelay: 0,
      heartbeatIncoming: 0,
      heartbeatOutgoing: 0,
    });
    clients.push(client);
    client.onConnect = (frame) => resolve({ client, connected: frame });
    client.onStompError = (frame) => {
      reject(new Error(`${frame.headers.message}|${frame.body}`));
      void client.deactivate();
    };
    client.onWebSocketClose = (e) => reject(new Error(`closed ${e.code}`));
    client.activate();
  });
}

/** Collects the bodies delivered to one subscription. */
function collect(client: Client, destination = '/topic/public'): IMessage[] {
  const got: IMessage[] = [];
  client.subscribe(destination, (m) => got.push(m));
  return got;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A raw socket: what it receives, and how it closed. */
function raw(url = wsUrl) {
  const ws = new WebSocket(url, ['v12.stomp']);
  const received: string[] = [];
  const closed = new Promise<{ code: number; at: number }>((resolve) =>
    ws.on('close', (code) => resolve({ code, at: Date.now() })),
  );
  ws.on('message', (d) => received.push(d.toString()));
  const ready = new Promise<void>((resolve, reject) => {
    ws.on('open', () => resolve());
    ws.on('error', reject);
  });
  return { ws, received, closed, ready };
}

describe('CONNECT and the token', () => {
  it('connects with Authorization: Bearer and negotiates STOMP 1.2 and heart-beats', async () => {
    const { connected } = await open({ Authorization: `Bearer ${clerk}` });
    expect(connected.headers.version).toBe('1.2');
    expect(connected.headers['heart-beat']).toBe('10000,1000');
    expect(connected.headers.server).toMatch(/^Loopyard\//);
  });

  it('accepts the token as passcode and from the upgrade request', async () => {
    await expect(open({ login: 'clerk', passcode: clerk })).resolves.toBeTruthy();
    const url = `${wsUrl}?blade-auth=${encodeURIComponent(`bearer ${clerk}`)}`;
    await expect(open({}, url)).resolves.toBeTruthy();
  });

  it('refuses a missing, forged or logged-out token with ERROR', async () => {
    await expect(open({})).rejects.toThrow(/^请求未授权\|缺少令牌/);
    await expect(open({ Authorization: `Bearer ${clerk.slice(0, -4)}AAAA` })).rejects.toThrow(/^请求未授权/);
    const tk = (await login(t, 'clerk')).access_token;
    await expect(open({ Authorization: `Bearer ${tk}` })).resolves.toBeTruthy();
    expect((await call(t, '/api/blade-auth/oauth/logout', { token: tk })).status).toBe(200);
    await expect(open({ Authorization: `Bearer ${tk}` })).rejects.toThrow(/^请求未授权/);
  });

  it("refuses a Current-Dept-Id that is not one of the user's departments", async () => {
    await expect(open({ Authorization: `Bearer ${clerk}`, 'Current-Dept-Id': companyDept })).rejects.toThrow(
      /^没有权限/,
    );
  });

  it('a plain GET needs a token and then answers 426', async () => {
    expect((await call(t, '/api/izs-weighing/ws')).status).toBe(401);
    const r = await call(t, '/api/izs-weighing/ws', { token: clerk });
    expect(r.status).toBe(426);
    expect(r.body.msg).toContain('WebSocket');
  });

  it('socket-config points the client at the embedded broker', async () => {
    const r = await call(t, '/api/izs-weighing/socket-config', { token: clerk });
    expect(r.body.data).toEqual({
      mode: 'embedded',
      brokerUrl: '/api/izs-weighing/ws',
      destinations: {
        subscribe: '/topic/public',
        addUser: '/app/chat.addUser',
        sendMessage: '/app/chat.sendMessage',
      },
      login: '',
      passcode: '',
      pluginUrl: 'ws://127.0.0.1:9610/ws',
    });
    expect((await call(t, '/api/izs-weighing/socket-config')).status).toBe(401);
  });
});

describe('routing by tenant and department', () => {
  it('delivers addUser and sendMessage to same-dept subscribers only', async () => {
    // receivers: the administrator choosing the clerk's dept (allowed), the manager (company dept),
    // and a user of another tenant whose dept id has the same number
    const same = await open({ Authorization: `Bearer ${admin}`, 'Current-Dept-Id': clerkDept });
    const otherDept = await open({ Authorization: `Bearer ${manager}` });
    const otherTenant = await open({ Authorization: `Bearer ${foreign}` });
    const gotSame = collect(same.client);
    const gotOtherDept = collect(otherDept.client);
    const gotOtherTenant = collect(otherTenant.client);

    const sender = await open({ Authorization: `Bearer ${clerk}` });
    const echo = collect(sender.client);
    await sleep(100);
    sender.client.publish({
      destination: '/app/chat.addUser',
      body: JSON.stringify({ sender: clerkDept, type: 'JOIN' }),
    });
    sender.client.publish({
      destination: '/app/chat.sendMessage',
      body: JSON.stringify({ sender: clerkDept, content: '35260.5', type: 'CHAT' }),
    });
    await sleep(300);

    expect(gotSame.map((m) => JSON.parse(m.body))).toEqual([
      { sender: clerkDept, type: 'JOIN', account: 'clerk', time: expect.any(Number) },
      { sender: clerkDept, content: '35260.5', type: 'CHAT', account: 'clerk', time: expect.any(Number) },
    ]);
    expect(gotSame[1].headers.destination).toBe('/topic/public');
    expect(gotSame[1].headers['content-type']).toBe('application/json;charset=utf-8');
    expect(gotSame[1].headers['message-id']).toBeTruthy();
    expect(echo).toHaveLength(2);
    expect(gotOtherDept).toEqual([]);
    expect(gotOtherTenant).toEqual([]);
  });

  it('addUser moves a connection to another of its departments', async () => {
    const m = await login(t, 'manager');
    const [deptA, deptB] = m.dept_id.split(',');
    const listenerB = await open({ Authorization: `Bearer ${admin}`, 'Current-Dept-Id': deptB });
    const gotB = collect(listenerB.client);
    const mover = await open({ Authorization: `Bearer ${m.access_token}` });
    const gotMover = collect(mover.client);
    await sleep(100);
    mover.client.publish({
      destination: '/app/chat.sendMessage',
      body: JSON.stringify({ sender: deptA, content: '1', type: 'CHAT' }),
    });
    mover.client.publish({ destination: '/app/chat.addUser', body: JSON.stringify({ sender: deptB, type: 'JOIN' }) });
    mover.client.publish({
      destination: '/app/chat.sendMessage',
      body: JSON.stringify({ sender: deptB, content: '2', type: 'CHAT' }),
    });
    await sleep(300);
    expect(gotB.map((x) => JSON.parse(x.body).content ?? JSON.parse(x.body).type)).toEqual(['JOIN', '2']);
    // the mover saw its dept-A message, then (after moving) the dept-B ones
    expect(gotMover.map((x) => JSON.parse(x.body).content ?? JSON.parse(x.body).type)).toEqual(['1', 'JOIN', '2']);
  });

  it('refuses addUser into a foreign department, and bad bodies, with ERROR', async () => {
    const a = await open({ Authorization: `Bearer ${clerk}` });
    const err = new Promise<IFrame>((resolve) => {
      a.client.onStompError = resolve;
    });
    a.client.publish({ destination: '/app/chat.addUser', body: JSON.stringify({ sender: companyDept, type: 'JOIN' }) });
    const f = await err;
    expect(f.headers.message).toBe('没有权限');
    expect(f.body).toContain(companyDept);

    for (const [destination, body, msg] of [
      ['/app/chat.sendMessage', 'not json', '消息格式不正确'],
      ['/app/chat.sendMessage', JSON.stringify({ sender: clerkDept, type: 'SHOUT' }), '消息格式不正确'],
      ['/app/chat.addUser', JSON.stringify({ sender: clerkDept, type: 'CHAT' }), '消息格式不正确'],
      ['/topic/public', JSON.stringify({ sender: clerkDept, type: 'CHAT' }), '没有权限'],
    ]) {
      const b = await open({ Authorization: `Bearer ${clerk}` });
      const e = new Promise<IFrame>((resolve) => {
        b.client.onStompError = resolve;
      });
      b.client.publish({ destination, body });
      expect((await e).headers.message, `${destination} ${body}`).toBe(msg);
    }
  });

  it('refuses subscriptions outside /topic/public', async () => {
    const a = await open({ Authorization: `Bearer ${clerk}` });
    const err = new Promise<IFrame>((resolve) => {
      a.client.onStompError = resolve;
    });
    a.client.subscribe('/topic/public.000000.1', () => undefined);
    expect((await err).headers.message).toBe('没有权限');
  });

  it('carries a Chinese body with a byte content-length intact', async () => {
    const a = await open({ Authorization: `Bearer ${clerk}` });
    const got = collect(a.client);
    await sleep(50);
    a.client.publish({
      destination: '/app/chat.sendMessage',
      body: JSON.stringify({ sender: clerkDept, content: '毛重 35.26 吨', type: 'CHAT' }),
    });
    await sleep(200);
    expect(JSON.parse(got[0].body).content).toBe('毛重 35.26 吨');
  });
});

describe('protocol', () => {
  it('answers a receipt', async () => {
    const a = await open({ Authorization: `Bearer ${clerk}` });
    const receipt = new Promise<IFrame>((resolve) => a.client.watchForReceipt('r-42', resolve));
    a.client.publish({
      destination: '/app/chat.sendMessage',
      body: JSON.stringify({ sender: clerkDept, content: '0', type: 'CHAT' }),
      headers: { receipt: 'r-42' },
    });
    expect((await receipt).headers['receipt-id']).toBe('r-42');
  });

  it('closes a client that stays silent past the agreed heart-beat', async () => {
    const r = raw();
    await r.ready;
    r.ws.send(`CONNECT\naccept-version:1.2\nheart-beat:300,0\nAuthorization:Bearer ${clerk}\n\n\0`);
    await sleep(200);
    expect(r.received[0]).toMatch(/^CONNECTED\n/);
    const start = Date.now();
    const { code, at } = await r.closed;
    // agreed client interval = max(300, 1000) = 1000 ms; closed after 2 × that without a byte
    expect(code).toBe(1001);
    expect(at - start).toBeGreaterThan(1500);
    expect(at - start).toBeLessThan(4000);
  });

  it('keeps a client that sends heart-beats', async () => {
    const r = raw();
    await r.ready;
    r.ws.send(`CONNECT\naccept-version:1.2\nheart-beat:300,0\nAuthorization:Bearer ${clerk}\n\n\0`);
    const beat = setInterval(() => r.ws.send('\n'), 500);
    let closedEarly = false;
    void r.closed.then(() => {
      closedEarly = true;
    });
    await sleep(3000);
    clearInterval(beat);
    expect(closedEarly).toBe(false);
    r.ws.close();
  });

  it('answers a malformed frame with ERROR and closes', async () => {
    const r = raw();
    await r.ready;
    r.ws.send(`CONNECT\naccept-version:1.2\nAuthorization:Bearer ${clerk}\n\n\0`);
    await sleep(150);
    r.ws.send('SEND\ndestination:/app/chat.sendMessage\nbroken-header-without-colon\n\n{}\0');
    const { code } = await r.closed;
    expect(code).toBe(1002);
    expect(r.received.at(-1)).toMatch(/^ERROR\n/);
    expect(r.received.at(-1)).toContain('message:malformed header line');
  });

  it('answers a frame before CONNECT and an unsupported version with ERROR', async () => {
    const a = raw();
    await a.ready;
    a.ws.send('SUBSCRIBE\nid:0\ndestination:/topic/public\n\n\0');
    await a.closed;
    expect(a.received[0]).toContain('message:expected CONNECT, got SUBSCRIBE');
    const b = raw();
    await b.ready;
    b.ws.send(`CONNECT\naccept-version:1.0,1.1\nAuthorization:Bearer ${clerk}\n\n\0`);
    await b.closed;
    expect(b.received[0]).toBe('ERROR\nversion:1.2\nmessage:Supported protocol versions are 1.2\n\n\0');
  });

  it('DISCONNECT with a receipt gets the RECEIPT and then the close', async () => {
    const r = raw();
    await r.ready;
    r.ws.send(`CONNECT\naccept-version:1.2\nAuthorization:Bearer ${clerk}\n\n\0`);
    await sleep(150);
    r.ws.send('DISCONNECT\nreceipt:bye\n\n\0');
    const { code } = await r.closed;
    expect(code).toBe(1000);
    expect(r.received.at(-1)).toBe('RECEIPT\nreceipt-id:bye\n\n\0');
  });
});

describe('BROKER_URL', () => {
  it('hands the external broker to the client and hosts none', async () => {
    const ext = await boot({ captchaMode: false, brokerUrl: 'ws://mq.example:15674/ws', brokerLogin: 'yard' });
    try {
      const tk = (await login(ext, 'clerk')).access_token;
      const r = await call(ext, '/api/izs-weighing/socket-config', { token: tk });
      expect(r.body.data).toMatchObject({
        mode: 'external',
        brokerUrl: 'ws://mq.example:15674/ws',
        destinations: { subscribe: '/topic/public.{tenantId}.{deptId}' },
        login: 'yard',
      });
      expect((await call(ext, '/api/izs-weighing/ws', { token: tk })).status).toBe(404);
    } finally {
      await ext.close();
    }
  });
});
