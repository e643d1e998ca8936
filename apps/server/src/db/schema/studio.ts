/** Studio documents and plugins. */
import type { PluginManifest, StudioDocument } from '@vitrine/core';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { CabinetId } from '../cabinet-id.js';
import { createdAt } from './columns.js';
import { cabinets } from './accounts.js';
import { files } from './media.js';

/** Which studio document a row is: a widget (one page) or a creation (pages with durations). */
export type StudioKind = 'widget' | 'creation';

/**
 * Widgets and creations (docs/studio.md): a versioned JSON document per row, validated by core's schema
 * before it is stored; `revision` counts its saves, so an editor working on an older one is told (409).
 */
export const studioDocuments = pgTable(
  'studio_documents',
  {
    id: serial('id').primaryKey(),
    cabinetId: integer('cabinet_id')
      .$type<CabinetId>()
      .notNull()
      .references(() => cabinets.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<StudioKind>().notNull(),
    name: text('name').notNull(),
    document: jsonb('document').$type<StudioDocument>().notNull(),
    /** A data: address of the picture the browser took on save. */
    thumbnail: text('thumbnail'),
    revision: integer('revision').notNull().default(1),
    /**
     * Its library file (kind 'widget' or 'creation'): the document's JSON as stored content, so it is
     * picked, added to playlists, sent in manifests and cached by screens like any file.
     */
    fileId: integer('file_id').references(() => files.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('studio_documents_cabinet_kind_idx').on(t.cabinetId, t.kind, t.id)],
);
export type StudioDocumentRow = typeof studioDocuments.$inferSelect;

/**
 * Plugins a cabinet uploaded (docs/studio.md, "Plugins"): the manifest core's schema validated and where
 * the entry page is stored. The built-in plugins are not rows; an instance of either is a library file.
 */
export const plugins = pgTable(
  'plugins',
  {
    id: serial('id').primaryKey(),
    cabinetId: integer('cabinet_id')
      .$type<CabinetId>()
      .notNull()
      .references(() => cabinets.id, { onDelete: 'cascade' }),
    /** The manifest's id: one plugin of an id per cabinet. */
    key: text('key').notNull(),
    manifest: jsonb('manifest').$type<PluginManifest>().notNull(),
    /** The stored entry page. */
    entryKey: text('entry_key').notNull(),
    size: integer('size').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('plugins_cabinet_key_idx').on(t.cabinetId, t.key)],
);
export type PluginRow = typeof plugins.$inferSelect;
