/**
 * WeightDisplay: the live reading of the weighbridge in large digits (an indicator-like panel), with the stable
 * indicator, the tonnes line, the plate just read, and the link state with 重新连接 when the plugin link is down.
 * Presentational only — feed it from useScaleLink().
 */
import { Button } from '@douyinfe/semi-ui';
import type { CarReading, WeightReading } from '../../core/contract/izs-weighing/socket.contract.ts';
import { kgToTonnes } from '../../core/format/decimal.ts';
import type { ScaleLinkStatus } from './scale-link.ts';
import './weighing.css';

export interface WeightDisplayProps {
  weight?: WeightReading;
  status: ScaleLinkStatus;
  car?: CarReading;
  onReset?: () => void;
  /** Scale name shown in the corner, e.g. 1号地磅. */
  title?: string;
}

const STATUS_TEXT: Record<ScaleLinkStatus, string> = {
  idle: '未连接',
  connecting: '正在连接插件…',
  enabled: '插件已连接',
  disabled: '插件通讯失败',
};

export function WeightDisplay({ weight, status, car, onReset, title }: WeightDisplayProps) {
  const live = status === 'enabled' && weight !== undefined;
  const stable = live && weight.stable;
  const unit = weight?.unit ?? 'kg';
  return (
    <section
      className="ly-weight"
      aria-label={title ? `${title} 实时重量` : '实时重量'}
      data-status={status}
      data-stable={stable ? 'true' : 'false'}
    >
      <header className="ly-weight__head">
        <span className="ly-weight__title">{title ?? '实时重量'}</span>
        <span className={`ly-weight__link ly-weight__link--${status}`} role="status">
          {STATUS_TEXT[status]}
        </span>
        {status === 'disabled' && onReset ? (
          <Button size="small" type="warning" onClick={onReset}>
            重新连接
          </Button>
        ) : null}
      </header>
      <div className="ly-weight__panel">
        <span className="ly-weight__digits" data-testid="weight-digits">
          {live ? weight.value : '------'}
        </span>
        <span className="ly-weight__unit">{unit}</span>
      </div>
      <footer className="ly-weight__foot">
        <span className={`ly-weight__stable ly-weight__stable--${stable ? 'on' : 'off'}`} data-testid="weight-stable">
          <i aria-hidden="true" />
          {stable ? '稳定' : live ? '波动中' : '无数据'}
        </span>
        <span className="ly-weight__tonnes">{live && unit === 'kg' ? `${kgToTonnes(weight.value)} 吨` : '\u00a0'}</span>
        <span className="ly-weight__car" data-testid="weight-car">
          {car ? `车牌 ${car.carNumber}${car.color ? ` (${car.color})` : ''}` : ''}
        </span>
      </footer>
    </section>
  );
}
