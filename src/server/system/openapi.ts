// Builds the OpenAPI 3.1 document from the same route specs (and zod schemas) that validate requests.
import { z } from 'zod';
import type { AnyRouteSpec } from '../http/route';
import { SESSION_COOKIE } from '../sessions/cookie';

type JsonSchema = Record<string, unknown>;

function toJsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
  }) as JsonSchema;
  return rest;
}

function parameters(schema: z.ZodType | undefined, where: 'path' | 'query') {
  if (!schema) return [];
  const json = toJsonSchema(schema, 'input') as {
    properties?: Record<string, JsonSchema>;
    required?: string[];
  };
  return Object.entries(json.properties ?? {}).map(([name, s]) => ({
    name,
    in: where,
    required: where === 'path' || (json.required ?? []).includes(name),
    schema: s,
  }));
}

export function buildOpenApiDocument(routes: readonly AnyRouteSpec[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const path = route.url.replace(/:(\w+)/g, '{$1}');
    const responses: Record<string, unknown> = {};
    for (const [status, res] of Object.entries(route.responses)) {
      responses[status] = res.schema
        ? {
            description: res.description,
            content: { 'application/json': { schema: toJsonSchema(res.schema, 'output') } },
          }
        : { description: res.description };
    }
    const operation: Record<string, unknown> = {
      summary: route.summary,
      tags: [route.tag],
      parameters: [...parameters(route.params, 'path'), ...parameters(route.querystring, 'query')],
      responses,
    };
    if (route.body) {
      operation.requestBody = {
        required: true,
        content: { 'application/json': { schema: toJsonSchema(route.body, 'input') } },
      };
    }
    if (route.auth === 'required') operation.security = [{ sessionCookie: [] }];
    if (route.auth === 'optional') operation.security = [{}, { sessionCookie: [] }];
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operation };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Happy Dog API',
      version: '1.0.0',
      description:
        'API de la comunidad de adopción Happy Dog. Todos los cuerpos son JSON; los errores son {"error": "mensaje"}.',
    },
    paths,
    components: {
      securitySchemes: { sessionCookie: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE } },
    },
  };
}
