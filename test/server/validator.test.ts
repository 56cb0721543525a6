// The validator remembers parsed query strings and params (they repeat from request to request):
// the remembered value is frozen, so no handler can change what the next request receives, and
// refusals are never remembered.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HttpError } from '../../src/server/http/errors';
import { validatorCompiler } from '../../src/server/http/route';

const querySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(24),
  tags: z.array(z.string()).optional(),
});

const compile = (httpPart: string) =>
  validatorCompiler({ schema: querySchema, httpPart, method: 'GET', url: '/x' }) as (
    data: unknown,
  ) => { value?: unknown; error?: unknown };

describe('validatorCompiler', () => {
  it('hands equal query strings one frozen parsed value', () => {
    const validate = compile('querystring');
    const first = validate({ limit: '10', tags: ['a'] });
    const second = validate({ limit: '10', tags: ['a'] });
    expect(first.value).toEqual({ limit: 10, tags: ['a'] });
    expect(second.value).toBe(first.value);
    expect(Object.isFrozen(first.value)).toBe(true);
    expect(() => {
      (first.value as { tags: string[] }).tags.push('b');
    }).toThrow(TypeError);
    expect(validate({ limit: '11' }).value).toEqual({ limit: 11 });
  });

  it('refuses a bad value every time, with the Spanish 400', () => {
    const validate = compile('params');
    for (let i = 0; i < 2; i++) {
      const { error } = validate({ limit: '0' });
      expect(error).toBeInstanceOf(HttpError);
      expect((error as HttpError).statusCode).toBe(400);
    }
  });

  it('never remembers bodies: each parse is its own object', () => {
    const validate = compile('body');
    const first = validate({ limit: 5 });
    const second = validate({ limit: 5 });
    expect(second.value).toEqual(first.value);
    expect(second.value).not.toBe(first.value);
    expect(Object.isFrozen(first.value)).toBe(false);
  });
});
