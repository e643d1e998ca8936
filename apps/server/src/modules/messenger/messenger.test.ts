import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ALERT_KINDS, alertText, type Locale } from '@vitrine/core';
import { points } from '../../db/schema.js';
import sharp from 'sharp';
import { buildTestApp, call, type TestApp } from '../../test/build.js';
import { createPoint, createUser, type TestUser } from '../../test/factories.js';
import { uploadAs } from '../../test/media.js';

/** A fake Telegram Bot API on loopback: records every call, and answers 429 when told to. */
interface Hit {
  method: string;
  body: Record<string, unknown>;
  at: number;
}
const hits: Hit[] = [];
let refuseNext = 0;
let bot: Server;
let t: TestApp;
const SECRET = 'webhook-secret-0123456789';
const TOKEN = '123456:test-token';

beforeAll(async () => {
  bot = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const method = (req.url ?? '').replace(`/bot${TOKEN}/`, '');
      hits.push({ method, body: JSON.parse(raw || '{}') as Record<string, unknown>, at: Date.now() });
      res.setHeader('content-type', 'application/json');
      if (method === 'sendMessage' && refuseNext > 0) {
        refuseNext--;
        res.statusCode = 429;
        res.end(
          JSON.stringify({
            ok: false,
            error_code: 429,
            description: 'Too Many Requests: retry after 1',
            parameters: { retry_after: 1 },
          }),
        );
        return;
      }
      res.end(
        JSON.stringify({ ok: true, result: method === 'setWebhook' ? true : { message_id: hits.length } }),
      );
    });
  });
  await new Promise<void>((resolve) => bot.listen(0, '127.0.0.1', resolve));
  const { port } = bot.address() as AddressInfo;
  t = await buildTestApp({
    TELEGRAM_BOT_TOKEN: TOKEN,
    TELEGRAM_BOT_USERNAME: 'vitrine_test_bot',
    TELEGRAM_API_URL: `http://127.0.0.1:${port}`,
    TELEGRAM_WEBHOOK_SECRET: SECRET,
    TELEGRAM_CHAT_INTERVAL_MS: '0',
    ALERT_CHECK_SECONDS: '0',
    ALERT_OFFLINE_MINUTES: '10',
  });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => bot.close(resolve));
});
beforeEach(() => {
  refuseNext = 0;
});

const sent = (chatId: string) =>
  hits.filter((h) => h.method === 'sendMessage' && String(h.body['chat_id']) === chatId);

const update = (text: string, chatId: number, secret = SECRET) =>
  call(t.app, 'POST', '/api/messenger/telegram', {
    headers: secret ? { 'x-telegram-bot-api-secret-token': secret } : {},
    body: { update_id: Date.now(), message: { chat: { id: chatId }, from: { username: 'someone' }, text } },
  });

/** Subscribes through the API and opens the deep link from a chat, as Telegram would tell the bot. */
async function link(me: TestUser, chatId: number): Promise<void> {
  const res = await call(t.app, 'POST', '/api/messenger/subscribe', { token: me.token });
  const payload = new URL(res.json().link as string).searchParams.get('start')!;
  expect((await update(`/start ${payload}`, chatId)).statusCode).toBe(200);
}

