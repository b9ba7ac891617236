/**
 * The OpenAPI 3.1 document of the open platform, generated from the same zod descriptors the server validates with
 * (core/contract/open/open-v1.contract.ts, zod 4's `z.toJSONSchema`): every open endpoint with its scope
 * (`x-scope`), query parameters, request body, the R-wrapped answer and every refusal code; the signature scheme;
 * the webhook events under `webhooks`. Served as JSON (GET /api/open/v1/openapi.json) and as a readable page
 * (GET /api/open/v1/docs, plain HTML + a stylesheet: no script).
 */
import { z } from 'zod';
import type { ZodOpenApiResponsesObject } from 'zod-openapi';
import { APP_VERSION } from '../../../../core/contract/common.ts';
import type { EndpointSpec } from '../../../../core/contract/endpoint.ts';
import {
  OPEN_API,
  OPEN_ERRORS,
  OPEN_EVENTS,
  OPEN_SCOPES,
  openScopeOf,
} from '../../../../core/contract/open/open-v1.contract.ts';
import { openApiOf, openApiPath, operationId, pathsOf } from '../../../platform/openapi.ts';

type Json = Record<string, unknown>;
type OpenParameter = { name: string; required?: boolean; schema: Json };

/** One schema alone, for the readable page (the document itself is rendered by zod-openapi). */
const schemaOf = (s: z.ZodType, io: 'input' | 'output'): Json => {
  const { $schema: _drop, ...rest } = z.toJSONSchema(s, { io, unrepresentable: 'any' }) as Json;
  return rest;
};

const SIGNING = `每个请求携带以下请求头：
X-App-Key（应用标识）、X-Timestamp（Unix 秒，与服务器相差不超过 ±5 分钟）、X-Nonce（16–64 位 [A-Za-z0-9_-]，同一应用内不得重复）、
X-Content-SHA256（请求体原文的 SHA-256 十六进制；无请求体时为空串的摘要，可省略）、
X-Signature = hex(HMAC-SHA256(应用密钥, 待签名串))。
待签名串 = METHOD + "\\n" + PATH + "\\n" + SORTED_QUERY + "\\n" + X-Timestamp + "\\n" + X-Nonce + "\\n" + X-Content-SHA256，
SORTED_QUERY 为按参数名（再按值）排序、RFC 3986 编码的 k=v 以 & 连接。`;

const errorTable = Object.values(OPEN_ERRORS)
  .map((e) => `| ${e.code} | ${e.http} | ${e.msg} |`)
  .join('\n');

const failure = { $ref: '#/components/schemas/Failure' };
const refusal = (description: string) => ({ description, content: { 'application/json': { schema: failure } } });
const REFUSALS: ZodOpenApiResponsesObject = {
  '400': refusal('参数错误（code = 400，msg 为中文说明）'),
  '401': refusal('签名校验未通过（code 40100–40107）'),
  '403': refusal('应用停用、IP 不在白名单或未开通接口分组（code 40102、40103、40301）'),
  '429': refusal('超过应用的每分钟调用次数（code 42901）'),
};

/** What the open platform adds to an operation: its id without the prefix, its scope as tag and `x-scope`, the signature, every refusal. */
const openExtra = (e: EndpointSpec) => {
  const scope = openScopeOf(e) ?? '';
  return {
    operationId: operationId(e, /^\/api\/open\/v1/),
    tags: [OPEN_SCOPES.find((s) => s.value === scope)?.label ?? scope],
    'x-scope': scope,
    security: [{ appKey: [] }],
    responses: REFUSALS,
  };
};

const event = z.object({
  type: z.enum(OPEN_EVENTS.map((x) => x.value) as [string, ...string[]]),
  timestamp: z.iso.datetime(),
  data: z.looseObject({}),
});

