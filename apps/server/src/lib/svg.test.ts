import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { sanitizeSvg } from './svg.js';

/** The cleaned file as a browser reads an .svg: an XML document. */
function parse(svg: string) {
  const doc = new new JSDOM('').window.DOMParser().parseFromString(svg, 'image/svg+xml');
  expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
  return doc;
}

/** Whatever could run: script elements, event handlers, script links, animations that set links. */
function dangers(svg: string): string[] {
  const found: string[] = [];
  for (const element of parse(svg).getElementsByTagName('*')) {
    const name = element.localName.toLowerCase();
    if (['script', 'foreignobject', 'set', 'animate', 'iframe', 'embed', 'object'].includes(name))
      found.push(name);
    for (const attribute of element.attributes) {
      if (/^on/i.test(attribute.localName)) found.push(`${name}@${attribute.name}`);
      // Browsers drop white space and control characters inside a scheme: so must this check.
      const value = [...attribute.value]
        .filter((c) => c > ' ')
        .join('')
        .toLowerCase();
      if (/^(javascript|vbscript|data:text\/html)/.test(value))
        found.push(`${name}@${attribute.name}=${value}`);
    }
  }
  return found;
}

describe('SVG sanitising', () => {
  it('removes scripts, foreignObject, handlers and script links, keeping the drawing', () => {
    const dirty = `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 20 20" onload="alert(1)">
      <script>alert(2)</script><script href="x.js"/>
      <foreignObject><iframe src="javascript:alert(3)"></iframe></foreignObject>
      <a xlink:href="javascript:alert(4)"><rect width="10" height="10" onclick='alert(5)' fill="red"/></a>
      <a href="https://example.com"><circle r="4"/></a>
      <text x="1" y="12">Caffè&#160;&amp; co</text>
    </svg>`;
    const clean = sanitizeSvg(dirty);
    expect(dangers(clean)).toEqual([]);
    expect(clean).not.toMatch(/alert/);
    const doc = parse(clean);
    expect(doc.documentElement.getAttribute('viewBox')).toBe('0 0 20 20');
    expect(doc.getElementsByTagName('rect')[0]!.getAttribute('fill')).toBe('red');
    expect(doc.getElementsByTagName('a')[1]!.getAttribute('href')).toBe('https://example.com');
    expect(doc.getElementsByTagName('text')[0]!.textContent).toBe('Caffè\u00a0& co');
  });

  it('is not fooled by the spellings a single-pass pattern misses', () => {
    const tricks = [
      '<svg xmlns="http://www.w3.org/2000/svg"/onload=alert(1)><rect/></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><scr<script>ipt>alert(1)</script><rect/></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><script\n>alert(1)</script\n><rect/></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><a href="java&#x09;script:alert(1)"><rect/></a></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><a href="&#106;avascript:alert(1)"><rect/></a></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><a><set attributeName="href" to="javascript:alert(1)"/><rect/></a></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><animate attributeName="href" values="javascript:alert(1)"/></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><image href="data:text/html,<script>alert(1)</script>"/></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><rect ONCLICK="alert(1)"/></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><body onload="alert(1)"/></foreignObject></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><style>@import "javascript:alert(1)";</style><rect/></svg>',
    ];
    for (const trick of tricks) {
      // What is left of a broken tag is text, drawn as text: only elements and attributes can run.
      expect(dangers(sanitizeSvg(trick)), trick).toEqual([]);
    }
  });

  it('answers an empty drawing for something that is not an SVG at all', () => {
    expect(dangers(sanitizeSvg('<img src=x onerror=alert(1)>'))).toEqual([]);
    expect(parse(sanitizeSvg('not markup')).documentElement.localName).toBe('svg');
  });
});
