/** The R wrapper (bladex-contract §1) and the API error class. */
import type { Page, R } from '../../core/contract/common.ts';

export const ok = <T>(data: T, msg = '操作成功'): R<T> => ({ code: 200, success: true, data, msg });
export const fail = (code: number, msg: string): R<null> => ({ code, success: false, data: null, msg });

/** Thrown anywhere in a handler; the error handler answers `fail(code, msg)` with HTTP status = code. */
export class ApiError extends Error {
  constructor(
    public readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const badRequest = (msg: string) => new ApiError(400, msg);
export const unauthorized = (msg = '请求未授权') => new ApiError(401, msg);
export const forbidden = (msg = '没有权限') => new ApiError(403, msg);
export const notFound = (msg = '数据不存在') => new ApiError(400, msg);

export function page<T>(records: T[], total: number, current: number, size: number): Page<T> {
  return { records, total, size, current, pages: size > 0 ? Math.ceil(total / size) : 0 };
}
