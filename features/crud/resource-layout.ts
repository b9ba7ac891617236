/**
 * A resource's screen layout (issue 23): core/contract holds the wire of a resource (paths, schemas, permission, the
 * export and import sheets, the filters); `screens/<area>/<name>.resource.ts` adds, per field, what only the screen
 * reads — `withLayout(def, { columns, search, form, detail })` — and the screens pass the result to the generic
 * pages. The server never sees the layout (it may not import screens/ or features/).
 *
 * A field left out of a layout is shown as the wire describes it; a layout's key that is no field of the resource
 * does not compile.
 */

import type { z } from 'zod';
import type {
  ColumnLayout,
  DetailCardDef,
  FormFieldDef,
  FormLayout,
  ResourceDef,
  ResourceSchemas,
  SearchLayout,
} from '../../core/contract/resource.ts';

export interface ResourceLayout<S extends ResourceSchemas> {
  columns?: { [K in keyof z.infer<S['entity']>]?: ColumnLayout };
  search?: { [K in keyof z.infer<S['query']>]?: SearchLayout };
  form?: { [K in keyof z.infer<S['form']>]?: FormLayout };
  detail?: DetailCardDef<z.infer<S['entity']>>[];
}

function merged<T extends { field: string }>(list: T[], extra: Partial<Record<string, object>> | undefined): T[] {
  if (!extra) return list;
  return list.map((x) => (extra[x.field] ? { ...x, ...extra[x.field] } : x));
}

/** The resource as its screens show it: the wire's columns, search and form with this layout over them. */
export function withLayout<S extends ResourceSchemas>(def: ResourceDef<S>, layout: ResourceLayout<S>): ResourceDef<S> {
  return {
    ...def,
    columns: merged(def.columns, layout.columns),
    search: merged(def.search, layout.search),
    form: merged(def.form, layout.form),
    ...(layout.detail ? { detail: layout.detail } : {}),
  };
}

/**
 * A form's field list (not a resource: a settings card, a dialog's fields) as its screen shows it: the wire's fields
 * with this layout over them, per field.
 */
export function withFormLayout<F>(
  fields: FormFieldDef<F>[],
  layout: { [K in keyof F]?: FormLayout },
): FormFieldDef<F>[] {
  return merged(fields, layout);
}
