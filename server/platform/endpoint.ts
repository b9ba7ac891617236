/**
 * Registers a handler against an endpoint descriptor (core/contract/endpoint.ts, issue 10). The route is the
 * descriptor's method and path; before the handler runs, the button guard of the descriptor is checked and the
 * params / query / body are parsed with its schemas (400 with a Chinese message naming the field). The handler
 * returns the answer's type — checked by `tsc` — and, under test (`NODE_ENV=test` or `CONTRACT_CHECK=1`), the answer
 * is validated against the descriptor's schema too, so a server that drifts from the contract fails its API tests.
 *
 *   const r = endpoints(app, db);
 *   r.handle(RECEIVABLE.page, async ({ query, user }) => listReceivables(db, user, query));
 *
 * Every handled descriptor is recorded (`handledEndpoints`) so a test can check that the registry and the server
 * agree, and the OpenAPI document lists only what is served.
 */
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  type AnswerOf,
  type BodyOf,
  type EndpointSpec,
  FILE_TYPES,
  type FileAnswer,
  fileKindOf,
  grantCodes,
  type ParamsOf,
  type Permission,
  type QueryOf,
} from '../../core/contract/endpoint.ts';
import type { Db } from '../db/client.ts';
import { type AuthUser, currentUser } from './auth.ts';
import { contentDisposition } from './crud/excel.ts';
import { hasAnyCode } from './crud/permissions.ts';
import { forbidden, ok } from './r.ts';
import { parse } from './validate.ts';

export interface HandlerInput<E extends EndpointSpec> {
  params: ParamsOf<E>;
  query: QueryOf<E>;
  body: BodyOf<E>;
  /** The signed-in user (public endpoints: null). */
  user: E['isPublic'] extends true ? AuthUser | null : AuthUser;
  req: FastifyRequest;
  /** For headers and a status of a bare answer (BladeX OAuth: `cache-control: no-store`, 400/401/429 failures). */
  reply: FastifyReply;
  /** The answer's `msg` instead of 操作成功 (BladeX answers such as 重置成功，新密码为 …; descriptor `withMsg: true`). */
  say: (msg: string) => void;
}

export type Handler<E extends EndpointSpec> = (input: HandlerInput<E>) => Promise<AnswerOf<E>> | AnswerOf<E>;

/** `METHOD path` → where its handler was registered (file:line), for `npm run endpoints`. */
const handled = new Map<string, string>();
const keyOf = (e: Pick<EndpointSpec, 'method' | 'path'>) => `${e.method} ${e.path}`;

/** `METHOD path` of every descriptor a handler was registered for (in this process). */
export function handledEndpoints(): ReadonlySet<string> {
  return new Set(handled.keys());
}

/** `METHOD path` → the file and line of the `handle(...)` call that serves it. */
export function handlerLocations(): ReadonlyMap<string, string> {
  return handled;
}

/** The caller of handle(): the stack's third frame, relative to the repository. */
function callerOf(): string {
  const frame = new Error().stack?.split('\n')[3] ?? '';
  const m = /(?:file:\/\/)?(\/[^\s()]+):(\d+):\d+/.exec(frame);
  if (!m) return '?';
  const root = new URL('../../', import.meta.url).pathname;
  return `${m[1].startsWith(root) ? m[1].slice(root.length) : m[1]}:${m[2]}`;
}

const checkAnswers = () => process.env.NODE_ENV === 'test' || process.env.CONTRACT_CHECK === '1';

/** The caller holds the grant (403 没有权限 otherwise); hand-written routes not on descriptors call it too. */
export async function checkGrant(db: Db, user: AuthUser, p: Permission): Promise<void> {
  if (!(await hasAnyCode(db, user, grantCodes(p)))) throw forbidden('没有权限');
}

/** The caller holds the descriptor's button (403 没有权限 otherwise). */
export async function checkPermission(db: Db, user: AuthUser, e: EndpointSpec): Promise<void> {
  if (e.permission) await checkGrant(db, user, e.permission);
}

export function endpoints(app: FastifyInstance, db: Db) {
  return {
    handle<const E extends EndpointSpec>(e: E, handler: Handler<E>): void {
      // the same call site every time an app is built in this process: the stack is read once (an API test worker
      // builds an app per file)
      if (!handled.has(keyOf(e))) handled.set(keyOf(e), callerOf());
      app.route({
        method: e.method,
        url: e.path,
        config: e.isPublic ? { public: true } : {},
        handler: async (req, reply) => {
          const user = e.isPublic ? req.user : currentUser(req);
          if (user) await checkPermission(db, user, e);
          let msg: string | undefined;
          const input = {
            params: (e.params ? parse(e.params, req.params ?? {}) : undefined) as ParamsOf<E>,
            query: (e.query ? parse(e.query, req.query ?? {}) : undefined) as QueryOf<E>,
            body: (e.body ? parse(e.body, req.body ?? {}) : undefined) as BodyOf<E>,
            user: user as HandlerInput<E>['user'],
            req,
            reply,
            say: (m: string) => {
              msg = m;
            },
          };
          const answer = await handler(input);
          if (checkAnswers()) {
            const r = (e.answer as z.ZodType).safeParse(answer);
            if (!r.success) {
              throw new Error(
                `${keyOf(e)} answered outside its contract: ${JSON.stringify(r.error.issues.slice(0, 3))}`,
              );
            }
          }
          const file = fileKindOf(e);
          if (file) return sendFile(reply, file, answer as FileAnswer);
          if (e.wire === 'bare') return answer;
          return ok(answer, msg ?? e.message);
        },
      });
    },
  };
}

/** A file descriptor's answer: the bytes with the kind's content type and the (Chinese) file name. */
function sendFile(reply: FastifyReply, kind: keyof typeof FILE_TYPES, f: FileAnswer): FastifyReply {
  return reply
    .header('Content-Type', FILE_TYPES[kind])
    .header('Content-Disposition', contentDisposition(f.filename))
    .send(f.body instanceof Uint8Array ? f.body : Readable.from(f.body));
}
