// Declares a route once: method, URL, who may call it, zod schemas for params/query/body and
// the per-status responses. The same declarations feed validation and /api/openapi.json.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { MESSAGES } from '../../shared/api';
import { policyLimits, type RateLimiter, type RateLimitPolicy } from '../rate-limit/limiter';
import type { CurrentSession } from '../sessions/service';
import { HttpError } from './errors';
import { errors } from './responses';

export type Auth = 'none' | 'optional' | 'required';
type Schema = z.ZodType | undefined;
type Out<S extends Schema> = S extends z.ZodType ? z.output<S> : undefined;

export interface ResponseSpec {
  description: string;
  schema?: z.ZodType;
}

export interface RouteSpec<P extends Schema, Q extends Schema, B extends Schema> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
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
  session: A extends 'required' ? CurrentSession : CurrentSession | null;
}

export type AnyRouteSpec = RouteSpec<Schema, Schema, Schema>;

const NOT_AN_OBJECT = 'El cuerpo de la petición debe ser un objeto JSON';
const NUL_CHARACTER = 'El texto no puede contener caracteres nulos';

/** Spanish fallback for the few zod issues the shared schemas leave with a default message. */
function fallbackMessage(part: 'params' | 'querystring' | 'body') {
  return (issue: { path?: PropertyKey[] }) => {
    const field = issue.path?.length ? issue.path.map(String).join('.') : '';
    if (!field) return part === 'body' ? NOT_AN_OBJECT : 'La petición no es válida';
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

function parsePart(
  schema: z.ZodType,
  data: unknown,
  part: 'params' | 'querystring' | 'body',
): unknown {
  if (part === 'body' && (typeof data !== 'object' || data === null || Array.isArray(data))) {
    throw new HttpError(400, NOT_AN_OBJECT);
  }
  const result = schema.safeParse(data, { error: fallbackMessage(part) });
  if (!result.success)
    throw new HttpError(400, result.error.issues[0]?.message ?? 'La petición no es válida');
  // PostgreSQL text cannot hold U+0000; refuse it here rather than fail in the database.
  if (containsNul(result.data)) throw new HttpError(400, NUL_CHARACTER);
  return result.data;
}

export interface Router {
  route<P extends Schema, Q extends Schema, B extends Schema, A extends Auth>(
    spec: RouteSpec<P, Q, B> & { auth: A },
    handler: (ctx: RouteContext<P, Q, B, A>) => Promise<unknown>,
  ): void;
}

export function createRouter(
  app: FastifyInstance,
  registry: AnyRouteSpec[],
  currentSession: (request: FastifyRequest, reply: FastifyReply) => Promise<CurrentSession | null>,
  limiter: RateLimiter,
): Router {
  /** The session each request was authenticated with (by the route's onRequest hook). */
  const sessions = new WeakMap<FastifyRequest, CurrentSession | null>();
  return {
    route(spec, handler) {
      const policy = spec.rateLimit;
      registry.push(
        (policy
          ? { ...spec, responses: { ...spec.responses, ...errors(429) } }
          : spec) as AnyRouteSpec,
      );
      app.route({
        method: spec.method,
        url: spec.url,
        // Authentication first, before the body is even parsed: anonymous callers learn nothing
        // from parsing or validation messages. Then the route's rate limit, so a refused request
        // costs no body parsing either.
        ...(spec.auth === 'none' && !policy
          ? {}
          : {
              onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
                const session = spec.auth === 'none' ? null : await currentSession(request, reply);
                if (!session && spec.auth === 'required')
                  throw new HttpError(401, MESSAGES.notLoggedIn);
                sessions.set(request, session);
                if (policy) {
                  try {
                    await limiter.consume(policyLimits(policy, request.ip, session?.user.id));
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
        handler: async (request, reply) => {
          const session = sessions.get(request) ?? null;
          const ctx = {
            request,
            reply,
            session,
            params: spec.params ? parsePart(spec.params, request.params, 'params') : undefined,
            query: spec.querystring
              ? parsePart(spec.querystring, request.query, 'querystring')
              : undefined,
            body: spec.body ? parsePart(spec.body, request.body, 'body') : undefined,
          } as RouteContext<
            typeof spec.params,
            typeof spec.querystring,
            typeof spec.body,
            typeof spec.auth
          >;
          return handler(ctx);
        },
      });
    },
  };
}
