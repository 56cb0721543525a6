// Declares a route once: method, URL, who may call it, zod schemas for params/query/body and the
// per-status responses. Fastify validates requests and serializes responses with those schemas
// (the compilers below), and @fastify/swagger documents them in /api/openapi.json.
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  FastifySchemaCompiler,
  FastifySerializerCompiler,
} from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MESSAGES } from '../../shared/api';
import { HttpError } from './errors';
import { policyLimits, type RateLimitPolicy } from './rate-limit-policy';
import { errors, type ResponseSpec } from './responses';
import type { CurrentSession } from './session';

/** 'admin': logged in with role admin (403 for anyone else logged in), checked before the body. */
export type Auth = 'none' | 'optional' | 'required' | 'admin';
type Schema = z.ZodType | undefined;
type Out<S extends Schema> = S extends z.ZodType ? z.output<S> : undefined;

export interface RouteSpec<P extends Schema, Q extends Schema, B extends Schema> {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Fastify syntax: /api/dog/:id */
  url: string;
  summary: string;
  tag: string;
  auth: Auth;
  params?: P;
  querystring?: Q;
  body?: B;
  /** Per-user and per-IP limit, checked after authentication and before the body is read. */
  rateLimit?: RateLimitPolicy;
  /**
   * The handler compresses its answers itself (cached bodies, once each: http/cached-json.ts);
   * @fastify/compress's hooks are left out of the route. Only for routes without a request body
   * (the plugin's request decompression is left out too).
   */
  ownCompression?: true;
  responses: Record<number, ResponseSpec>;
}

export interface RouteContext<
  P extends Schema,
  Q extends Schema,
  B extends Schema,
  A extends Auth,
> {
  request: FastifyRequest;
  reply: FastifyReply;
  params: Out<P>;
  query: Out<Q>;
  body: Out<B>;
  session: A extends 'required' | 'admin' ? CurrentSession : CurrentSession | null;
}

const NOT_AN_OBJECT = 'El cuerpo de la petición debe ser un objeto JSON';
const NUL_CHARACTER = 'El texto no puede contener caracteres nulos';
const INVALID_REQUEST = 'La petición no es válida';

type Part = 'params' | 'querystring' | 'body';

/** Spanish fallback for the few zod issues the shared schemas leave with a default message. */
function fallbackMessage(part: Part) {
  return (issue: { path?: PropertyKey[] }) => {
    const field = issue.path?.length ? issue.path.map(String).join('.') : '';
    if (!field) return part === 'body' ? NOT_AN_OBJECT : INVALID_REQUEST;
    return part === 'body'
      ? `El campo ${field} no es válido`
      : `El parámetro ${field} no es válido`;
  };
}

function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(containsNul);
  if (value && typeof value === 'object') return Object.values(value).some(containsNul);
  return false;
}

/**
 * Validates params, query strings and bodies with the route's zod schemas. The type provider's
 * own validatorCompiler would answer with zod's English default messages; this one parses with a
 * Spanish fallback for them, refuses a body that is not a JSON object before looking at fields,
 * and refuses U+0000 (PostgreSQL text cannot hold it) rather than fail in the database. Its
 * HttpError reaches the error handler as the `{"error": "<Spanish>"}` 400.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema, httpPart }) => {
  const part: Part = httpPart === 'body' || httpPart === 'params' ? httpPart : 'querystring';
  const error = fallbackMessage(part);
  const validate = (data: unknown) => {
    if (part === 'body' && (typeof data !== 'object' || data === null || Array.isArray(data))) {
      return { error: new HttpError(400, NOT_AN_OBJECT) };
    }
    const result = schema.safeParse(data, { error });
    if (!result.success) {
      return { error: new HttpError(400, result.error.issues[0]?.message ?? INVALID_REQUEST) };
    }
    if (containsNul(result.data)) return { error: new HttpError(400, NUL_CHARACTER) };
    return { value: result.data };
  };
  if (part === 'body') return validate;
  // Params and query strings are a few strings that repeat from request to request (the landing
  // page's `limit=24`, a popular dog's id): their parsed values are remembered, frozen so that
  // no handler can change what the next request gets.
  const parsed = new Map<string, { value: unknown }>();
  return (data: unknown) => {
    const key = JSON.stringify(data);
    const known = parsed.get(key);
    if (known) return known;
    const result = validate(data);
    if ('value' in result && key.length <= VALIDATED_KEY_MAX_LENGTH) {
      if (parsed.size >= VALIDATED_KEYS_KEPT) parsed.clear();
      const entry = { value: deepFreeze(result.value) };
      parsed.set(key, entry);
      return entry;
    }
    return result;
  };
};

/** Parsed params or query strings remembered per route part, of up to 512 characters each. */
const VALIDATED_KEYS_KEPT = 256;
const VALIDATED_KEY_MAX_LENGTH = 512;

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/**
 * Serializes a response with the zod schema declared for its status (fastify-type-provider-zod):
 * a value that does not match throws, and the error handler answers 500 and logs it as our bug;
 * nothing of the value is sent. A status declared without a schema has no body built from a
 * value: sending one is refused the same way.
 */
