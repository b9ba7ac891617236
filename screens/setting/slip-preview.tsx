/**
 * A sample weighing slip on the chosen paper at its real size in millimetres (scaled to fit the card on screen,
 * 1:1 when printed), with the margins drawn, so that the layout can be checked before printing a test page.
 * The figures are fixed sample values (decimal strings, as slips print them).
 */
import type { PrintConfig } from '../../core/contract/izs-toolbox/print-config.contract.ts';

type Layout = Pick<PrintConfig, 'template' | 'copies' | 'title' | 'footer'>;
interface Page {
  paper: { width: number; height: number };
  margin: { top: number; bottom: number; left: number; right: number };
}

const SAMPLE = {
  orderNo: 'BD20261122001',
  carNumber: '浙B·12345',
  material: '重废钢',
  customer: '宁波恒达回收站',
  gross: '32.500',
  tare: '12.300',
  deduct: '0.200',
  net: '20.000',
  price: '2,650.00',
  amount: '53,000.00',
  time: '2026-11-22 09:41:05',
};
/** Preview width on screen, px. */
const BOX = 460;
/** CSS px per mm at 96 dpi. */
const PX_PER_MM = 96 / 25.4;

export function SlipPreview({ form, page, warehouseName }: { form: Layout; page: Page; warehouseName: string }) {
  const { paper, margin } = page;
  const scale = Math.min(1, BOX / (paper.width * PX_PER_MM));
  const m = (v: number) => `${Math.max(0, Number(v) || 0)}mm`;
  const rows: [string, string][] = [
    ['单号', SAMPLE.orderNo],
    ['车号', SAMPLE.carNumber],
    ['物料', SAMPLE.material],
    ['客户', SAMPLE.customer],
  ];
  const weights: [string, string][] =
    form.template === 'simple'
      ? [['净重(吨)', SAMPLE.net]]
      : [
          ['毛重(吨)', SAMPLE.gross],
          ['皮重(吨)', SAMPLE.tare],
          ['扣杂(吨)', SAMPLE.deduct],
          ['净重(吨)', SAMPLE.net],
        ];
  if (form.template === 'amount') {
    weights.push(['单价(元/吨)', SAMPLE.price], ['金额(元)', SAMPLE.amount]);
  }
  return (
    <div className="sp-preview-wrap" style={{ height: paper.height * PX_PER_MM * scale + 8 }}>
      <div
        className="sp-paper"
        data-testid="slip-preview"
        style={{
          width: `${paper.width}mm`,
          height: `${paper.height}mm`,
          transform: `scale(${scale})`,
        }}
      >
        <div
          className="sp-margin-box"
          style={{ top: m(margin.top), bottom: m(margin.bottom), left: m(margin.left), right: m(margin.right) }}
        >
          <div className="sp-slip-title">{form.title || '绿循再生资源有限公司'}</div>
          <div className="sp-slip-sub">
            过磅单 · {warehouseName || '仓库'}
            {form.copies > 1 ? ` · 共 ${form.copies} 份` : ''}
          </div>
          <table className="sp-slip-table">
            <tbody>
              {rows.map(([k, v]) => (
                <tr key={k}>
                  <th>{k}</th>
                  <td>{v}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <table className="sp-slip-table sp-slip-weights">
            <tbody>
              <tr>
                {weights.map(([k]) => (
                  <th key={k}>{k}</th>
                ))}
              </tr>
              <tr>
                {weights.map(([k, v]) => (
                  <td key={k}>{v}</td>
                ))}
              </tr>
            </tbody>
          </table>
          <div className="sp-slip-foot">
            <span>过磅时间：{SAMPLE.time}</span>
            <span>{form.footer || '司磅员：'}</span>
          </div>
        </div>
      </div>
    </div>
  );
}
