import { join } from 'node:path';
import type { Module } from '../../app-types.js';
import type { Config } from '../../config.js';
import type { CabinetId } from '../../db/cabinet-id.js';
import type { SafeFetchOptions } from '../../lib/safe-fetch.js';
import { fileRulesRoutes } from './file-rules.routes.js';
import { FileRulesService, type FileRulesServiceDeps } from './file-rules.service.js';
import { mediaRoutes } from './media.routes.js';
import { MediaService, type MediaServiceDeps } from './media.service.js';
import { createTusStore } from './tus-store.js';
import { Quota } from './quota.js';

type QuotaDeps = ConstructorParameters<typeof Quota>[0];

export interface MediaModuleDeps extends Pick<
  MediaServiceDeps,
  'transact' | 'storage' | 'signer' | 'tmpDir' | 'stockCabinetId'
> {
  repos: QuotaDeps['repos'] & FileRulesServiceDeps['repos'];
  config: Pick<Config, 'media' | 'dataDir' | 'tusExpiryHours' | 'importTimeoutSeconds' | 'trustProxy'>;
  /** Every call made on a user's behalf (imports) goes by this policy. */
  outbound: SafeFetchOptions;
  /** The cabinet's own quota where billing sets one (its tariff's storage per screen slot). */
  storageLimit: (cabinetId: CabinetId) => Promise<number | null>;
  /** Tells the screens a file's schedule or settings changed (the content sync). */
  contentChanged: FileRulesServiceDeps['contentChanged'];
  /** Registers what is stopped when the server closes (the uploads' hashing thread). */
  onClose: (stop: () => Promise<unknown>) => void;
}

/** The media library: uploads (whole or resumable) under the cabinet's quota, imports, and file rules. */
export function createMediaModule(deps: MediaModuleDeps) {
  const { config, repos, transact } = deps;
  const uploads = {
    quota: new Quota({ repos, transact, quota: config.media.quota, limit: deps.storageLimit }),
    tusStore: createTusStore(join(config.dataDir, 'tus'), config.tusExpiryHours * 3_600_000),
  };
  deps.onClose(async () => uploads.tusStore.close());
  const media = new MediaService({
    media: repos.media,
    transact,
    quota: uploads.quota,
    storage: deps.storage,
    signer: deps.signer,
    limits: config.media,
    tmpDir: deps.tmpDir,
    fetchPolicy: { deadlineMs: config.importTimeoutSeconds * 1000, ...deps.outbound },
    stockCabinetId: deps.stockCabinetId,
  });
  const fileRules = new FileRulesService({ repos, media, contentChanged: deps.contentChanged });
  const module = {
    services: { media, fileRules },
    routes: [
      async (app) => mediaRoutes(app, { media, fileRules, uploads, config }),
      async (app) => fileRulesRoutes(app, { fileRules }),
    ],
  } satisfies Module<object>;
  /** Uploads in progress: resumable uploads waiting for their bytes, and the quota they hold. */
  return { ...module, uploads };
}
