/**
 * A QR code as one SVG path (uqr: a maintained, dependency-free encoder; error correction M, quiet zone of 2
 * modules). Used by the 上链信息 dialog and the printed weighing slip for the public trace link.
 */
import { encode } from 'uqr';

export function QrCode({ value, size = 96, title }: { value: string; size?: number | string; title?: string }) {
  const { data, size: n } = encode(value, { ecc: 'M', border: 2 });
  let d = '';
  data.forEach((row, y) => {
    row.forEach((on, x) => {
      if (on) d += `M${x} ${y}h1v1h-1z`;
    });
  });
  return (
    <svg
      width={size}
      height={size}
      viewBox={`0 0 ${n} ${n}`}
      shapeRendering="crispEdges"
      role="img"
      aria-label={title ?? value}
      data-testid="qr-code"
      data-value={value}
    >
      <rect width={n} height={n} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  );
}
