import { type CSSProperties, type ReactNode, useId } from 'react';
import { useLabelledControls } from '../ui/field.tsx';
import './search-item.css';

/**
 * One filter of a list's search bar: its visible label names every control Semi renders for it (select and date
 * comboboxes included), so a screen reader says 客户 or 单据状态, not "combobox" (issue 26). The label takes the room its
 * words need (供应商合并's 被合并的供应商 ran into its select at the bar's fixed label width).
 */
export function SearchItem({
  label,
  required,
  wide,
  style,
  children,
}: {
  label: string;
  required?: boolean;
  /** a label longer than four characters: not cut to the bar's label width */
  wide?: boolean;
  style?: CSSProperties;
  children: ReactNode;
}) {
  const id = `ly-search-${useId().replace(/[^A-Za-z0-9_-]/g, '')}`;
  const box = useLabelledControls(id);
  return (
    <div className="ly-crud-search-item" style={style}>
      <span className={`ly-crud-search-label${wide ? ' is-auto' : ''}`} id={id}>
        {required && (
          <span className="ly-crud-required" aria-hidden="true">
            *
          </span>
        )}
        {label}
      </span>
      <div className="ly-crud-search-control" ref={box}>
        {children}
      </div>
    </div>
  );
}
