/**
 * The figures under the weight: first reading, the reading the next capture takes, gross, tare, deduction, net
 * (kg and t) and amount — live while the truck waits for its second pass (station-model previewOf), the
 * server's own figures once it is weighed twice. A manual reading is marked 手工.
 */
import { formatKg, formatMoney, formatTonnes } from '../../../core/format/amounts.ts';
import type { Preview } from './station-model.ts';

const kg = (v: string | undefined, places: number) => (v ? formatKg(v, { places }) : '—');

export function FiguresBar({
  preview,
  places,
  secondLabel,
  manualFirst,
  manualSecond,
}: {
  preview: Preview;
  places: number;
  /** 当前重量 (waiting) or 二次重量 (weighed). */
  secondLabel: string;
  manualFirst?: boolean;
  manualSecond?: boolean;
}) {
  const cell = (
    label: string,
    value: string,
    opts: { testId: string; mark?: boolean; sub?: string; big?: boolean },
  ) => (
    <div className={`ly-ws-fig${opts.big ? ' is-big' : ''}`} data-testid={opts.testId}>
      <span className="ly-ws-fig-label">
        {label}
        {opts.mark ? <em className="ly-ws-manual-mark">手工</em> : null}
      </span>
      <span className="ly-ws-fig-value">{value}</span>
      {opts.sub !== undefined && <span className="ly-ws-fig-sub">{opts.sub || '\u00a0'}</span>}
    </div>
  );
  return (
    <section className="ly-ws-figures" aria-label="过磅数据" data-testid="figures">
      {cell('一次重量(kg)', kg(preview.first, places), { testId: 'fig-first', mark: manualFirst })}
      {cell(`${secondLabel}(kg)`, kg(preview.current, places), { testId: 'fig-current', mark: manualSecond })}
      {cell('毛重(kg)', kg(preview.gross, places), { testId: 'fig-gross' })}
      {cell('皮重(kg)', kg(preview.tare, places), { testId: 'fig-tare' })}
      {cell('扣重(kg)', kg(preview.deduction, places), { testId: 'fig-deduction' })}
      {cell('净重(kg)', kg(preview.net, places), {
        testId: 'fig-net',
        big: true,
        sub: preview.net ? `${formatTonnes(preview.net)} 吨` : preview.note,
      })}
      {cell('金额(元)', preview.amount ? formatMoney(preview.amount) : '—', { testId: 'fig-amount', big: true })}
    </section>
  );
}
