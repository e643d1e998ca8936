import { describe, expect, it } from 'vitest';
import { parseFeed } from './feed.js';

describe('feeds', () => {
  it('reads an Atom feed', () => {
    const atom = `<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><title>Blog</title>
      <entry><title type="html">One &lt;b&gt;bold&lt;/b&gt; step</title><link href="https://b.example/1"/>
      <updated>2026-11-01T10:00:00Z</updated></entry><entry><title>Two &#8212; more</title></entry></feed>`;
    expect(parseFeed(atom)).toEqual({
      title: 'Blog',
      items: [
        { title: 'One <b>bold</b> step', link: 'https://b.example/1', date: '2026-11-01T10:00:00Z' },
        { title: 'Two — more', link: null, date: null },
      ],
    });
  });

  it('answers null for what is not a feed', () => {
    expect(parseFeed('<html><body>Not a feed</body></html>')).toBeNull();
  });
});
