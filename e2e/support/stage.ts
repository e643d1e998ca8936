import type { Browser } from 'playwright-core';
import { signInToken } from './api.js';
import { launchBrowser } from './browser.js';
import { startServer, type RunningServer } from './server.js';

/** A test file's server, browser and the printed admin's token: what the studio and player tests start from. */
export interface Stage {
  server: RunningServer;
  browser: Browser;
  token: string;
}

/** Starts the server (with `env`) and the browser, and signs the admin in through the API. */
export async function startStage(adminPassword: string, env: Record<string, string> = {}): Promise<Stage> {
  const server = await startServer({ ADMIN_PASSWORD: adminPassword, ...env });
  const browser = await launchBrowser();
  return { server, browser, token: await signInToken(server.url, 'admin', adminPassword) };
}

/** Closes what `startStage` opened, whatever of it was opened. */
export async function stopStage(stage: Partial<Stage>): Promise<void> {
  await stage.browser?.close();
  await stage.server?.stop();
}
