/**
 * Resource engine entry. `registerModule` opens an encapsulated Fastify scope with multipart (Excel import)
 * so that a module's routes get it without changing the app's global parsers; the guard, api log and error
 * handler of the app still apply (hooks registered before are inherited).
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';

export {
  type CrudContext,
  type CrudHooks,
  fieldLabelsFor,
  type Resource,
  registerResource,
  type SaveContext,
} from './engine.ts';
export { contentDisposition, optionLabels } from './excel.ts';
export { hasAnyCode, isAdministrator, requireButton, scopeCondition } from './permissions.ts';
export { accountFilter, detailWith, qualified, READ_ONLY_ROUTES, userJoins } from './read-only.ts';
export { fixed, type Row } from './values.ts';

export async function registerModule(app: FastifyInstance, fn: (scope: FastifyInstance) => void | Promise<void>) {
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 1 } });
    await fn(scope);
  });
}
