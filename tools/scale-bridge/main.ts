/**
 * npm run scale-bridge -- [options]     (see --help and README "Plugging in a scale")
 *
 *   --port /dev/ttyUSB0 | COM3   serial port of the weight indicator
 *   --baud 9600  --data-bits 8  --parity none|even|odd  --stop-bits 1
 *   --format xk3190-a9 | xk3190-d2 | toledo
 *   --simulate [--seed 42] [--speed 1] [--line-noise 0.02]   no port: trucks drive on and off
 *   --listen 127.0.0.1 --plugin-port 9610                    the plugin link (ws://…/ws, POST /anpr)
 *   --scale <id>                                             scale id put into every reading
 *   --stable-readings 5 --stable-ms 2000 --division 20       stability: n readings within one division over t ms
 *   --broker ws://host:8080/api/izs-weighing/ws --dept <deptId> [--tenant 000000]
 *   --token <access> | --refresh-token <rt> | --token-file <path>  [--server http://host:8080]
 *   --broker-mode embedded|external [--broker-login u --broker-passcode p]   (RabbitMQ Web-STOMP: external)
 */
import { parseArgs } from 'node:util';
import { PLUGIN_ANPR_PATH, PLUGIN_DEFAULT_PORT } from '../../core/contract/izs-weighing/socket.contract.ts';
import { Bridge } from './bridge.ts';
import { FORMATS, type IndicatorFormat } from './formats.ts';
import { startPluginServer } from './plugin.ts';
import { TruckSimulator } from './simulate.ts';
import { Upstream } from './upstream.ts';

const HELP = `Loopyard 地磅桥接程序 (scale bridge)

用法: npm run scale-bridge -- --port /dev/ttyUSB0 --baud 9600 --format xk3190-a9
      npm run scale-bridge -- --simulate --format toledo --seed 7

仪表格式 (--format):
${FORMATS.map((f) => `  ${f.id.padEnd(10)} ${f.label}  [${f.serial}]`).join('\n')}

选项:
  --port <path>            串口 (Linux /dev/ttyUSB0, Windows COM3)
  --baud <n>               波特率 (默认 9600)
  --data-bits 7|8          数据位 (默认 8)   --parity none|even|odd (默认 none)   --stop-bits 1|2 (默认 1)
  --simulate               不接串口，模拟车辆上磅/下磅 (--seed 42 --speed 1 --line-noise 0.02)
  --listen <host>          插件服务监听地址 (默认 127.0.0.1)
  --plugin-port <n>        插件服务端口 (默认 ${PLUGIN_DEFAULT_PORT})；浏览器连接 ws://<host>:<port>/ws，
                           车牌识别相机推送到 http://<host>:<port>${PLUGIN_ANPR_PATH}
  --scale <id>             地磅编号，写入每条数据
  --division <kg>          分度值 (默认 20)  --stable-readings <n> (默认 5)  --stable-ms <ms> (默认 2000)
  --broker <ws-url>        同时发布到服务器 (…/api/izs-weighing/ws) 或 RabbitMQ Web-STOMP
  --dept <id> --tenant <id> --token <t> --refresh-token <t> --token-file <path> --server <http-url>
  --broker-mode embedded|external --broker-login <u> --broker-passcode <p>
`;

const { values: a } = parseArgs({
  options: {
    help: { type: 'boolean', short: 'h' },
    port: { type: 'string' },
    baud: { type: 'string', default: '9600' },
    'data-bits': { type: 'string', default: '8' },
    parity: { type: 'string', default: 'none' },
    'stop-bits': { type: 'string', default: '1' },
    format: { type: 'string', default: 'xk3190-a9' },
    simulate: { type: 'boolean', default: false },
    seed: { type: 'string', default: '42' },
    speed: { type: 'string', default: '1' },
    'line-noise': { type: 'string', default: '0.02' },
    listen: { type: 'string', default: '127.0.0.1' },
    'plugin-port': { type: 'string', default: String(PLUGIN_DEFAULT_PORT) },
    scale: { type: 'string', default: '' },
    division: { type: 'string', default: '20' },
    'stable-readings': { type: 'string', default: '5' },
    'stable-ms': { type: 'string', default: '2000' },
    broker: { type: 'string' },
    'broker-mode': { type: 'string', default: 'embedded' },
    'broker-login': { type: 'string' },
    'broker-passcode': { type: 'string' },
    dept: { type: 'string' },
    tenant: { type: 'string', default: '000000' },
    token: { type: 'string' },
    'refresh-token': { type: 'string' },
    'token-file': { type: 'string' },
    server: { type: 'string' },
  },
  strict: true,
});

