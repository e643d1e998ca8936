import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

/**
 * Fake ad suppliers on loopback (docs/ssp.md, "Tests"), answering at their real protocols and recording
 * every hit: an OpenRTB 2.6 bidder (nurl/burl with ${AUCTION_PRICE} and ${AUCTION_MULTIPLIER}), a VAST 4
 * endpoint (inline ads, wrapper chains, one too long, one ending with no ad) and a Vistar-style lease API
 * (get_ad, proof of play, expiry); the creatives they name; and the trackers. Each bid request is checked
 * against OpenRTB 2.6's DOOH rules; what breaks them is in `violations`.
 */
export interface Hit {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: string;
  /** When it arrived (ms since the epoch). */
  at: number;
}

export interface FakeSuppliers {
  /** The loopback host tests allow (OUTBOUND_ALLOW). */
  base: string;
  hits: Hit[];
  hitsAt: (path: string) => Hit[];
  /** Rule breaks found in bid requests. */
  violations: string[];
  bidder: {
    /** CPM bid per impression; null: no bid (204). */
    price: number | null;
    /** 'url': the creative's address as adm; 'vast': an inline VAST document as adm. */
    adm: 'url' | 'vast';
    /** The creative's path. */
    creative: string;
    /** Milliseconds before answering, plus up to `jitterMs` more (uniformly drawn per request). */
    delayMs: number;
    jitterMs: number;
    /** Bids only for slots starting at or after this instant (ms since the epoch; 0: any slot). */
    from: number;
    /** How many bids are left to make (then no bid, 204); null: no limit. */
    maxBids: number | null;
  };
  /**
   * A hostile supplier (docs/ssp.md, "Hostile suppliers"): `/openrtb/hostile` bids as the bidder does, its
   * answer's text made by `openrtb` from the answer the bidder would send; `/vast/hostile` answers `vast`.
   */
  hostile: {
    openrtb: (answer: { id: string; seatbid: { bid: Record<string, unknown>[] }[] }) => string;
    vast: string;
  };
  close: () => Promise<void>;
}

const HOST = '127.0.0.2';

/** The admin API's settings pointing a supplier at the fake bidder (floor 1 CPM, 2 s to answer). */
export const bidderSupplier = (fake: Pick<FakeSuppliers, 'base'>) => ({
  adapter: 'openrtb',
  endpoint: `${fake.base}/openrtb`,
  floor: '1',
  currency: 'USD',
  timeoutMs: 2000,
  enabled: true,
});

