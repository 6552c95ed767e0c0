/**
 * The API reference, generated from the zod contract the client and server share (so it cannot
 * drift from what the code accepts): OpenAPI 3.1 at /openapi.json, and a plain browsable page at
 * /docs (server-rendered, no script: the CSP allows none inline). docs/api.md keeps what a schema
 * cannot say (rules, limits, error meanings).
 */
import * as z from 'zod/mini';
import { BRAND } from '../../src/config/brand';
import type { Endpoint } from '../../src/contract/endpoint';
import { ErrorCode } from '../../src/contract/errors';
import { api } from '../../src/contract/index';

type Json = Record<string, unknown>;

const schemaOf = (schema: z.ZodMiniType, io: 'input' | 'output'): Json => {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Json;
  return rest;
};

/** Every answer is this envelope; `data` is the operation's own schema. */
const envelope = (data: Json): Json => ({
  type: 'object',
  required: ['code'],
  properties: {
    code: { type: 'integer', description: `${ErrorCode.OK} on success, else an error code (docs/api.md)` },
    msg: { type: 'string' },
    data,
  },
});

function operation(group: string, name: string, e: Endpoint): [string, string, Json] {
  const path = e.path.replace(/:([A-Za-z]+)/g, '{$1}');
  const parameters: Json[] = [];
  for (const [where, schema] of [
    ['path', e.params],
    ['query', e.query],
  ] as const) {
    if (!schema) continue;
    const json = schemaOf(schema, 'input') as { properties?: Record<string, Json>; required?: string[] };
    for (const [param, s] of Object.entries(json.properties ?? {}))
      parameters.push({ name: param, in: where, required: where === 'path' || (json.required ?? []).includes(param), schema: s });
  }
  if (e.idempotent)
    parameters.push({
      name: 'Idempotency-Key',
      in: 'header',
      required: true,
      description: 'A retry with the same key returns the first result instead of doing the work again.',
      schema: { type: 'string', minLength: 8, maxLength: 128 },
    });
  const op: Json = {
    operationId: `${group}.${name}`,
    tags: [group],
    ...(e.auth ? { security: [{ bearer: [] }] } : { security: [] }),
    ...(parameters.length ? { parameters } : {}),
    responses: {
      '200': e.binary
        ? {
            description: 'The file (errors answer the JSON envelope)',
            content: { 'image/*': { schema: { type: 'string', format: 'binary' } } },
          }
        : { description: 'The envelope', content: { 'application/json': { schema: envelope(schemaOf(e.data, 'output')) } } },
      ...(e.auth ? { '401': { description: 'Missing, expired or revoked token' } } : {}),
      '429': { description: 'Rate limit' },
    },
  };
  if (e.body)
    op.requestBody = {
      required: true,
      content: { [e.multipart ? 'multipart/form-data' : 'application/json']: { schema: schemaOf(e.body, 'input') } },
    };
  else if (e.multipart)
    op.requestBody = {
      required: true,
      content: {
        'multipart/form-data': { schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } } } },
      },
    };
  return [path, e.method.toLowerCase(), op];
}

export function openApiDocument(): Json {
  const paths: Record<string, Json> = {};
  for (const [group, endpoints] of Object.entries(api)) {
    for (const [name, e] of Object.entries(endpoints as Record<string, Endpoint>)) {
      const [path, method, op] = operation(group, name, e);
      paths[path] = { ...paths[path], [method]: op };
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: `${BRAND.productName} wallet API`,
      version: BRAND.version,
      description: 'Generated from the shared zod contract. Rules and error codes: docs/api.md.',
    },
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    paths,
  };
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A readable page of every operation: method, path, auth, and its schemas as JSON. */
export function apiReferencePage(doc: Json): string {
  const rows: string[] = [];
  for (const [path, methods] of Object.entries(doc.paths as Record<string, Record<string, Json>>)) {
    for (const [method, op] of Object.entries(methods)) {
      const secured = Array.isArray(op.security) && op.security.length > 0;
      const body = (op.requestBody as { content?: Record<string, { schema: unknown }> } | undefined)?.content;
      const ok = (op.responses as Record<string, { content?: Record<string, { schema: unknown }> }>)['200']?.content;
      rows.push(`<section id="${escapeHtml(String(op.operationId))}">
<h2><code>${method.toUpperCase()} ${escapeHtml(path)}</code></h2>
<p>${escapeHtml(String(op.operationId))} · ${secured ? 'bearer token' : 'no token'}</p>
${op.parameters ? `<details><summary>Parameters</summary><pre>${escapeHtml(JSON.stringify(op.parameters, null, 2))}</pre></details>` : ''}
${body ? `<details><summary>Request body</summary><pre>${escapeHtml(JSON.stringify(Object.values(body)[0]?.schema, null, 2))}</pre></details>` : ''}
${ok ? `<details><summary>Answer</summary><pre>${escapeHtml(JSON.stringify(Object.values(ok)[0]?.schema, null, 2))}</pre></details>` : ''}
</section>`);
    }
  }
  const info = doc.info as { title: string; version: string };
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(info.title)} ${escapeHtml(info.version)}</title></head>
<body><main><h1>${escapeHtml(info.title)} ${escapeHtml(info.version)}</h1>
<p>Machine-readable: <a href="/openapi.json">/openapi.json</a> (OpenAPI 3.1).</p>
${rows.join('\n')}
</main></body></html>`;
}
