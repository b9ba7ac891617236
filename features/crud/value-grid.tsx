import type { ReactNode } from 'react';
import './crud.css';

/** Label–value pairs laid out like the detail page's value grid (empty values show as —). */
export function ValueGrid({ items, testId }: { items: [string, ReactNode][]; testId?: string }) {
  return (
    <div className="ly-detail-grid" data-testid={testId}>
      {items.map(([label, v]) => (
        <div className="ly-detail-item" key={label}>
          <span className="ly-detail-item-label">{label}</span>
          <span className="ly-detail-item-value">{v === undefined || v === null || v === '' ? '—' : v}</span>
        </div>
      ))}
    </div>
  );
}