/** Checks an OpenRTB 2.6 DOOH bid request (IAB 2.6 §3.2.4, §3.2.31, §3.2.32; implementation notes §7.9). */
export function openRtbViolations(body: Record<string, unknown>, version: string | undefined): string[] {
  const out: string[] = [];
  const req = body as {
    id?: unknown;
    at?: unknown;
    tmax?: unknown;
    cur?: unknown;
    dooh?: { id?: unknown; venuetype?: unknown; venuetypetax?: unknown; publisher?: { id?: unknown } };
    site?: unknown;
    app?: unknown;
    device?: { devicetype?: unknown; geo?: { lat?: unknown; lon?: unknown } };
    imp?: {
      id?: unknown;
      dt?: unknown;
      exp?: unknown;
      qty?: { multiplier?: unknown };
      bidfloor?: unknown;
      bidfloorcur?: unknown;
      video?: { boxingallowed?: unknown; w?: unknown; h?: unknown };
      banner?: { w?: unknown; h?: unknown };
    }[];
  };
  if (version !== '2.6') out.push('x-openrtb-version is not 2.6');
  if (typeof req.id !== 'string' || req.id === '') out.push('id missing');
  if (req.at !== 1) out.push('at is not 1 (first price)');
  if (typeof req.tmax !== 'number') out.push('tmax missing');
  if (!Array.isArray(req.cur) || req.cur.length === 0) out.push('cur missing');
  if (!req.dooh) out.push('dooh missing');
  if (req.site !== undefined || req.app !== undefined) out.push('site or app beside dooh');
  if (req.dooh && typeof req.dooh.publisher?.id !== 'string') out.push('dooh.publisher.id missing');
  if (req.dooh?.venuetype !== undefined && req.dooh.venuetypetax !== 5) out.push('venuetypetax is not 5');
  if (req.device?.devicetype !== 8) out.push('device.devicetype is not 8');
  if (typeof req.device?.geo?.lat !== 'number' || typeof req.device.geo.lon !== 'number')
    out.push('device.geo.lat/lon missing');
  if (!Array.isArray(req.imp) || req.imp.length === 0) out.push('imp missing');
  for (const [i, imp] of (req.imp ?? []).entries()) {
    if (typeof imp.id !== 'string') out.push(`imp ${i}: id`);
    if (typeof imp.qty?.multiplier !== 'number' || !(imp.qty.multiplier > 0))
      out.push(`imp ${i}: qty.multiplier missing`);
    if (typeof imp.dt !== 'number' || imp.dt < 1e12) out.push(`imp ${i}: dt not in ms`);
    if (typeof imp.exp !== 'number' || !Number.isInteger(imp.exp) || imp.exp <= 0) out.push(`imp ${i}: exp`);
    if (typeof imp.bidfloor !== 'number' || typeof imp.bidfloorcur !== 'string') out.push(`imp ${i}: floor`);
    if (!imp.video && !imp.banner) out.push(`imp ${i}: neither video nor banner`);
    if (imp.video && imp.video.boxingallowed !== 0) out.push(`imp ${i}: boxingallowed is not 0`);
  }
  return out;
}

const inline = (base: string, id: string, price: string | null, creative: string) => `<?xml version="1.0"?>
<VAST version="4.2"><Ad id="${id}"><InLine><AdSystem>Fake</AdSystem><AdTitle>${id}</AdTitle>
${price === null ? '' : `<Pricing model="CPM" currency="USD">${price}</Pricing>`}
<Impression id="i"><![CDATA[${base}/imp/${id}?ts=[TIMESTAMP]]]></Impression>
<Creatives><Creative id="c-${id}"><Linear><Duration>00:00:15.000</Duration><MediaFiles>
<MediaFile delivery="progressive" type="image/png" width="1920" height="1080"><![CDATA[${base}${creative}]]></MediaFile>
</MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>`;

const wrapper = (base: string, id: string, next: string) => `<?xml version="1.0"?>
<VAST version="4.2"><Ad id="${id}"><Wrapper><AdSystem>Fake</AdSystem>
<Impression><![CDATA[${base}/imp/${id}]]></Impression>
<VASTAdTagURI><![CDATA[${base}${next}]]></VASTAdTagURI></Wrapper></Ad></VAST>`;

