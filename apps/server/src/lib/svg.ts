import createDOMPurify, { type DOMPurify } from 'dompurify';
import { JSDOM } from 'jsdom';

/**
 * Makes an uploaded SVG inert with DOMPurify (the maintained sanitiser browsers' own editors use) over a
 * jsdom window: only SVG elements and attributes survive; scripts, foreignObject, event handlers,
 * animations that set links, and javascript:/data: links go, however they are spelled or nested. The
 * result is serialised as XML, so it stays a valid .svg file. SVGs are also served with a CSP that
 * forbids scripts, as a second wall.
 */
let purify: { instance: DOMPurify; serialize: (node: Node) => string } | null = null;

function purifier() {
  if (!purify) {
    const { window } = new JSDOM('');
    const serializer = new window.XMLSerializer();
    purify = {
      instance: createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]),
      serialize: (node) => serializer.serializeToString(node),
    };
  }
  return purify;
}

export function sanitizeSvg(svg: string): string {
  const { instance, serialize } = purifier();
  const fragment = instance.sanitize(svg, {
    USE_PROFILES: { svg: true, svgFilters: true },
    FORBID_TAGS: ['foreignObject', 'script', 'animate', 'set', 'animateMotion', 'animateTransform'],
    RETURN_DOM_FRAGMENT: true,
  });
  const root = [...fragment.childNodes].find((node) => node.nodeName.toLowerCase() === 'svg');
  return root ? serialize(root) : '<svg xmlns="http://www.w3.org/2000/svg"/>';
}