export function openApiDocument(serverUrl = '/'): Json {
  const webhooks = Object.fromEntries(
    OPEN_EVENTS.map((ev) => [
      ev.value,
      {
        post: {
          summary: `${ev.label}（${ev.value}）`,
          description:
            '按 Standard Webhooks 签名：webhook-id、webhook-timestamp、webhook-signature = "v1," + base64(HMAC-SHA256(base64 解码的 whsec_ 密钥, id.timestamp.body))。回调返回 2xx 视为成功，否则按 10 秒 × 3^(n−1) 退避重试，最多 6 次。',
          requestBody: { content: { 'application/json': { schema: event } } },
          responses: { '200': { description: '已接收' } },
        },
      },
    ]),
  );
  return openApiOf({
    openapi: '3.1.0',
    info: {
      title: 'Loopyard 开放平台 API',
      version: `v1 (${APP_VERSION})`,
      description: `${SIGNING}\n\n拒绝码：\n\n| code | HTTP | msg |\n|---|---|---|\n${errorTable}`,
    },
    servers: [{ url: serverUrl }],
    tags: OPEN_SCOPES.map((s) => ({ name: s.label, description: `接口分组 ${s.value}` })),
    paths: pathsOf(Object.values(OPEN_API) as EndpointSpec[], openExtra),
    webhooks,
    components: {
      securitySchemes: {
        appKey: { type: 'apiKey', in: 'header', name: 'X-App-Key', description: SIGNING },
      },
      schemas: {
        Failure: {
          type: 'object',
          required: ['code', 'success', 'msg'],
          properties: {
            code: { type: 'integer', enum: [400, ...Object.values(OPEN_ERRORS).map((e) => e.code)] },
            success: { type: 'boolean', const: false },
            data: { type: 'null' },
            msg: { type: 'string' },
          },
        },
      },
    },
  });
}

const esc = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

/** The readable docs page (no script; its stylesheet is /api/open/v1/docs.css). */
export function docsHtml(): string {
  const paths = openApiDocument().paths as Record<string, Record<string, { parameters?: OpenParameter[] }>>;
  const sections = (Object.values(OPEN_API) as EndpointSpec[])
    .map((e) => {
      const op = paths[openApiPath(e.path)]?.[e.method.toLowerCase()] ?? {};
      const params = (op.parameters ?? [])
        .map(
          (p) =>
            `<tr><td><code>${esc(p.name)}</code></td><td>${p.required ? '是' : '否'}</td><td><code>${esc(JSON.stringify(p.schema))}</code></td></tr>`,
        )
        .join('');
      return `<section><h2><span class="m">${e.method}</span> <code>${esc(e.path)}</code></h2>
<p>${esc(e.summary)} · 接口分组 <b>${esc(openScopeOf(e) ?? '')}</b></p>
${params ? `<table><tr><th>参数</th><th>必填</th><th>类型</th></tr>${params}</table>` : ''}
${e.body ? `<p>请求体：</p><pre>${esc(JSON.stringify(schemaOf(e.body, 'input'), null, 2))}</pre>` : ''}
<details><summary>返回 data</summary><pre>${esc(JSON.stringify(schemaOf(e.answer, 'output'), null, 2))}</pre></details></section>`;
    })
    .join('\n');
  const errors = Object.values(OPEN_ERRORS)
    .map((e) => `<tr><td>${e.code}</td><td>${e.http}</td><td>${esc(e.msg)}</td></tr>`)
    .join('');
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Loopyard 开放平台 API</title><link rel="stylesheet" href="/api/open/v1/docs.css"></head><body><main>
<h1>Loopyard 开放平台 API v1</h1><p>OpenAPI 3.1 文档：<a href="/api/open/v1/openapi.json">openapi.json</a></p>
<h2>签名</h2><pre>${esc(SIGNING)}</pre>
<h2>拒绝码</h2><table><tr><th>code</th><th>HTTP</th><th>msg</th></tr>${errors}</table>
${sections}
<h2>事件推送</h2><ul>${OPEN_EVENTS.map((e) => `<li><code>${e.value}</code> ${esc(e.label)}</li>`).join('')}</ul>
</main></body></html>`;
}

export const DOCS_CSS = `body{margin:0;font-family:"Noto Sans CJK SC","PingFang SC","Microsoft YaHei",sans-serif;color:#1c1f23;background:#f4f6f9}
main{max-width:960px;margin:0 auto;padding:16px 20px 48px}section{background:#fff;border-radius:8px;padding:8px 18px 14px;margin:14px 0;box-shadow:0 1px 4px rgba(0,0,0,.06)}
h2{font-size:17px}.m{display:inline-block;background:#14a06b;color:#fff;border-radius:4px;padding:0 8px;font-size:13px}
table{border-collapse:collapse;width:100%;font-size:13px}td,th{border:1px solid #e5e6eb;padding:4px 8px;text-align:left;vertical-align:top}
pre{background:#f7f8fa;padding:10px;overflow:auto;font-size:12px;white-space:pre-wrap}code{font-size:12px;word-break:break-all}`;
