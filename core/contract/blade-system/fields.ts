/** Answer schemas shared by the blade-system descriptors (zod; the wire form of bladex-contract §1, §4.3). */
import { z } from 'zod';
import type { TreeNode } from '../wire.ts';

/** `Page<T>` of the wire contract; a 64-bit id as it travels out (core/contract/fields.ts). */
export { idOut, pageOf } from '../fields.ts';

/** An answer without data (`data: null`). */
export const none = z.null();

/** Tree node of every tree endpoint (bladex-contract §4.3). */
export const treeNodeSchema: z.ZodType<TreeNode> = z.lazy(() =>
  z.object({
    id: z.string(),
    parentId: z.string(),
    title: z.string(),
    key: z.string(),
    value: z.string(),
    children: z.array(treeNodeSchema).optional(),
    hasChildren: z.boolean().optional(),
  }),
);

/** Ids as a comma string or an array, in the query or the body (`userIds=1,2` or `{ userIds: [1, 2] }`). */
export const idCsvIn = z.union([z.string(), z.number(), z.array(z.union([z.string(), z.number()]))]);
