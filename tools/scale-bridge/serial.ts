/**
 * The indicator's serial port (serialport 13, prebuilt bindings ship inside the npm package). The port is
 * reopened every 3 s after an error or unplugging, so a bridge started before the cable is plugged in still works.
 */
import { SerialPort } from 'serialport';

export interface SerialOptions {
  path: string;
  baudRate: number;
  dataBits: 7 | 8;
  parity: 'none' | 'even' | 'odd';
  stopBits: 1 | 2;
}

type Port = Pick<SerialPort, 'on' | 'open' | 'close' | 'isOpen'>;

export function openSerial(
  opts: SerialOptions,
  onData: (b: Uint8Array) => void,
  log: (m: string) => void,
  onLost: () => void,
  /** Tests pass SerialPortMock here. */
  create: (o: SerialOptions & { autoOpen: false }) => Port = (o) => new SerialPort(o),
  retryMs = 3000,
): { close(): Promise<void> } {
  let port: Port | undefined;
  let stopped = false;
  let retry: ReturnType<typeof setTimeout> | undefined;

  const again = () => {
    onLost();
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      open();
    }, retryMs);
  };

  function open() {
    const p = create({ ...opts, autoOpen: false });
    port = p;
    p.on('data', (b: Buffer) => onData(b));
    p.on('close', () => {
      if (!stopped) log(`串口 ${opts.path} 已断开，${retryMs / 1000} 秒后重试`);
      again();
    });
    p.on('error', (e) => log(`串口 ${opts.path} 错误: ${e.message}`));
    p.open((err) => {
      if (err) {
        log(`无法打开串口 ${opts.path}: ${err.message}，${retryMs / 1000} 秒后重试`);
        again();
        return;
      }
      log(
        `串口 ${opts.path} 已打开 (${opts.baudRate} ${opts.dataBits}${opts.parity[0].toUpperCase()}${opts.stopBits})`,
      );
    });
  }

  open();
  return {
    close: () =>
      new Promise<void>((resolve) => {
        stopped = true;
        if (retry) clearTimeout(retry);
        if (port?.isOpen) port.close(() => resolve());
        else resolve();
      }),
  };
}
