// /api/openapi.json's source: @fastify/swagger collects every route as it is registered and turns
// its zod schemas into JSON Schema (the type provider's transform), so the document describes
// exactly what the routes validate and send. Registered before the routes it documents.
import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isApiPath } from '../http/security';
import { SESSION_COOKIE } from '../sessions/cookie';

type Transform = typeof jsonSchemaTransform;
type Responses = Record<string, unknown>;

const hasZodSchema = (response: unknown): boolean => {
  const content = (response as { content?: Record<string, { schema?: unknown }> }).content;
  return !!content && Object.values(content).some((c) => c.schema instanceof z.ZodType);
};

/**
 * The type provider's transform for the API's routes, and nothing else: the pages and files the
 * server also answers are not part of the API. Responses declared without a body (plain JSON
 * Schema `{description, type: 'null'}`) are passed through as they are.
 */
const transform: Transform = (input) => {
  if (!isApiPath(input.url)) return { schema: { hide: true }, url: input.url };
  const responses = (input.schema?.response ?? {}) as Responses;
  const plain = Object.fromEntries(Object.entries(responses).filter(([, r]) => !hasZodSchema(r)));
  const zod = Object.fromEntries(Object.entries(responses).filter(([, r]) => hasZodSchema(r)));
  const result = jsonSchemaTransform({
    ...input,
    schema: { ...input.schema, response: zod },
  } as Parameters<Transform>[0]);
  const schema = result.schema as { response?: Responses };
  schema.response = { ...schema.response, ...plain };
  return result;
};

export const openApi = fp(
  async (app: FastifyInstance) => {
    await app.register(fastifySwagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Happy Dog API',
          version: '1.0.0',
          description:
            'API de la comunidad de adopción Happy Dog. Todos los cuerpos son JSON; los errores son {"error": "mensaje"}.',
        },
        components: {
          securitySchemes: {
            sessionCookie: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
          },
        },
      },
      transform,
    });
  },
  { name: 'openapi' },
);