const log = (m: string) => console.log(`[${new Date().toLocaleTimeString('zh-CN', { hour12: false })}] ${m}`);
const die = (m: string): never => {
  console.error(`错误: ${m}\n\n${HELP}`);
  process.exit(2);
};
const num = (name: string, v: string, lo: number, hi: number) => {
  const n = Number(v);
  if (!Number.isFinite(n) || n < lo || n > hi) die(`--${name} 必须在 ${lo} 到 ${hi} 之间`);
  return n;
};

if (a.help) {
  console.log(HELP);
  process.exit(0);
}
const format = a.format as IndicatorFormat;
if (!FORMATS.some((f) => f.id === format)) die(`不支持的仪表格式 ${a.format}`);
if (!a.simulate && !a.port) die('请指定 --port 或 --simulate');
if (a.broker && !a.dept) die('发布到服务器需要 --dept <部门编号>');
if (!['none', 'even', 'odd'].includes(a.parity)) die('--parity 只能是 none、even 或 odd');
const division = num('division', a.division, 0.001, 1000);

const plugin = await startPluginServer({
  host: a.listen,
  port: num('plugin-port', a['plugin-port'], 0, 65535),
  scale: a.scale,
  status: () => ({
    format,
    port: a.simulate ? 'simulate' : a.port,
    decoder: bridge.decoder.stats,
    upstream: upstream?.connected ?? false,
  }),
});
log(`插件服务 ${plugin.url} (车牌推送 POST http://${a.listen}:${plugin.port}${PLUGIN_ANPR_PATH})`);

const upstream = a.broker
  ? new Upstream({
      brokerUrl: a.broker,
      mode: a['broker-mode'] === 'external' ? 'external' : 'embedded',
      deptId: a.dept!,
      tenantId: a.tenant,
      token: a.token,
      refreshToken: a['refresh-token'],
      tokenFile: a['token-file'],
      server: a.server,
      login: a['broker-login'],
      passcode: a['broker-passcode'],
      log,
    })
  : undefined;
upstream?.start();

const bridge = new Bridge(
  format,
  {
    minReadings: num('stable-readings', a['stable-readings'], 1, 1000),
    windowMs: num('stable-ms', a['stable-ms'], 100, 60_000),
    tolerance: String(division),
  },
  a.scale,
  {
    weight: (w) => {
      plugin.publishWeight(w);
      upstream?.send(w);
    },
    car: (c) => plugin.publishCar(c),
  },
);

let stopSource: () => Promise<void>;
if (a.simulate) {
  const sim = new TruckSimulator({
    seed: num('seed', a.seed, 0, 2 ** 32 - 1),
    format,
    division,
    lineNoise: num('line-noise', a['line-noise'], 0, 1),
  });
  const speed = num('speed', a.speed, 0.1, 100);
  let phase = '';
  const timer = setInterval(() => {
    const tick = sim.step();
    bridge.feed(tick.bytes);
    if (tick.phase !== phase) {
      phase = tick.phase;
      log(
        `模拟: ${{ empty: '空磅', on: '车辆上磅', settling: '稳定中', stable: '已稳定', off: '车辆下磅' }[phase]} ${tick.value} kg`,
      );
    }
    if (tick.plate) {
      bridge.plate(tick.plate);
      log(`模拟: 车牌 ${tick.plate.carNumber} (${tick.plate.color})`);
    }
  }, 100 / speed);
  stopSource = async () => clearInterval(timer);
  log(`模拟地磅 (格式 ${format}, 种子 ${a.seed})`);
} else {
  const { openSerial } = await import('./serial.ts');
  const s = openSerial(
    {
      path: a.port!,
      baudRate: num('baud', a.baud, 300, 921_600),
      dataBits: a['data-bits'] === '7' ? 7 : 8,
      parity: a.parity as 'none' | 'even' | 'odd',
      stopBits: a['stop-bits'] === '2' ? 2 : 1,
    },
    (b) => bridge.feed(b),
    log,
    () => bridge.lineLost(),
  );
  stopSource = () => s.close();
}

const shutdown = async () => {
  log('正在退出');
  await stopSource();
  await upstream?.stop();
  await plugin.close();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
