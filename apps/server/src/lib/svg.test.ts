import { describe, expect, it } from 'vitest';
import { sanitizeSvg } from './svg.js';

describe('SVG sanitising', () => {
  it('removes scripts, foreignObject, handlers and script links, keeping the drawing', () => {
    const dirty = `<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)">
      <script>alert(2)</script><script href="x.js"/>
      <foreignObject><iframe src="javascript:alert(3)"></iframe></foreignObject>
      <a xlink:href="javascript:alert(4)"><rect width="10" height="10" onclick='alert(5)' fill="red"/></a>
      <a href="https://example.com"><circle r="4"/></a>
    </svg>`;
    const clean = sanitizeSvg(dirty);
    expect(clean).not.toMatch(/script|alert|onload|onclick|foreignObject|javascript:/i);
    expect(clean).toContain('<rect width="10" height="10" fill="red"/>');
    expect(clean).toContain('href="https://example.com"');
  });
});
