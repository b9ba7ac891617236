// @vitest-environment node
import { Client, type IMessage } from '@stomp/stompjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { CarReading } from '../../core/contract/izs-weighing/socket.contract.ts';
import { parseAnpr } from './anpr.ts';
import { type PluginServer, startPluginServer } from './plugin.ts';

let plugin: PluginServer;
const cars: CarReading[] = [];
const clients: Client[] = [];

beforeAll(async () => {
  plugin = await startPluginServer({ host: '127.0.0.1', port: 0, scale: 'B1', onCar: (c) => cars.push(c) });
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.deactivate()));
  await plugin.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function connect(): Promise<Client> {
  return new Promise((resolve, reject) => {
    const c = new Client({
      webSocketFactory: () => new WebSocket(plugin.url, ['v12.stomp']),
      reconnectDelay: 0,
      onConnect: () => resolve(c),
      onWebSocketError: () => reject(new Error('ws error')),
    });
    clients.push(c);
    c.activate();
  });
}

const post = (body: unknown) =>
  fetch(`http://127.0.0.1:${plugin.port}/anpr`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

describe('plugin link', () => {
  it('publishes weights on /topic/weight and replays the latest to a new subscriber', async () => {
    const a = await connect();
    const got: IMessage[] = [];
    a.subscribe('/topic/weight', (m) => got.push(m));
    await sleep(50);
    plugin.publishWeight({ value: '35260', unit: 'kg', stable: true, scale: 'B1', time: 1 });
    await sleep(100);
    expect(got.map((m) => JSON.parse(m.body))).toEqual([
      { value: '35260', unit: 'kg', stable: true, scale: 'B1', time: 1 },
    ]);
    const b = await connect();
    const late: IMessage[] = [];
    b.subscribe('/topic/weight', (m) => late.push(m));
    await sleep(100);
    expect(JSON.parse(late[0].body).value).toBe('35260');
  });

  it('turns a generic ANPR push into /topic/car', async () => {
    const a = await connect();
    const got: IMessage[] = [];
    a.subscribe('/topic/car', (m) => got.push(m));
    await sleep(50);
    const r = await post({ plate: '苏E12345', color: 'yellow', time: '2026-01-02 08:30:00' });
    expect(r.status).toBe(200);
    await sleep(100);
    const car = JSON.parse(got[0].body);
    expect(car).toEqual({
      carNumber: '苏E12345',
      color: '黄',
      scale: 'B1',
      time: new Date(2026, 0, 2, 8, 30, 0).getTime(),
    });
    expect(cars.at(-1)?.carNumber).toBe('苏E12345');
  });

  it('accepts the 臻识 AlarmInfoPlate push and answers in its format', async () => {
    const r = await post({
      AlarmInfoPlate: {
        serialno: 'cam-1',
        result: {
          PlateResult: {
            license: '浙A8888D',
            colorType: 5,
            imageFile: 'AAEC',
            timeStamp: { Timeval: { sec: 1767312000 } },
          },
        },
      },
    });
    expect(await r.json()).toEqual({ Response_AlarmInfoPlate: { info: 'ok' } });
    expect(cars.at(-1)).toMatchObject({ carNumber: '浙A8888D', color: '绿', image: 'AAEC', time: 1767312000000 });
  });

  it('refuses bad pushes with 400 and a Chinese message', async () => {
    const cases: [unknown, string][] = [
      ['not json', '请求体必须是 JSON'],
      [{ plate: '' }, '车牌号不能为空'],
      [{ plate: 'ABC123' }, '车牌号格式不正确: ABC123'],
      [{ plate: '苏E12345', color: 'purple' }, '车牌颜色不正确'],
      [{ plate: '苏E12345', time: 'yesterday' }, '识别时间格式不正确，应为 yyyy-MM-dd HH:mm:ss 或毫秒时间戳'],
      [{ plate: '苏E12345', image: 'not base64!' }, '图片必须是 base64 编码的 JPEG'],
      [{ AlarmInfoPlate: { result: {} } }, 'AlarmInfoPlate.result.PlateResult 缺失'],
    ];
    for (const [body, msg] of cases) {
      const r = await post(body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect((await r.json()).msg).toBe(msg);
    }
  });

  it('refuses SEND and other topics (the link is read-only)', async () => {
    const a = await connect();
    const err = new Promise<string>((resolve) => {
      a.onStompError = (f) => resolve(`${f.headers.message}|${f.body}`);
    });
    a.publish({ destination: '/topic/weight', body: '{"value":"1"}' });
    expect(await err).toBe('没有权限|插件通道只读');
    const b = await connect();
    const err2 = new Promise<string>((resolve) => {
      b.onStompError = (f) => resolve(f.headers.message ?? '');
    });
    b.subscribe('/topic/other', () => undefined);
    expect(await err2).toBe('没有权限');
  });

  it('answers GET /status', async () => {
    const r = await fetch(`http://127.0.0.1:${plugin.port}/status`);
    const s = await r.json();
    expect(s.scale).toBe('B1');
    expect(s.lastWeight.value).toBe('35260');
  });
});

describe('parseAnpr', () => {
  it('normalises plates, colours and second timestamps', () => {
    expect(parseAnpr({ carNumber: '京a12345', color: 1, time: 1767312000 })).toEqual({
      ok: true,
      vendor: 'generic',
      car: { carNumber: '京A12345', color: '蓝', time: 1767312000000 },
    });
    expect(parseAnpr({ plate: '粤B12345挂', color: '黄色' })).toMatchObject({
      ok: true,
      car: { carNumber: '粤B12345挂' },
    });
    expect(parseAnpr({ plate: '苏AD12345', color: 6 })).toMatchObject({ ok: true, car: { color: '黄绿' } });
  });
});
