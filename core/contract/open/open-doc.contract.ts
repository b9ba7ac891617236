/**
 * The open platform's OpenAPI 3.1 document as a descriptor (public, bare JSON: the document itself, not wrapped in
 * R). Generated from OPEN_API by server/modules/izs-toolbox/open/openapi.ts. The readable page (`docs`) and its
 * stylesheet (`docs.css`) are HTML / CSS, plain routes on the allow-list of server/platform/plain-routes.ts. The
 * administrators' document of every internal descriptor is `internal` (server/modules/izs-toolbox/internal-openapi.ts).
 */
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { OPEN_V1 } from './open-v1.contract.ts';

export const openApiDocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});

export const OPEN_DOC = {
  openapi: endpoint({
    method: 'GET',
    path: `${OPEN_V1}/openapi.json`,
    summary: '开放平台 OpenAPI 3.1 文档（公开）',
    answer: openApiDocumentSchema,
    isPublic: true,
    wire: 'bare',
  }),
  /** Every internal descriptor of ENDPOINT_GROUPS (R-wrapped answers, the button each one needs); administrators only. */
  internal: endpoint({
    method: 'GET',
    path: '/api/izs-toolbox/openapi.json',
    summary: '系统内部接口 OpenAPI 3.1 文档（仅超级管理员）',
    answer: openApiDocumentSchema,
    wire: 'bare',
  }),
};
