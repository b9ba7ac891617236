/**
 * Error handling (DESIGN §4): every failure is R-shaped with HTTP status = code.
 * zod → 400 (first issue, field named); malformed JSON → 400; a broken foreign key / CHECK of db/integrity.ts → 400
 * naming the field; unknown route → 404; ApiError → its code;
 * anything else → 500 服务器异常 (logged).
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { constraintMessage } from '../db/integrity.ts';
import { fieldLabelsFor } from './crud/engine.ts';
import { ApiError, fail } from './r.ts';
import { zodMessage } from './validate.ts';

const STATUS_MSG: Record<number, string> = {
  400: '请求参数错误',
  401: '请求未授权',
  403: '没有权限',
  404: '404 没找到请求',
  405: '不支持当前请求方法',
  413: '请求体过大',
  415: '不支持当前媒体类型',
};

export function installErrorHandling(
  app: FastifyInstance,
  fallback: (req: FastifyRequest, reply: FastifyReply) => unknown,
): void {
  // JSON bodies: empty → undefined, malformed → 400 请求体不是合法的JSON.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(/^application\/(.+\+)?json/, { parseAs: 'string' }, (_req, body, done) => {
    const text = String(body);
    if (!text.trim()) return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new ApiError(400, '请求体不是合法的JSON'), undefined);
    }
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  app.setErrorHandler((err: FastifyError | ApiError | ZodError | Error, req, reply) => {
    if (err instanceof ApiError) return reply.code(err.code).send(fail(err.code, err.message));
    if (err instanceof ZodError) return reply.code(400).send(fail(400, zodMessage(err)));
    // PostgreSQL input errors (e.g. an id beyond the bigint range) are bad input, not server faults
    const pgCode = (err as { code?: string }).code ?? (err.cause as { code?: string } | undefined)?.code;
    if (pgCode === '22003' || pgCode === '22P02' || pgCode === '22007' || pgCode === '22008') {
      return reply.code(400).send(fail(400, '请求参数格式错误'));
    }
    // a foreign key or CHECK of server/db/integrity.ts (e.g. another tenant's id): 400 naming the field
    if (pgCode === '23503' || pgCode === '23514') {
      const msg = constraintMessage(err, fieldLabelsFor(req.url.split('?')[0]));
      if (msg) return reply.code(400).send(fail(400, msg));
    }
    const fe = err as FastifyError;
    if (fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || fe.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return reply.code(400).send(fail(400, '请求体不是合法的JSON'));
    }
    if (fe.validation) return reply.code(400).send(fail(400, fe.message || '参数校验失败'));
    const status = fe.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send(fail(status, STATUS_MSG[status] ?? fe.message));
    }
    req.log.error({ err }, 'unhandled error');
    if (process.env.VITEST) console.error(err);
    return reply.code(500).send(fail(500, '服务器异常'));
  });

  app.setNotFoundHandler((req, reply) => {
    const r = fallback(req, reply);
    if (r !== undefined) return r;
    return reply.code(404).send(fail(404, '404 没找到请求'));
  });
}
