import { type ReactNode, useId, useLayoutEffect, useRef } from 'react';
import './field.css';

// radios and checkboxes keep their own names (their option's words): a group's label names the group, not each one
const CONTROLS = 'input:not([type="hidden"]):not([type="radio"]):not([type="checkbox"]), textarea, [role="combobox"]';

/**
 * Gives every control inside `box` the accessible name of the element `labelId` (aria-labelledby) — Semi's Select
 * and DatePicker hard-code English names ("Choose date", "selected") on their comboboxes, and their inputs come and
 * go as they open; a MutationObserver keeps the name on whatever is rendered. React never rewrites an attribute it
 * does not own, so nothing fights it.
 */
export function useLabelledControls(labelId: string) {
  const box = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const apply = () => {
      for (const c of el.querySelectorAll(CONTROLS)) {
        if (c.getAttribute('aria-labelledby') !== labelId) c.setAttribute('aria-labelledby', labelId);
        if (c.getAttribute('role') === 'combobox') c.removeAttribute('aria-label');
      }
    };
    apply();
    const mo = new MutationObserver(apply);
    mo.observe(el, { childList: true, subtree: true });
    return () => mo.disconnect();
  }, [labelId]);
  return box;
}

/**
 * Gives every control inside the box the accessible name `name` (aria-label) — for controls whose visible label is
 * a column header (a line of a document), kept on whatever Semi renders, like useLabelledControls.
 */
export function useNamedControls(name: string) {
  const box = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const apply = () => {
      for (const c of el.querySelectorAll(CONTROLS)) {
        if (c.getAttribute('aria-label') !== name) c.setAttribute('aria-label', name);
        // Semi names a combobox with a value by its selection ("selected"): the column's name wins
        if (c.hasAttribute('aria-labelledby')) c.removeAttribute('aria-labelledby');
      }
    };
    apply();
    const mo = new MutationObserver(apply);
    mo.observe(el, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['aria-label', 'aria-labelledby'],
    });
    return () => mo.disconnect();
  }, [name]);
  return box;
}

/**
 * A visible label bound to its control (issue 26: every form control has a visible label and an accessible name
 * that says the same).
 */
export function Field({
  label,
  required,
  children,
  testId,
  width,
}: {
  label: string;
  required?: boolean;
  children: ReactNode;
  testId?: string;
  width?: number;
}) {
  const id = useId();
  const box = useLabelledControls(id);
  return (
    <div className="ly-field" data-testid={testId} ref={box} style={width ? { width } : undefined}>
      <span className="ly-field-label" id={id}>
        {required && (
          <span className="ly-field-required" aria-hidden="true">
            *
          </span>
        )}
        {label}
      </span>
      {children}
    </div>
  );
}

/**
 * Names every control inside (aria-label `name`) without a label of its own on screen — for a control whose visible
 * label is its prefix (地磅 ▾), its column header (a checkbox in a table row) or the card it sits in; lays out as
 * its children (`display: contents`).
 */
export function Named({ name, children }: { name: string; children: ReactNode }) {
  const box = useNamedControls(name);
  return (
    <div ref={box} style={{ display: 'contents' }}>
      {children}
    </div>
  );
}
