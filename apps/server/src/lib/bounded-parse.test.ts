import { describe, expect, it } from 'vitest';
import {
  BoundedParseError,
  checkXmlBounds,
  jsonDepth,
  parseJsonBounded,
  xmlShape,
  type XmlLimits,
} from './bounded-parse.js';

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return error instanceof BoundedParseError ? error.limit : `other: ${String(error)}`;
  }
  return 'accepted';
};

describe('bounded JSON', () => {
  it('parses an ordinary answer and counts depth outside strings only', () => {
    expect(parseJsonBounded('{"id":"r","seatbid":[{"bid":[{"price":2.5}]}]}')).toEqual({
      id: 'r',
      seatbid: [{ bid: [{ price: 2.5 }] }],
    });
    expect(jsonDepth('{"a":"[[[[{{{{\\"[[["}')).toBe(1);
    expect(jsonDepth('[[1],[[2]]]')).toBe(3);
  });

  it('refuses 400 KB nested 200,000 deep before the parser, quickly, and an oversized answer', () => {
    const deep = '['.repeat(200_000) + ']'.repeat(200_000);
    const started = performance.now();
    expect(refusal(() => parseJsonBounded(deep))).toBe('depth');
    expect(performance.now() - started).toBeLessThan(200);
    expect(refusal(() => parseJsonBounded(`"${'x'.repeat(600 * 1024)}"`))).toBe('size');
    // Multi-byte text counts in bytes: 200,000 three-byte characters are 600 KB.
    expect(refusal(() => parseJsonBounded(`"${'€'.repeat(200_000)}"`))).toBe('size');
    expect(refusal(() => parseJsonBounded('{"a":'))).toMatch(/^other: SyntaxError/);
  });
});

describe('bounded XML', () => {
  const limits: XmlLimits = { maxBytes: 10_000, maxDepth: 4, maxElements: 6 };

  it('measures depth and elements, skipping comments, CDATA, declarations and quoted attributes', () => {
    const vast = `<?xml version="1.0"?><!DOCTYPE x><VAST a="<b>"><!-- <c><d><e> --><Ad><Wrapper/>
      <URI><![CDATA[http://x/<y><z>]]></URI></Ad></VAST>`;
    expect(xmlShape(vast)).toEqual({ depth: 3, elements: 4 });
    expect(refusal(() => checkXmlBounds(vast, limits))).toBe('accepted');
  });

  it('refuses a deep, a wide, a large and an unterminated document', () => {
    expect(refusal(() => checkXmlBounds('<a>'.repeat(5) + '</a>'.repeat(5), limits))).toBe('depth');
    expect(refusal(() => checkXmlBounds(`<a>${'<b/>'.repeat(6)}</a>`, limits))).toBe('elements');
    expect(refusal(() => checkXmlBounds(`<a>${'x'.repeat(10_001)}</a>`, limits))).toBe('size');
    expect(refusal(() => checkXmlBounds('<a><!-- never closed', limits))).toBe('syntax');
    expect(refusal(() => checkXmlBounds('<a attr="x', limits))).toBe('syntax');
    const deep = '<a>'.repeat(100_000) + '</a>'.repeat(100_000);
    const started = performance.now();
    expect(refusal(() => checkXmlBounds(deep))).toBe('size');
    expect(refusal(() => checkXmlBounds(deep, { ...limits, maxBytes: 1e7 }))).toBe('depth');
    expect(performance.now() - started).toBeLessThan(500);
  });
});
