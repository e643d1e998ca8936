import { z } from 'zod';
import { PluginManifest } from './manifest.js';

/** An instance of a plugin as screens get it (content.ts): its plugin, its settings and the entry page. */
export const PluginInstanceContent = z.object({
  plugin: PluginManifest,
  settings: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
  /** The entry page's HTML. */
  html: z.string(),
});
export type PluginInstanceContent = z.infer<typeof PluginInstanceContent>;

/** One entry of a fetched feed. */
export const FeedItem = z.object({
  title: z.string(),
  link: z.string().nullable(),
  date: z.string().nullable(),
});
export type FeedItem = z.infer<typeof FeedItem>;
export const Feed = z.object({ title: z.string(), items: z.array(FeedItem) });
export type Feed = z.infer<typeof Feed>;
