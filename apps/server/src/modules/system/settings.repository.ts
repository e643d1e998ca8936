import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { appSettings } from '../../db/schema.js';

/** Installation-wide settings, shared by every server process through the database. */
export class SettingsRepository {
  constructor(private readonly db: Database) {}

  async get(key: string): Promise<string | undefined> {
    const [row] = await this.db.select().from(appSettings).where(eq(appSettings.key, key));
    return row?.value;
  }

  /** The stored value, or `initial` stored now; concurrent first starts agree on one value. */
  async getOrInit(key: string, initial: () => string): Promise<string> {
    await this.db.insert(appSettings).values({ key, value: initial() }).onConflictDoNothing();
    const [row] = await this.db.select().from(appSettings).where(eq(appSettings.key, key));
    return row!.value;
  }

  /** Stores `value` under `key`, replacing what was there. */
  async set(key: string, value: string): Promise<void> {
    await this.db
      .insert(appSettings)
      .values({ key, value })
      .onConflictDoUpdate({ target: appSettings.key, set: { value } });
  }
}