export async function startFakeSuppliers(): Promise<FakeSuppliers> {
  const wide = await sharp({
    create: { width: 1920, height: 1080, channels: 3, background: { r: 200, g: 30, b: 60 } },
  })
    .png()
    .toBuffer();
  const square = await sharp({
    create: { width: 600, height: 600, channels: 3, background: { r: 20, g: 90, b: 160 } },
  })
    .png()
    .toBuffer();
  const hits: Hit[] = [];
  const violations: string[] = [];
  const state: FakeSuppliers = {
    base: '',
    hits,
    hitsAt: (path) => hits.filter((h) => h.path === path),
    violations,
    bidder: {
      price: 2.5,
      adm: 'url',
      creative: '/creative/wide.png',
      delayMs: 0,
      jitterMs: 0,
      from: 0,
      maxBids: null,
    },
    hostile: { openrtb: (answer) => JSON.stringify(answer), vast: '' },
    close: async () => undefined,
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const body = Buffer.concat(chunks).toString('utf8');
      hits.push({
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body,
        at: Date.now(),
      });
      const base = state.base;
      const xml = (text: string) => {
        res.writeHead(200, { 'content-type': 'application/xml' });
        res.end(text);
      };
      const path = url.pathname;
      if ((path === '/openrtb' || path === '/openrtb/hostile') && req.method === 'POST') {
        const request = JSON.parse(body) as { id: string; imp: { id: string; dt: number }[] };
        violations.push(
          ...openRtbViolations(request, req.headers['x-openrtb-version'] as string | undefined),
        );
        const { delayMs, jitterMs } = state.bidder;
        setTimeout(
          () => {
            const { price, adm, creative, from, maxBids } = state.bidder;
            const open = request.imp.filter((imp) => imp.dt >= from);
            const imps = maxBids === null ? open : open.slice(0, maxBids);
            if (maxBids !== null) state.bidder.maxBids = maxBids - imps.length;
            if (price === null || imps.length === 0) {
              res.writeHead(204);
              res.end();
              return;
            }
            res.writeHead(200, { 'content-type': 'application/json' });
            const answer = {
              id: request.id,
              cur: 'USD',
              seatbid: [
                {
                  seat: 'fake',
                  bid: imps.map((imp, i) => ({
                    id: `bid-${i}`,
                    impid: imp.id,
                    price,
                    crid: `creative-${i}`,
                    w: 1920,
                    h: 1080,
                    nurl: `${base}/nurl?imp=${imp.id}&price=\${AUCTION_PRICE}`,
                    burl: `${base}/burl?imp=${imp.id}&price=\${AUCTION_PRICE}&m=\${AUCTION_MULTIPLIER}`,
                    // Each ad's own impression tracker (/imp/rtb-<impid>), so every one can be counted.
                    adm: adm === 'url' ? `${base}${creative}` : inline(base, `rtb-${imp.id}`, null, creative),
                  })),
                },
              ],
            };
            res.end(path === '/openrtb' ? JSON.stringify(answer) : state.hostile.openrtb(answer));
          },
          delayMs + Math.random() * jitterMs,
        );
        return;
      }
      // /vast/chain/<n>: n wrappers before an inline ad; /vast/empty/<n>: n wrappers before no ad.
      const chain = /^\/vast\/(chain|empty)\/(\d+)$/.exec(path);
      if (chain) {
        const n = Number(chain[2]);
        if (n > 0) return xml(wrapper(base, `w${chain[1]}${n}`, `/vast/${chain[1]}/${n - 1}`));
        if (chain[1] === 'empty') return xml('<?xml version="1.0"?><VAST version="4.2"/>');
        return xml(inline(base, 'inline', '3.1', '/creative/wide.png'));
      }
      if (path === '/vast/hostile') return xml(state.hostile.vast);
      if (path === '/vast/square') return xml(inline(base, 'square', '9', '/creative/square.png'));
      if (path === '/lease/get_ad' && req.method === 'POST') {
        const ask = JSON.parse(body) as { display_time: number; display_area: { id: string }[] };
        const id = `lease-${hits.length}`;
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            advertisement: [
              {
                id,
                proof_of_play_url: `${base}/lease/pop/${id}`,
                expiration_url: `${base}/lease/expire/${id}`,
                lease_expiry: ask.display_time + 3600,
                display_area_id: ask.display_area[0]!.id,
                asset_id: 'asset-1',
                asset_url: `${base}/creative/wide.png`,
                width: 1920,
                height: 1080,
                mime_type: 'image/png',
                length_in_seconds: 15,
                display_time: ask.display_time,
              },
            ],
          }),
        );
        return;
      }
      if (path === '/creative/wide.png' || path === '/creative/square.png') {
        res.writeHead(200, { 'content-type': 'image/png' });
        res.end(path.endsWith('wide.png') ? wide : square);
        return;
      }
      // Notices, trackers, proof of play and expiry: recorded, answered 204.
      res.writeHead(204);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '0.0.0.0', resolve));
  state.base = `http://${HOST}:${(server.address() as AddressInfo).port}`;
  state.close = () => new Promise((resolve) => server.close(() => resolve()));
  return state;
}
