/**
 * Parsing what another party sent within a bounded cost (docs/ssp.md, "Hostile suppliers"). JSON.parse and
 * jsdom's XML parser run on the event loop: a large answer, or one nested thousands deep (jsdom's cost grows
 * with the square of the depth: 3,000 levels took 1.6 s), would stop every request for seconds. Each check
 * here is one linear scan before the parser runs, and refuses the text with a `BoundedParseError`.
 */
export class BoundedParseError extends Error {
  constructor(readonly limit: 'size' | 'depth' | 'elements' | 'syntax') {
    super(`answer refused: ${limit}`);
  }
}

export interface JsonLimits {
  /** Largest text in bytes (UTF-8). */
  maxBytes: number;
  /** Deepest nesting of arrays and objects. */
  maxDepth: number;
}

export interface XmlLimits extends JsonLimits {
  /** Most elements in the document. */
  maxElements: number;
}

/** A supplier's JSON answer (OpenRTB, lease): far above any real one, far below a costly one. */
export const SUPPLIER_JSON_LIMITS: JsonLimits = { maxBytes: 512 * 1024, maxDepth: 32 };
/** A VAST document: real ones are a few kilobytes, eight to fifteen elements deep, a few hundred elements. */
export const VAST_XML_LIMITS: XmlLimits = { maxBytes: 128 * 1024, maxDepth: 32, maxElements: 2000 };

function checkSize(text: string, maxBytes: number): void {
  // A UTF-16 unit is at most 3 bytes of UTF-8: the exact count is needed only near the limit.
  if (text.length > maxBytes || (text.length * 3 > maxBytes && Buffer.byteLength(text) > maxBytes))
    throw new BoundedParseError('size');
}

/** The deepest nesting of a JSON text, strings skipped (a linear scan; the parser checks the rest). */
export function jsonDepth(text: string, stopAbove = Number.POSITIVE_INFINITY): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i += 1; // backslash: the next unit is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      depth += 1;
      if (depth > deepest) deepest = depth;
      if (deepest > stopAbove) return deepest;
    } else if (c === 0x5d || c === 0x7d) depth -= 1;
  }
  return deepest;
}

/** JSON.parse after the size and depth checks; throws BoundedParseError, or the parser's SyntaxError. */
export function parseJsonBounded(text: string, limits: JsonLimits = SUPPLIER_JSON_LIMITS): unknown {
  checkSize(text, limits.maxBytes);
  if (jsonDepth(text, limits.maxDepth) > limits.maxDepth) throw new BoundedParseError('depth');
  return JSON.parse(text) as unknown;
}

/** Where a markup construct that holds no elements ends (comment, CDATA, declaration, instruction). */
function skipSpecial(text: string, i: number): number {
  const ends: [string, string][] = [
    ['<!--', '-->'],
    ['<![CDATA[', ']]>'],
    ['<?', '?>'],
    ['<!', '>'],
  ];
  for (const [open, close] of ends) {
    if (text.startsWith(open, i)) {
      const end = text.indexOf(close, i + open.length);
      if (end < 0) throw new BoundedParseError('syntax');
      return end + close.length;
    }
  }
  return -1;
}

/** The end of a tag starting at `i` ('<'), quoted attribute values skipped; -1 when it never ends. */
function tagEnd(text: string, i: number): number {
  let quote = 0;
  for (let j = i + 1; j < text.length; j += 1) {
    const c = text.charCodeAt(j);
    if (quote !== 0) {
      if (c === quote) quote = 0;
    } else if (c === 0x22 || c === 0x27) quote = c;
    else if (c === 0x3e) return j;
  }
  return -1;
}

/** Nesting depth and element count of an XML text (a linear scan; the parser checks the rest). */
export function xmlShape(text: string): { depth: number; elements: number } {
  let depth = 0;
  let deepest = 0;
  let elements = 0;
  let i = text.indexOf('<');
  while (i >= 0) {
    const special = skipSpecial(text, i);
    if (special >= 0) {
      i = text.indexOf('<', special);
      continue;
    }
    const end = tagEnd(text, i);
    if (end < 0) throw new BoundedParseError('syntax');
    if (text.charCodeAt(i + 1) === 0x2f) depth -= 1;
    else {
      elements += 1;
      const selfClosing = text.charCodeAt(end - 1) === 0x2f;
      if (depth + 1 > deepest) deepest = depth + 1;
      if (!selfClosing) depth += 1;
    }
    i = text.indexOf('<', end + 1);
  }
  return { depth: deepest, elements };
}

/** Refuses an XML text beyond the limits, before a parser sees it. */
export function checkXmlBounds(text: string, limits: XmlLimits = VAST_XML_LIMITS): void {
  checkSize(text, limits.maxBytes);
  const shape = xmlShape(text);
  if (shape.depth > limits.maxDepth) throw new BoundedParseError('depth');
  if (shape.elements > limits.maxElements) throw new BoundedParseError('elements');
}