export const serializerCompiler: FastifySerializerCompiler<unknown> = (route) => {
  if (route.schema instanceof z.ZodType) {
    return zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]);
  }
  return () => {
    throw new Error(
      `${route.method} ${route.url} answered ${route.httpStatus} with a body it declares none for`,
    );
  };
};

/** The Fastify schema of a spec: what the compilers use and what @fastify/swagger documents. */
function fastifySchema(spec: RouteSpec<Schema, Schema, Schema>): FastifySchema {
  const responses = {
    ...spec.responses,
    ...(spec.auth === 'admin' && errors(401, 403)),
    ...(spec.rateLimit && errors(429)),
  };
  const response = Object.fromEntries(
    Object.entries(responses).map(([status, res]) => [
      status,
      res.schema
        ? { description: res.description, content: { 'application/json': { schema: res.schema } } }
        : // JSON Schema's "no body" for the document; never given to the zod serializer.
          { description: res.description, type: 'null' },
    ]),
  );
  return {
    summary: spec.summary,
    tags: [spec.tag],
    ...((spec.auth === 'required' || spec.auth === 'admin') && {
      security: [{ sessionCookie: [] }],
    }),
    ...(spec.auth === 'optional' && { security: [{}, { sessionCookie: [] }] }),
    ...(spec.params && { params: spec.params }),
    ...(spec.querystring && { querystring: spec.querystring }),
    ...(spec.body && { body: spec.body }),
    response,
  } as FastifySchema;
}

export interface Router {
  route<P extends Schema, Q extends Schema, B extends Schema, A extends Auth>(
    spec: RouteSpec<P, Q, B> & { auth: A },
    handler: (ctx: RouteContext<P, Q, B, A>) => Promise<unknown>,
  ): void;
}

/**
 * Declares routes on `app` (a resource's plugin), authenticating with the session service and
 * rate limiting with the shared limiter that the root instance is decorated with.
 */
export function createRouter(app: FastifyInstance): Router {
  return {
    route(spec, handler) {
      const policy = spec.rateLimit;
      app.route({
        method: spec.method,
        url: spec.url,
        schema: fastifySchema(spec),
        ...(spec.ownCompression && { compress: false as const, decompress: false as const }),
        // Authentication first, before the body is even parsed: anonymous callers learn nothing
        // from parsing or validation messages. Then the route's rate limit, so a refused request
        // costs no body parsing either.
        ...(spec.auth === 'none' && !policy
          ? {}
          : {
              onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
                const session =
                  spec.auth === 'none' ? null : await app.sessions.current(request, reply);
                if (!session && (spec.auth === 'required' || spec.auth === 'admin'))
                  throw new HttpError(401, MESSAGES.notLoggedIn);
                if (spec.auth === 'admin' && session?.user.role !== 'admin') {
                  request.log.warn(
                    { event: 'forbidden_not_admin', userId: session?.user.id, url: spec.url },
                    'not an admin',
                  );
                  throw new HttpError(403, MESSAGES.adminOnly);
                }
                request.authenticated = session;
                if (policy) {
                  try {
                    await app.limiter.consume(policyLimits(policy, request.ip, session?.user.id));
                  } catch (error) {
                    request.log.warn(
                      { event: 'rate_limited', limit: policy.name, userId: session?.user.id },
                      'rate limited',
                    );
                    throw error;
                  }
                }
              },
            }),
        // Params, query string and body were validated (and transformed) by validatorCompiler.
        handler: async (request, reply) =>
          handler({
            request,
            reply,
            session: request.authenticated,
            params: request.params,
            query: request.query,
            body: request.body,
          } as RouteContext<
            typeof spec.params,
            typeof spec.querystring,
            typeof spec.body,
            typeof spec.auth
          >),
      });
    },
  };
}
