/**
 * The administrators' OpenAPI 3.1 document of every internal endpoint descriptor (issue 23): each group of
 * core/contract/registry.ts as a tag, each operation with the button it needs (`x-permission`) and whether it is
 * public, rendered by zod-openapi (server/platform/openapi.ts). Built once per process: the descriptors are static.
 */
import { type EndpointSpec, grantCodes, type Permission } from '../../../core/contract/endpoint.ts';
import { OPEN_API } from '../../../core/contract/open/open-v1.contract.ts';
import { ENDPOINT_GROUPS } from '../../../core/contract/registry.ts';
import { openApiOf, pathsOf } from '../../platform/openapi.ts';

/** The buttons a descriptor accepts, any one of them (grantCodes: the rule the server checks). */
const permissionText = (p: Permission | undefined): string | undefined => (p ? grantCodes(p).join(' | ') : undefined);

let built: Record<string, unknown> | undefined;

export function internalOpenApiDocument(version: string): Record<string, unknown> {
  if (built) return built;
  const open = new Set<EndpointSpec>(Object.values(OPEN_API));
  const groupOf = new Map<EndpointSpec, string>();
  for (const [group, list] of Object.entries(ENDPOINT_GROUPS))
    for (const e of Object.values(list)) if (!open.has(e)) groupOf.set(e, group);
  built = openApiOf({
    openapi: '3.1.0',
    info: {
      title: 'Loopyard 系统内部接口',
      version,
      description:
        '后台各页面调用的接口（端点描述符生成，与服务器校验所用的 zod 模式相同）。除 x-public 的接口外都需登录（Authorization: Bearer 令牌、Blade-Auth、Current-Dept-Id）；x-permission 为所需按钮权限。开放平台接口见 /api/open/v1/openapi.json。',
    },
    tags: Object.keys(ENDPOINT_GROUPS).map((name) => ({ name })),
    paths: pathsOf(groupOf.keys(), (e) => ({
      tags: [groupOf.get(e) ?? ''],
      ...(permissionText(e.permission) ? { 'x-permission': permissionText(e.permission) } : {}),
      ...(e.isPublic ? { 'x-public': true } : {}),
    })),
  });
  return built;
}