describe('the notification messenger', () => {
  it('registers its webhook with the secret at start', async () => {
    await expect
      .poll(() => hits.find((h) => h.method === 'setWebhook')?.body)
      .toMatchObject({
        url: `${t.config.publicUrl}/api/messenger/telegram`,
        secret_token: SECRET,
      });
  });

  it('links a chat through the deep link’s single-use payload, and unlinks it', async () => {
    const me = await createUser(t, { role: 'owner' });
    const res = await call(t.app, 'POST', '/api/messenger/subscribe', { token: me.token });
    expect(res.statusCode).toBe(200);
    const messenger = res.json();
    expect(messenger).toMatchObject({ kind: 'telegram', linked: false, username: null });
    const payload = new URL(messenger.link as string).searchParams.get('start')!;
    expect(messenger.link).toMatch(/^https:\/\/t\.me\/vitrine_test_bot\?start=[A-Za-z0-9_-]{1,64}$/);

    expect((await update(`/start ${payload}`, 7001, '')).statusCode).toBe(401);
    expect((await update(`/start ${payload}`, 7001, 'wrong-secret-0123456789')).statusCode).toBe(401);
    expect((await update(`/start ${payload}`, 7001)).statusCode).toBe(200);
    expect(sent('7001').at(-1)?.body['text']).toMatch(/Subscribed/);
    const account = (await call(t.app, 'GET', '/api/user/account', { token: me.token })).json();
    expect(account.messenger).toEqual({ kind: 'telegram', linked: true, username: 'someone', link: null });

    // The payload works once: another chat cannot take the account over with it.
    expect((await update(`/start ${payload}`, 7002)).statusCode).toBe(200);
    expect(sent('7002').at(-1)?.body['text']).toMatch(/invalid or expired/);
    const still = await t.repos.messenger.findLink(me.row.cabinetId, me.row.id);
    expect(still?.chatId).toBe('7001');

    expect((await call(t.app, 'POST', '/api/messenger/unsubscribe', { token: me.token })).statusCode).toBe(
      200,
    );
    const after = (await call(t.app, 'GET', '/api/user/account', { token: me.token })).json();
    expect(after.messenger).toBeNull();
  });

  it('a flood of offline screens makes one grouped alert per cabinet, once, and one when they are back', async () => {
    const owner = await createUser(t, { role: 'owner' });
    const member = await createUser(t, { role: 'moderator', cabinetId: owner.row.cabinetId });
    await link(owner, 7100);
    const now = Date.now();
    const gone = new Date(now - 11 * 60_000);
    const ids: number[] = [];
    for (let i = 1; i <= 25; i++)
      ids.push((await createPoint(t, owner.row.cabinetId, `Shop ${String(i).padStart(2, '0')}`)).id);
    await t.database.db
      .update(points)
      .set({ lastSeenAt: gone, goneOfflineAt: gone })
      .where(inArray(points.id, ids));
    // A blip: gone three minutes ago, not yet an alert.
    const blip = await createPoint(t, owner.row.cabinetId, 'Blip');
    const recent = new Date(now - 3 * 60_000);
    await t.database.db
      .update(points)
      .set({ lastSeenAt: recent, goneOfflineAt: recent })
      .where(inArray(points.id, [blip.id]));

    const before = sent('7100').length;
    expect(await t.services.alerts.checkPresence()).toEqual({ offline: 25, online: 0 });
    const messages = sent('7100').slice(before);
    expect(messages).toHaveLength(1);
    expect(messages[0]!.body['text']).toMatch(
      /offline for 10 minutes or more: Shop 01, .*Shop 10 and 15 more/,
    );
    expect(messages[0]!.body['text']).not.toMatch(/Blip/);
    // The member without a chat gets the same alert by e-mail.
    expect(t.mailer.lastTo(member.row.email!)?.text).toMatch(/and 15 more/);

    // Nothing new: no second alert for the same absence.
    expect(await t.services.alerts.checkPresence()).toEqual({ offline: 0, online: 0 });
    expect(sent('7100').length).toBe(before + 1);

    await t.database.db
      .update(points)
      .set({ lastSeenAt: new Date(), goneOfflineAt: null })
      .where(inArray(points.id, ids));
    expect(await t.services.alerts.checkPresence()).toEqual({ offline: 0, online: 25 });
    expect(sent('7100').at(-1)?.body['text']).toMatch(/back online: Shop 01/);
  });

  it('two screens of a cabinet gone a minute apart make one offline alert, not two', async () => {
    const owner = await createUser(t, { role: 'owner' });
    await link(owner, 7150);
    const first = await createPoint(t, owner.row.cabinetId, 'Front door');
    const second = await createPoint(t, owner.row.cabinetId, 'Back door');
    const goneAgo = async (id: number, seconds: number) => {
      const at = new Date(Date.now() - seconds * 1000);
      await t.database.db.update(points).set({ lastSeenAt: at, goneOfflineAt: at }).where(eq(points.id, id));
    };
    // The front door passed the ten minutes a minute ago; the back door passes them in a minute.
    await goneAgo(first.id, 11 * 60);
    await goneAgo(second.id, 9 * 60);
    const before = sent('7150').length;
    expect(await t.services.alerts.checkPresence()).toEqual({ offline: 0, online: 0 });
    // Two minutes later (the sweep runs every minute) both are past: one message names both.
    await goneAgo(first.id, 13 * 60);
    await goneAgo(second.id, 11 * 60);
    expect(await t.services.alerts.checkPresence()).toEqual({ offline: 2, online: 0 });
    const messages = sent('7150').slice(before);
    expect(messages).toHaveLength(1);
    expect(messages[0]!.body['text']).toMatch(/offline for 10 minutes or more: Back door, Front door$/);
  });

  it('waits retry_after on 429 and sends again; each person receives only the kinds they chose', async () => {
    const owner = await createUser(t, { role: 'owner' });
    await link(owner, 7200);
    refuseNext = 1;
    const before = sent('7200').length;
    expect(await t.services.alerts.lowFunds(owner.row.cabinetId, '€1.00')).toBe(1);
    const tries = sent('7200').slice(before);
    expect(tries).toHaveLength(2);
    expect(tries[1]!.at - tries[0]!.at).toBeGreaterThanOrEqual(950);
    expect(tries[1]!.body['text']).toMatch(/funds are low \(€1\.00\)/);

    const choice = await call(t.app, 'POST', '/api/messenger/alerts', {
      token: owner.token,
      body: { alerts: ALERT_KINDS.filter((k) => k !== 'lowFunds') },
    });
    expect(choice.statusCode).toBe(200);
    const account = (await call(t.app, 'GET', '/api/user/account', { token: owner.token })).json();
    expect(account.alerts).not.toContain('lowFunds');
    expect(await t.services.alerts.lowFunds(owner.row.cabinetId, '€0.50')).toBe(0);
    expect(await t.services.alerts.exportReady(owner.row.cabinetId, owner.row.id, 'report.csv')).toBe(1);
    expect(sent('7200').at(-1)?.body['text']).toMatch(/report\.csv" is ready/);
  });

  it('reports playlists that end within a day, one message per cabinet, each once', async () => {
    const owner = await createUser(t, { role: 'owner' });
    await link(owner, 7400);
    const wall = (ms: number) => new Date(Date.now() + ms).toISOString().slice(0, 19).replace('T', ' ');
    const playlist = async (name: string, toDate: string) => {
      const res = await call(t.app, 'POST', '/api/playlist/post', {
        token: owner.token,
        body: { name, fromDate: wall(-48 * HOUR), toDate },
      });
      expect(res.statusCode).toBe(200);
    };
    await playlist('Spring sale', wall(5 * HOUR));
    await playlist('Autumn sale', wall(20 * HOUR));
    await playlist('Next year', wall(300 * 24 * HOUR));
    const before = sent('7400').length;
    expect(await t.services.alerts.checkPlaylists()).toBeGreaterThanOrEqual(2);
    const messages = sent('7400').slice(before);
    expect(messages).toHaveLength(1);
    expect(messages[0]!.body['text']).toMatch(/expiring soon: Autumn sale, Spring sale$/);
    // Sent once: the next sweep has nothing new for this cabinet.
    await t.services.alerts.checkPlaylists();
    expect(sent('7400').length).toBe(before + 1);
  });

  it('reports content the planner could not fit today, once a day per playlist', async () => {
    const owner = await createUser(t, { role: 'owner' });
    await link(owner, 7500);
    const screen = await createPoint(t, owner.row.cabinetId);
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#804020' } })
      .png()
      .toBuffer();
    const fileId = ((await uploadAs(t, owner, 'spot.png', png)).json() as { id: number }).id;
    const year = new Date().getUTCFullYear();
    // Two spots that each want the screen half of every minute and a third that wants it all: they cannot all fit.
    const spot = async (name: string, periodicity: number) => {
      const res = await call(t.app, 'POST', '/api/playlist/post', {
        token: owner.token,
        body: {
          name,
          type: 'ADVERTISING',
          periodicity,
          fromDate: `${year - 1}-01-01 00:00:00`,
          toDate: `${year + 1}-12-31 23:59:59`,
          points: [screen.id],
          files: [{ fileId, duration: 30 }],
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { id: number }).id;
    };
    await spot('Morning spot', 60);
    await spot('Evening spot', 60);
    const crowded = await spot('Crowded spot', 30);
    const before = sent('7500').length;
    const board = await call(t.app, 'GET', '/api/dashboard?range=1d', { token: owner.token });
    expect(board.statusCode).toBe(200);
    await t.services.fullness.refresh(owner.row.cabinetId, 1);
    const messages = sent('7500').slice(before);
    expect(messages).toHaveLength(1);
    expect(messages[0]!.body['text']).toMatch(/could not be planned: .*Spot/i);
    // Planned again after a change the same day: no second report of the same playlists.
    await call(t.app, 'POST', `/api/playlist/patch/${crowded}`, {
      token: owner.token,
      body: { files: [{ fileId, duration: 29 }] },
    });
    await t.services.fullness.refresh(owner.row.cabinetId, 1);
    expect(sent('7500').length).toBe(before + 1);
  });

  it('writes each alert in the language the person chose, with its plural forms', async () => {
    const owner = await createUser(t, { role: 'owner' });
    await link(owner, 7300);
    const chose = await call(t.app, 'POST', '/api/user/patch-account', {
      token: owner.token,
      body: { locale: 'ru' },
    });
    expect(chose.statusCode).toBe(200);
    const member = await createUser(t, { role: 'agent', cabinetId: owner.row.cabinetId });
    await call(t.app, 'POST', '/api/user/patch-account', { token: member.token, body: { locale: 'ua' } });
    const names = Array.from({ length: 12 }, (_, i) => `Экран ${i + 1}`);
    await t.services.alerts.unplanned(owner.row.cabinetId, names);
    expect(sent('7300').at(-1)?.body['text']).toMatch(
      /: контент не удалось запланировать: Экран 1, .* и ещё 2$/,
    );
    const mail = t.mailer.lastTo(member.row.email!);
    expect(mail?.subject).toBe('Контент не вдалося запланувати');
    expect(mail?.text).toMatch(/і ще 2$/);
  });
});

const HOUR = 3_600_000;

describe('alert texts', () => {
  it('use the plural forms of each language', () => {
    const offline = (locale: Locale, minutes: number) =>
      alertText(locale, { kind: 'screenOffline', names: ['A'], minutes }).text;
    expect(offline('en', 1)).toBe('offline for 1 minute or more: A');
    expect(offline('en', 10)).toBe('offline for 10 minutes or more: A');
    expect(offline('ru', 1)).toBe('не на связи 1 минуту или дольше: A');
    expect(offline('ru', 3)).toBe('не на связи 3 минуты или дольше: A');
    expect(offline('ru', 10)).toBe('не на связи 10 минут или дольше: A');
    expect(offline('ru', 21)).toBe('не на связи 21 минуту или дольше: A');
    expect(offline('ua', 22)).toBe('не на зв’язку 22 хвилини або довше: A');
    expect(offline('ua', 15)).toBe('не на зв’язку 15 хвилин або довше: A');
    expect(offline('it', 1)).toBe('offline da 1 minuto o più: A');
    expect(offline('it', 10)).toBe('offline da 10 minuti o più: A');
    expect(alertText('it', { kind: 'exportReady', name: 'r.csv' })).toEqual({
      subject: 'Esportazione pronta',
      text: 'l’esportazione «r.csv» è pronta per il download',
    });
  });
});
