import type { Config } from './config.js';
import type { DatabaseHandle } from './db/client.js';
import type { Tariffs } from './modules/billing/tariffs.js';
import type { AdminBootstrap } from './modules/system/bootstrap.service.js';

/** What billing does here and how to change it: the first thing a self-hoster's first owner would meet. */
async function billingLines(config: Config, billing: Pick<Tariffs, 'defaultTariff'>): Promise<string[]> {
  if (config.billing.mode === 'off') {
    return [
      'Billing: off (BILLING=off). Nobody is charged and no tariff limits anything.',
      '  To charge cabinets by tariff, start with BILLING=on (README: "Billing and tariffs").',
    ];
  }
  const tariff = await billing.defaultTariff();
  return [
    `Billing: on. New cabinets start on the tariff "${tariff}", and each tariff allows its own features`,
    '  (README: "Billing and tariffs"). Pick a new owner\'s tariff under Users -> Create a user, the default',
    '  one under Admin -> Tariffs, or start with BILLING=off if this server charges nobody.',
  ];
}

/** The lines `npm start` prints once the server listens: where, which database, billing, how to sign in. */
export async function startReport(deps: {
  config: Config;
  database: DatabaseHandle;
  admin: AdminBootstrap;
  billing: Pick<Tariffs, 'defaultTariff'>;
}): Promise<string> {
  const { config, database, admin } = deps;
  const url = config.publicUrl;
  const lines = [
    '',
    `Vitrine is running at ${url}`,
    `Database: ${database.driver === 'pg' ? 'PostgreSQL' : `embedded (PGlite) in ${config.dataDir}/db`}`,
    `Files: ${config.s3 ? `S3 bucket ${config.s3.bucket}` : `${config.dataDir}/media`}`,
    ...(await billingLines(config, deps.billing)),
    `API documentation: ${url}/api/docs`,
  ];
  if (admin.generatedPassword) {
    lines.push(`Sign in as '${admin.login}' with the password ${admin.generatedPassword}`);
    lines.push('This password is shown once. Set ADMIN_PASSWORD and restart to choose another.');
  } else if (admin.passwordUpdated || admin.created) {
    lines.push(`Sign in as '${admin.login}' with the password from ADMIN_PASSWORD.`);
  } else {
    lines.push(
      `Sign in as '${admin.login}'. Forgot the password? Restart with ADMIN_PASSWORD=... to set a new one.`,
    );
  }
  return `${lines.join('\n')}\n`;
}
