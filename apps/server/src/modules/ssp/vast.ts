import { JSDOM } from 'jsdom';
import { VAST_MAX_WRAPPERS } from '@vitrine/core';
import { BoundedParseError, checkXmlBounds } from '../../lib/bounded-parse.js';

/** A playable ad read from a VAST document and the wrappers before it. */
export interface VastAd {
  id: string | null;
  mediaUrl: string;
  mime: string;
  width: number | null;
  height: number | null;
  duration: number | null;
  /** Every <Impression> of the inline ad and of each wrapper, in chain order. */
  impressions: string[];
  /** The inline ad's CPM price (<Pricing model="CPM">), if it says one. */
  price: string | null;
}

/** Why a chain gave no ad: no ad at all, a chain longer than VAST allows (302), or an unreadable document. */
export class VastError extends Error {
  constructor(
    readonly reason: 'noFill' | 'tooManyWrappers' | 'malformed' | 'noMedia',
    readonly code: number,
  ) {
    super(`VAST ${reason} (${code})`);
  }
}

let parser: DOMParser | undefined;
/**
 * A document within VAST_XML_LIMITS only (lib/bounded-parse.ts): jsdom's cost grows with the square of the
 * nesting, so a hostile document is refused as malformed (100) before it is parsed.
 */
const parse = (xml: string): Document => {
  try {
    checkXmlBounds(xml);
  } catch (error) {
    if (error instanceof BoundedParseError) throw new VastError('malformed', 100);
    throw error;
  }
  parser ??= new new JSDOM('').window.DOMParser();
  return parser.parseFromString(xml, 'text/xml');
};

const texts = (parent: Element, tag: string) =>
  [...parent.getElementsByTagName(tag)].map((e) => e.textContent?.trim() ?? '').filter((t) => t !== '');

/** '00:00:15.000' -> 15. */
function seconds(text: string | undefined): number | null {
  const m = /^(\d+):(\d+):(\d+(?:\.\d+)?)$/.exec(text?.trim() ?? '');
  return m ? Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]) : null;
}

const PLAYABLE = ['video/mp4', 'video/webm', 'image/jpeg', 'image/png'];

/**
 * Follows a VAST chain: `fetchTag` fetches a wrapper's VASTAdTagURI. At most VAST_MAX_WRAPPERS wrappers
 * (then 302); a chain ending with no ad is 303 (no ad at all on the first document: no fill). The media
 * file chosen is a playable type, the closest to the wanted size.
 */
export async function readVast(
  xml: string,
  fetchTag: (url: string) => Promise<string>,
  want: { width: number; height: number },
): Promise<VastAd> {
  const impressions: string[] = [];
  for (let wrappers = 0; ; wrappers += 1) {
    const doc = parse(xml);
    const root = doc.documentElement;
    if (!root || root.nodeName !== 'VAST' || doc.getElementsByTagName('parsererror').length > 0)
      throw new VastError('malformed', 100);
    const ad = root.getElementsByTagName('Ad')[0];
    // No ad: no fill on the first document, 303 at the end of a chain.
    if (!ad) throw new VastError('noFill', 303);
    const inline = ad.getElementsByTagName('InLine')[0];
    const wrapper = ad.getElementsByTagName('Wrapper')[0];
    if (inline) {
      impressions.push(...texts(inline, 'Impression'));
      const files = [...inline.getElementsByTagName('MediaFile')]
        .map((f) => ({
          url: f.textContent?.trim() ?? '',
          mime: f.getAttribute('type') ?? '',
          width: Number(f.getAttribute('width')) || null,
          height: Number(f.getAttribute('height')) || null,
        }))
        .filter((f) => f.url !== '' && PLAYABLE.includes(f.mime));
      if (files.length === 0) throw new VastError('noMedia', 403);
      const off = (f: { width: number | null; height: number | null }) =>
        f.width && f.height
          ? Math.abs(f.width * want.height - f.height * want.width)
          : Number.MAX_SAFE_INTEGER;
      files.sort((a, b) => off(a) - off(b));
      const best = files[0]!;
      const pricing = inline.getElementsByTagName('Pricing')[0];
      return {
        id: ad.getAttribute('id'),
        mediaUrl: best.url,
        mime: best.mime,
        width: best.width,
        height: best.height,
        duration: seconds(inline.getElementsByTagName('Duration')[0]?.textContent ?? undefined),
        impressions,
        price:
          pricing && (pricing.getAttribute('model') ?? '').toUpperCase() === 'CPM'
            ? (pricing.textContent?.trim() ?? null)
            : null,
      };
    }
    if (!wrapper) throw new VastError('malformed', 100);
    if (wrappers >= VAST_MAX_WRAPPERS) throw new VastError('tooManyWrappers', 302);
    impressions.push(...texts(wrapper, 'Impression'));
    const next = texts(wrapper, 'VASTAdTagURI')[0];
    if (!next) throw new VastError('malformed', 100);
    xml = await fetchTag(next);
  }
}
