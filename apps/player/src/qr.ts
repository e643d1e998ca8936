/** The bind link as a QR code: an SVG of one path, black on white with the standard quiet zone. */
import { create } from 'qrcode';

const QUIET = 4;

export function qrPath(text: string): { size: number; path: string } {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  const n = modules.size;
  let path = '';
  for (let row = 0; row < n; row += 1) {
    let col = 0;
    while (col < n) {
      if (!modules.get(row, col)) {
        col += 1;
        continue;
      }
      // Runs of dark modules on a row become one rectangle.
      let end = col;
      while (end < n && modules.get(row, end)) end += 1;
      path += `M${col + QUIET} ${row + QUIET}h${end - col}v1h${col - end}z`;
      col = end;
    }
  }
  return { size: n + QUIET * 2, path };
}

export function qrSvg(text: string): SVGSVGElement {
  const { size, path } = qrPath(text);
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('viewBox', `0 0 ${size} ${size}`);
  svg.setAttribute('shape-rendering', 'crispEdges');
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', text);
  const background = document.createElementNS(ns, 'rect');
  background.setAttribute('width', String(size));
  background.setAttribute('height', String(size));
  background.setAttribute('fill', '#fff');
  const dark = document.createElementNS(ns, 'path');
  dark.setAttribute('d', path);
  dark.setAttribute('fill', '#000');
  svg.append(background, dark);
  return svg;
}
