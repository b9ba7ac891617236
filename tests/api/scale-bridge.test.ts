// @vitest-environment node
/** The scale bridge's upstream link against the real server broker: JOIN, then weights as CHAT to the dept. */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, type IMessage } from '@stomp/stompjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { Upstream } from '../../tools/scale-bridge/upstream.ts';
import { boot, login, type TestApp } from './helpers.ts';

let t: TestApp;
let wsUrl: string;
const stops: (() => Promise<void>)[] = [];

beforeAll(async () => {
  t = await boot({ captchaMode: false });
  wsUrl = `${t.base.replace('http', 'ws')}/api/izs-weighing/ws`;
});
afterAll(async () => {
  for (const s of stops) await s();
  await t.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const until = async (cond: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!cond() && Date.now() < end) await sleep(25);
  return cond();
};

async function listen(token: string, dept: string): Promise<IMessage[]> {
  const got: IMessage[] = [];
  await new Promise<void>((resolve) => {
    const c = new Client({
      webSocketFactory: () => new WebSocket(wsUrl, ['v12.stomp']),
      connectHeaders: { Authorization: `Bearer ${token}`, 'Current-Dept-Id': dept },
      reconnectDelay: 0,
      onConnect: () => {
        c.subscribe('/topic/public', (m) => got.push(m));
        resolve();
      },
    });
    stops.push(() => c.deactivate());
    c.activate();
  });
  return got;
}

describe('scale bridge → server broker', () => {
  it('joins the department and sends changed weights as CHAT', async () => {
    const clerk = await login(t, 'clerk');
    const admin = await login(t, 'admin');
    const got = await listen(admin.access_token, clerk.dept_id);
    const up = new Upstream({
      brokerUrl: wsUrl,
      mode: 'embedded',
      deptId: clerk.dept_id,
      tenantId: '000000',
      token: clerk.access_token,
    });
    stops.push(() => up.stop());
    up.start();
    expect(await until(() => up.connected)).toBe(true);
    const w = { value: '35260', unit: 'kg' as const, stable: true, scale: 'B1', time: 5 };
    expect(up.send(w)).toBe(true);
    expect(up.send(w)).toBe(false); // unchanged within a second: not repeated
    expect(up.send({ ...w, value: '35280' })).toBe(true);
    expect(await until(() => got.length >= 3)).toBe(true);
    const bodies = got.map((m) => JSON.parse(m.body));
    expect(bodies[0]).toMatchObject({ sender: clerk.dept_id, type: 'JOIN', account: 'clerk' });
    expect(bodies.slice(1).map((b) => [b.type, JSON.parse(b.content).value])).toEqual([
      ['CHAT', '35260'],
      ['CHAT', '35280'],
    ]);
  });

  it('signs in with a refresh token from a file and writes back the rotated one', async () => {
    const clerk = await login(t, 'clerk');
    const dir = mkdtempSync(join(tmpdir(), 'bridge-'));
    const file = join(dir, 'token');
    writeFileSync(file, clerk.refresh_token);
    const up = new Upstream({
      brokerUrl: wsUrl,
      mode: 'embedded',
      deptId: clerk.dept_id,
      tenantId: '000000',
      tokenFile: file,
      server: t.base,
    });
    stops.push(() => up.stop());
    up.start();
    expect(await until(() => up.connected)).toBe(true);
    const rotated = readFileSync(file, 'utf8');
    expect(rotated).not.toBe(clerk.refresh_token);
    expect(rotated.length).toBeGreaterThan(20);
  });
});
