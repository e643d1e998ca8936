import { resolve } from 'node:path';
import { loadConfig } from './config.js';
import { copyLocalToS3 } from './lib/storage-copy.js';
import { S3Storage } from './lib/storage-s3.js';
import { storageRoot } from './lib/storage.js';
import { backup, restore } from './modules/system/backup.js';

/**
 * The operator's commands, with the same environment as the server (docs/deploying.md):
 *
 *   node apps/server/dist/cli.js storage copy-to-s3   npm run storage:copy-to-s3
 *   node apps/server/dist/cli.js backup <directory>   npm run backup -- <directory>
 *   node apps/server/dist/cli.js restore <directory>  npm run restore -- <directory>
 */
const USAGE = `usage:
  cli.js storage copy-to-s3    copy DATA_DIR/media into the S3_BUCKET (same keys, resumable, each verified)
  cli.js backup <directory>    the database and DATA_DIR/media into a new directory (the server may run)
  cli.js restore <directory>   a backup into an empty installation (database and files)`;

const say = (line: string) => process.stdout.write(`${line}\n`);

async function main(args: string[]): Promise<void> {
  const config = loadConfig();
  const [command, argument] = args;
  if (command === 'storage' && argument === 'copy-to-s3') {
    if (!config.s3)
      throw new Error('S3_BUCKET (and the other S3_* settings) must name the bucket to copy into');
    const bucket = new S3Storage(config.s3);
    try {
      const root = storageRoot(config.dataDir);
      say(
        `copying ${root} into the bucket ${config.s3.bucket}${config.s3.prefix ? ` under ${config.s3.prefix}` : ''}`,
      );
      const report = await copyLocalToS3({ root, bucket, log: say });
      say(`done: ${report.copied} copied (${report.bytes} bytes), ${report.skipped} already there`);
    } finally {
      bucket.destroy();
    }
    return;
  }
  if ((command === 'backup' || command === 'restore') && argument) {
    const dir = resolve(argument);
    if (command === 'backup') {
      const manifest = await backup(config, dir, say);
      say(`backup written to ${dir} (${manifest.database}, ${manifest.createdAt})`);
    } else {
      await restore(config, dir, say);
      say(`restored from ${dir}: start the server (migrations newer than the backup run then)`);
    }
    return;
  }
  throw new Error(USAGE);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
