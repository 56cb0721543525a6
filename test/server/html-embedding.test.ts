// @vitest-environment jsdom
// Pieces of the server-rendered pages that put data into HTML: the JSON data block and literal
// insertion (no `$` patterns). Checked against a real HTML parser.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BOOTSTRAP_ELEMENT_ID,
  injectBootstrap,
  scriptSafeJson,
} from '../../src/server/http/landing';
import { replaceFirstLiteral } from '../../src/server/http/landing-files';

describe('scriptSafeJson', () => {
  it('escapes what could end a script element, and stays the same JSON', () => {
    const value = { a: '</script><!-- \u2028 \u2029 <b>' };
    const safe = scriptSafeJson(JSON.stringify(value));
    expect(safe).not.toMatch(/[<\u2028\u2029]/);
    expect(JSON.parse(safe)).toEqual(value);
  });

  it('any JSON value survives a trip through an HTML parser unchanged', () => {
    const hostile = fc.constantFrom(
      '</script>',
      '</SCRIPT ',
      '<!--',
      '<script>',
      '-->',
      '$`',
      "$'",
      '$&',
    );
    const text = fc.oneof(
      fc.string({ unit: 'binary' }),
      fc.array(fc.oneof(hostile, fc.string()), { maxLength: 6 }).map((p) => p.join('')),
    );
    const value = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: 'small' },
        text,
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.boolean(),
        fc.constant(null),
        fc.array(tie('node'), { maxLength: 4 }),
        fc.dictionary(text, tie('node'), { maxKeys: 4 }),
      ),
    })).node;
    fc.assert(
      fc.property(value, (v) => {
        const json = JSON.stringify(v);
        const safe = scriptSafeJson(json);
        expect(safe).not.toMatch(/[<\u2028\u2029]/);
        const html = injectBootstrap('<!doctype html><html><body><p>x</p></body></html>', json);
        const document = new DOMParser().parseFromString(html, 'text/html');
        const scripts = document.querySelectorAll('script');
        expect(scripts).toHaveLength(1);
        expect(document.body.lastElementChild?.id).toBe(BOOTSTRAP_ELEMENT_ID);
        expect(JSON.parse(scripts[0]!.textContent ?? '')).toEqual(JSON.parse(json));
      }),
      { numRuns: 200 },
    );
  });
});

describe('replaceFirstLiteral', () => {
  it('inserts the replacement as it is, whatever `$` patterns it holds', () => {
    for (const pattern of ['$&', '$`', "$'", '$$', '$1', '$<name>']) {
      expect(replaceFirstLiteral('<a>X</a>X', 'X', pattern)).toBe(`<a>${pattern}</a>X`);
    }
    expect(replaceFirstLiteral('abc', 'z', '$`')).toBe('abc');
  });
});
