import { useMemo } from 'react';
import { useDictBizDictionaryQuery, useDictDictionaryQuery } from '../../core/api/blade-system-extras.api.ts';
import { type Row, useSelectListQuery, useTreeOptionsQuery } from '../../core/api/crud.api.ts';
import type { TreeNode } from '../../core/contract/common.ts';
import type { Option, OptionSource } from '../../core/contract/resource.ts';

/** Semi TreeSelect node. */
export interface TreeOption {
  label: string;
  value: string;
  key: string;
  children?: TreeOption[];
}

export function toTreeOptions(nodes: TreeNode[]): TreeOption[] {
  return nodes.map((n) => ({
    label: n.title,
    value: String(n.value ?? n.id),
    key: String(n.key ?? n.id),
    children: n.children?.length ? toTreeOptions(n.children) : undefined,
  }));
}

export function flattenTree(nodes: TreeOption[], out: Option[] = []): Option[] {
  for (const n of nodes) {
    out.push({ label: n.label, value: n.value });
    if (n.children) flattenTree(n.children, out);
  }
  return out;
}

/** The label of a value among options (values compared as text: 1 and '1' are the same key). */
export function labelOf(options: Option[], value: unknown): string | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  return options.find((o) => String(o.value) === String(value))?.label;
}

/**
 * An endpoint source may name form fields in braces (`…/select-list?partyId={partyId}`): they are filled from the
 * form's values, so a picker lists what belongs to the chosen row (the contracts of the chosen party); while one
 * of them is blank the picker offers nothing.
 */
export function withFormValues(source: OptionSource | undefined, values: Record<string, unknown>) {
  if (!source || !('endpoint' in source) || !source.endpoint.includes('{')) return source;
  let blank = false;
  const endpoint = source.endpoint.replace(/\{(\w+)\}/g, (_m, field: string) => {
    const v = values[field];
    if (v === undefined || v === null || v === '') blank = true;
    return encodeURIComponent(String(v ?? ''));
  });
  return blank ? { options: [] } : { ...source, endpoint };
}

const kindOf = (s: OptionSource | undefined) =>
  !s ? 'none' : 'options' in s ? 'static' : 'dict' in s ? 'dict' : 'endpoint' in s ? 'endpoint' : 'tree';

/**
 * Options of an OptionSource (one hook for every source kind; the queries it does not need are skipped):
 * static list, dictionary (`dict-biz/dictionary?code=`), another resource's select-list, or a tree endpoint.
 */
export function useOptions(source: OptionSource | undefined): {
  options: Option[];
  tree: TreeOption[];
  loading: boolean;
} {
  const kind = kindOf(source);
  const code = kind === 'dict' ? (source as { dict: string }).dict : '';
  const system = kind === 'dict' && !!(source as { system?: boolean }).system;
  // typed descriptor hooks (dict-endpoints.contract.ts): 系统字典 or 业务字典, the other skipped
  const systemDict = useDictDictionaryQuery({ code }, { skip: kind !== 'dict' || !system });
  const bizDict = useDictBizDictionaryQuery({ code }, { skip: kind !== 'dict' || system });
  const dict = system ? systemDict : bizDict;
  const list = useSelectListQuery(kind === 'endpoint' ? (source as { endpoint: string }).endpoint : '', {
    skip: kind !== 'endpoint',
  });
  const tree = useTreeOptionsQuery(kind === 'tree' ? (source as { tree: string }).tree : '', { skip: kind !== 'tree' });
  return useMemo(() => {
    switch (kind) {
      case 'static':
        return { options: (source as { options: Option[] }).options, tree: [], loading: false };
      case 'dict':
        return {
          options: (dict.data ?? []).map((d) => ({ label: d.dictValue, value: d.dictKey })),
          tree: [],
          loading: dict.isLoading,
        };
      case 'endpoint': {
        const { labelKey, valueKey } = source as { labelKey: string; valueKey: string };
        return {
          options: (list.data ?? []).map((r: Row) => ({
            label: String(r[labelKey] ?? ''),
            value: String(r[valueKey] ?? ''),
          })),
          tree: [],
          loading: list.isLoading,
        };
      }
      case 'tree': {
        const t = toTreeOptions(tree.data ?? []);
        return { options: flattenTree(t), tree: t, loading: tree.isLoading };
      }
      default:
        return { options: [], tree: [], loading: false };
    }
  }, [kind, source, dict.data, dict.isLoading, list.data, list.isLoading, tree.data, tree.isLoading]);
}
