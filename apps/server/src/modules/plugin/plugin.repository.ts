import { and, asc, eq, ilike, sql } from 'drizzle-orm';
import type { PluginManifest } from '@vitrine/core';
import type { CabinetId } from '../../db/cabinet-id.js';
import type { Database } from '../../db/client.js';
import { plugins, type PluginRow } from '../../db/schema.js';
import { containsPattern } from '../../db/sql.js';

/** All SQL on a cabinet's uploaded plugins. Every method takes the cabinet id. */
export class PluginRepository {
  constructor(private readonly db: Database) {}

  async list(cabinetId: CabinetId, search?: string): Promise<PluginRow[]> {
    return this.db
      .select()
      .from(plugins)
      .where(
        and(
          eq(plugins.cabinetId, cabinetId),
          search ? ilike(sql`${plugins.manifest}->>'name'`, containsPattern(search)) : undefined,
        ),
      )
      .orderBy(asc(plugins.id));
  }

  async byKey(cabinetId: CabinetId, key: string): Promise<PluginRow | undefined> {
    const [row] = await this.db
      .select()
      .from(plugins)
      .where(and(eq(plugins.cabinetId, cabinetId), eq(plugins.key, key)));
    return row;
  }

  /** Stores a plugin, or answers undefined when the cabinet has one of that id already. */
  async insert(
    cabinetId: CabinetId,
    values: { manifest: PluginManifest; entryKey: string; size: number },
  ): Promise<PluginRow | undefined> {
    const [row] = await this.db
      .insert(plugins)
      .values({ cabinetId, key: values.manifest.id, ...values })
      .onConflictDoNothing()
      .returning();
    return row;
  }

  async remove(cabinetId: CabinetId, id: number): Promise<PluginRow | undefined> {
    const [row] = await this.db
      .delete(plugins)
      .where(and(eq(plugins.cabinetId, cabinetId), eq(plugins.id, id)))
      .returning();
    return row;
  }
}
