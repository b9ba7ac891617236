// @vitest-environment node
import { SerialPortMock } from 'serialport';
import { afterEach, describe, expect, it } from 'vitest';
import { createDecoder, encodeXk3190A9 } from './formats.ts';
import { openSerial } from './serial.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const opts = (path: string) => ({
  path,
  baudRate: 9600,
  dataBits: 8 as const,
  parity: 'none' as const,
  stopBits: 1 as const,
});

afterEach(() => SerialPortMock.binding.reset());

describe('serial port (serialport 13, mock binding)', () => {
  it('reads indicator bytes from the port into the decoder', async () => {
    SerialPortMock.binding.createPort('/dev/ttyUSB0');
    const ports: SerialPortMock[] = [];
    const d = createDecoder('xk3190-a9');
    const values: string[] = [];
    const logs: string[] = [];
    const s = openSerial(
      opts('/dev/ttyUSB0'),
      (b) => values.push(...d.push(b).map((r) => r.value)),
      (m) => logs.push(m),
      () => undefined,
      (o) => {
        const p = new SerialPortMock(o);
        ports.push(p);
        return p;
      },
    );
    await sleep(50);
    expect(logs).toEqual(['串口 /dev/ttyUSB0 已打开 (9600 8N1)']);
    const frames = Buffer.concat([Buffer.from(encodeXk3190A9('35260')), Buffer.from(encodeXk3190A9('35280'))]);
    ports[0].port?.emitData(frames.subarray(0, 7));
    ports[0].port?.emitData(frames.subarray(7));
    await sleep(50);
    expect(values).toEqual(['35260', '35280']);
    await s.close();
  });

  it('retries a port that is missing at start and opens it once it appears', async () => {
    const logs: string[] = [];
    let lost = 0;
    const s = openSerial(
      opts('/dev/ttyUSB9'),
      () => undefined,
      (m) => logs.push(m),
      () => lost++,
      (o) => new SerialPortMock(o),
      50,
    );
    await sleep(30);
    expect(logs[0]).toMatch(/^无法打开串口 \/dev\/ttyUSB9: .*，0.05 秒后重试$/);
    expect(lost).toBe(1);
    SerialPortMock.binding.createPort('/dev/ttyUSB9');
    await sleep(150);
    expect(logs.at(-1)).toBe('串口 /dev/ttyUSB9 已打开 (9600 8N1)');
    await s.close();
  });
});
