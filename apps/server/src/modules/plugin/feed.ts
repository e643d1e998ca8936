import type { Feed, FeedItem } from '@vitrine/core';

/** The most headlines a feed gives a screen. */
const MAX_ITEMS = 50;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Text of an XML element: CDATA unwrapped, tags dropped, entities decoded, spaces collapsed. */
function textOf(xml: string): string {
  return xml
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? whole;
      const code =
        name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code < 0x110000 ? String.fromCodePoint(code) : '';
    })
    .replace(/\s+/g, ' ')
    .trim();
}

const child = (xml: string, tag: string): string | null => {
  const match = new RegExp(`<${tag}(?:\\s[^>]*)?>([\\s\\S]*?)</${tag}>`, 'i').exec(xml);
  return match ? textOf(match[1]!) : null;
};

/** An RSS 2.0 or Atom feed's title and headlines; null when the text is neither. */
export function parseFeed(xml: string): Feed | null {
  const rss = /<(rss|rdf:RDF)[\s>]/i.test(xml);
  const atom = /<feed[\s>]/i.test(xml);
  if (!rss && !atom) return null;
  const tag = rss ? 'item' : 'entry';
  const blocks = xml.match(new RegExp(`<${tag}[\\s>][\\s\\S]*?</${tag}>`, 'gi')) ?? [];
  const items: FeedItem[] = blocks.slice(0, MAX_ITEMS).map((block) => {
    const href = /<link[^>]*href="([^"]*)"/i.exec(block)?.[1] ?? null;
    return {
      title: child(block, 'title') ?? '',
      link: rss ? child(block, 'link') : href,
      date: child(block, rss ? 'pubDate' : 'updated') ?? child(block, 'published'),
    };
  });
  const head = xml.replace(new RegExp(`<${tag}[\\s>][\\s\\S]*$`, 'i'), '');
  return { title: child(head, 'title') ?? '', items: items.filter((i) => i.title) };
}
