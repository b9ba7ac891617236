/**
 * The weighbridge's cameras as small live tiles (the snapshot address reloaded every 2 s while it answers) and
 * the plate picture the ANPR camera sent with the last plate. A camera that does not answer shows its name and
 * 无画面 instead of a broken image; the browser never prompts for the camera's login (cross-origin images).
 */
import { useEffect, useState } from 'react';
import { CAMERA_POSITIONS } from '../../../core/contract/izs-sell/cameras.contract.ts';
import type { CarReading } from '../../../core/contract/izs-weighing/socket.contract.ts';
import type { CameraView } from './use-station.ts';

const POSITION = Object.fromEntries(CAMERA_POSITIONS.map((p) => [p.value, p.label]));

function CameraTile({ camera }: { camera: CameraView }) {
  const [tick, setTick] = useState(0);
  const [state, setState] = useState<'loading' | 'ok' | 'down'>('loading');
  const url = camera.look?.snapshotUrl ?? '';
  useEffect(() => {
    if (state !== 'ok') return;
    const t = setInterval(() => setTick((n) => n + 1), 2000);
    return () => clearInterval(t);
  }, [state]);
  const src = url ? `${url}${url.includes('?') ? '&' : '?'}_=${tick}` : '';
  return (
    <figure className="ly-ws-cam" data-state={url ? state : 'down'}>
      {url && state !== 'down' ? (
        <img src={src} alt={camera.name} onLoad={() => setState('ok')} onError={() => setState('down')} />
      ) : (
        <div className="ly-ws-cam-empty">
          <span>无画面</span>
          {url && (
            <button type="button" onClick={() => setState('loading')}>
              重试
            </button>
          )}
        </div>
      )}
      <figcaption>
        {POSITION[camera.position] ?? ''} · {camera.name}
      </figcaption>
    </figure>
  );
}

export function CameraStrip({ cameras, car }: { cameras: CameraView[]; car?: CarReading }) {
  return (
    <section className="ly-ws-card ly-ws-cams" data-testid="camera-strip">
      <div className="ly-ws-card-title">
        <span>抓拍画面</span>
        <small>
          {cameras.length ? `${cameras.length} 路摄像头，过磅时记录抓拍地址` : '本地磅未配置摄像头或无权查看'}
        </small>
      </div>
      <div className="ly-ws-cam-grid">
        <figure className="ly-ws-cam ly-ws-cam-plate" data-state={car?.image ? 'ok' : 'down'}>
          {car?.image ? (
            <img src={`data:image/jpeg;base64,${car.image}`} alt={`车牌 ${car.carNumber}`} />
          ) : (
            <div className="ly-ws-cam-empty">
              <strong>{car?.carNumber ?? '—'}</strong>
            </div>
          )}
          <figcaption>车牌识别{car?.color ? ` · ${car.color}牌` : ''}</figcaption>
        </figure>
        {cameras.map((c) => (
          <CameraTile key={c.id} camera={c} />
        ))}
      </div>
    </section>
  );
}
