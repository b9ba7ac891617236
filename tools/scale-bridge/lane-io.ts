/**
 * The lane's devices (issue 24), as lane hardware speaks:
 *
 * - **Relay board, Modbus TCP** (unit 1; the common 8-relay / 8-input boards of barrier and light control):
 *   coils (FC 01 read, FC 05 write) — 0 barrier (1 = raise), 1 red light, 2 green light;
 *   discrete inputs (FC 02) — 0 front infrared grating (红外对射, 1 = beam blocked), 1 rear grating,
 *   2 barrier up (the barrier's limit switch).
 *   `RelayClient` is the bridge's side (modbus-serial's client); `startRelayBoard` the simulator's board (modbus-serial's
 *   ServerTCP) whose inputs the scenario sets and whose coil writes it sees.
 * - **LED and voice, vendor-neutral adapter** (LED screens and voice units each speak their vendor's protocol;
 *   a small adapter process on the lane PC translates): newline-delimited JSON over TCP, one request a line,
 *   answered by one line — `{"id":1,"led":["苏A12345","请上磅"]}` → `{"id":1,"ok":true}`,
 *   `{"id":2,"voice":"苏A12345，请上磅"}` → `{"id":2,"ok":true}`; an adapter that cannot show or say it answers
 *   `{"id":2,"ok":false,"error":"…"}`. `DisplayClient` sends, `startDisplay` is the simulator's adapter.
 */
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import ModbusRTU, { ServerTCP } from 'modbus-serial';

export const COIL = { barrier: 0, red: 1, green: 2 } as const;
export const INPUT = { front: 0, rear: 1, barrierUp: 2 } as const;

export interface RelayBoard {
  readonly port: number;
  /** Coil states (barrier, red, green). */
  readonly coils: boolean[];
  /** Discrete inputs (front, rear, barrier up). */
  readonly inputs: boolean[];
  /** Called on every coil write from the bridge: address, value. */
  onCoil?: (addr: number, value: boolean) => void;
  close(): Promise<void>;
}

/** The simulator's Modbus TCP relay board on 127.0.0.1:`port`. */
export async function startRelayBoard(port: number, host = '127.0.0.1'): Promise<RelayBoard> {
  const coils = [false, true, false, false, false, false, false, false];
  const inputs = [false, false, false, false, false, false, false, false];
  const board: RelayBoard = {
    port,
    coils,
    inputs,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of server.socks.keys()) s.destroy();
        server.close(() => resolve());
      }),
  };
  const server = new ServerTCP(
    {
      getCoil: (addr: number) => coils[addr] ?? false,
      getDiscreteInput: (addr: number) => inputs[addr] ?? false,
      setCoil: (addr: number, value: boolean) => {
        coils[addr] = value;
        board.onCoil?.(addr, value);
      },
    },
    { host, port, unitID: 1 },
  );
  await new Promise<void>((resolve, reject) => {
    server.on('initialized', () => resolve());
    server.on('serverError', reject);
  });
  return board;
}

/** The bridge's side of the relay board. */
export class RelayClient {
  private readonly m = new ModbusRTU();

  async connect(host: string, port: number): Promise<void> {
    await this.m.connectTCP(host, { port });
    this.m.setID(1);
    this.m.setTimeout(1000);
  }

  async barrier(open: boolean): Promise<void> {
    await this.m.writeCoil(COIL.barrier, open);
  }

  async light(color: 'red' | 'green'): Promise<void> {
    await this.m.writeCoil(COIL.red, color === 'red');
    await this.m.writeCoil(COIL.green, color === 'green');
  }

  /** The gratings (true = blocked) and the barrier's limit switch. */
  async inputs(): Promise<{ front: boolean; rear: boolean; barrierUp: boolean }> {
    const r = await this.m.readDiscreteInputs(0, 3);
    return { front: !!r.data[INPUT.front], rear: !!r.data[INPUT.rear], barrierUp: !!r.data[INPUT.barrierUp] };
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.m.close(() => resolve()));
  }
}

export interface Display {
  readonly port: number;
  /** Everything shown / said, in order. */
  readonly shown: ({ led: [string, string] } | { voice: string })[];
  close(): Promise<void>;
}

/** The simulator's LED + voice adapter (records what it was asked to show and say). */
export async function startDisplay(port = 0, host = '127.0.0.1'): Promise<Display> {
  const shown: Display['shown'] = [];
  const socks = new Set<Socket>();
  const server: Server = createServer((sock) => {
    socks.add(sock);
    sock.on('close', () => socks.delete(sock));
    let buf = '';
    sock.on('data', (d) => {
      buf += d.toString('utf8');
      let nl = buf.indexOf('\n');
      while (nl >= 0) {
        const line = buf.slice(0, nl);
        buf = buf.slice(nl + 1);
        nl = buf.indexOf('\n');
        let id: unknown = null;
        try {
          const m = JSON.parse(line) as { id?: unknown; led?: unknown; voice?: unknown };
          id = m.id ?? null;
          if (Array.isArray(m.led) && m.led.length === 2) shown.push({ led: [String(m.led[0]), String(m.led[1])] });
          else if (typeof m.voice === 'string') shown.push({ voice: m.voice });
          else throw new Error('未知指令');
          sock.write(`${JSON.stringify({ id, ok: true })}\n`);
        } catch (e) {
          sock.write(`${JSON.stringify({ id, ok: false, error: (e as Error).message })}\n`);
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(port, host, () => resolve()));
  const a = server.address();
  return {
    port: typeof a === 'object' && a ? a.port : port,
    shown,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of socks) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** The bridge's side of the LED / voice adapter. */
export class DisplayClient {
  private sock: Socket | undefined;
  private seq = 0;
  private readonly waiting = new Map<number, (r: { ok: boolean; error?: string }) => void>();

  async connect(host: string, port: number): Promise<void> {
    const sock = createConnection({ host, port });
    await new Promise<void>((resolve, reject) => {
      sock.once('connect', () => resolve());
      sock.once('error', reject);
    });
    let buf = '';
    sock.on('data', (d) => {
      buf += d.toString('utf8');
      let nl = buf.indexOf('\n');
      while (nl >= 0) {
        const r = JSON.parse(buf.slice(0, nl)) as { id: number; ok: boolean; error?: string };
        buf = buf.slice(nl + 1);
        nl = buf.indexOf('\n');
        this.waiting.get(r.id)?.(r);
        this.waiting.delete(r.id);
      }
    });
    this.sock = sock;
  }

  private send(msg: Record<string, unknown>): Promise<{ ok: boolean; error?: string }> {
    const id = ++this.seq;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      this.sock?.write(`${JSON.stringify({ id, ...msg })}\n`);
    });
  }

  led(lines: [string, string]) {
    return this.send({ led: lines });
  }

  voice(text: string) {
    return this.send({ voice: text });
  }

  close(): void {
    this.sock?.destroy();
  }
}
