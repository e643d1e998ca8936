import { AltchaChallenge, BotCheckInfo } from '../security/botcheck.js';
import { defineRoute, defineRoutes } from './route.js';

/** The bot check (spec §7: the bot-check script): which one is asked for, and ALTCHA's challenges. */
export const botCheckApi = defineRoutes({
  info: defineRoute({
    method: 'GET',
    path: '/api/user/bot-check',
    access: 'public',
    summary: 'The bot check this server asks for',
    tags: ['session'],
    response: BotCheckInfo,
  }),
  challenge: defineRoute({
    method: 'GET',
    path: '/api/user/bot-check/challenge',
    access: 'public',
    summary: 'A new signed proof-of-work challenge (ALTCHA)',
    tags: ['session'],
    response: AltchaChallenge,
  }),
});
