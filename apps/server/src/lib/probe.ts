import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import sharp from 'sharp';

const run = promisify(execFile);

export interface Measured {
  width: number | null;
  height: number | null;
  duration: number | null;
}

let ffmpegAvailable: Promise<boolean> | undefined;

/** Whether ffprobe and ffmpeg run here; without them the browser measures video and audio. */
export function hasFfmpeg(): Promise<boolean> {
  ffmpegAvailable ??= Promise.all([run('ffprobe', ['-version']), run('ffmpeg', ['-version'])])
    .then(() => true)
    .catch(() => false);
  return ffmpegAvailable;
}

export async function measureImage(path: string): Promise<Measured> {
  const meta = await sharp(path, { animated: false }).metadata();
  return { width: meta.width ?? null, height: meta.height ?? null, duration: null };
}

/** A 320 px wide WebP thumbnail of an image. */
export async function imageThumbnail(path: string, target: string): Promise<void> {
  await sharp(path, { animated: false })
    .resize({ width: 320, withoutEnlargement: true })
    .webp({ quality: 80 })
    .toFile(target);
}

interface FfprobeOutput {
  streams?: { codec_type?: string; width?: number; height?: number; duration?: string }[];
  format?: { duration?: string };
}

/** Duration and dimensions of video or audio through ffprobe. */
export async function measureMedia(path: string): Promise<Measured> {
  const { stdout } = await run(
    'ffprobe',
    ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', path],
    { timeout: 30_000, maxBuffer: 4 * 1024 * 1024 },
  );
  const data = JSON.parse(stdout) as FfprobeOutput;
  const video = data.streams?.find((s) => s.codec_type === 'video');
  const duration = Number(data.format?.duration ?? video?.duration);
  return {
    width: video?.width ?? null,
    height: video?.height ?? null,
    duration: Number.isFinite(duration) ? duration : null,
  };
}

/** A 320 px wide poster frame, taken a second in (or at the start of a shorter clip). */
export async function videoPoster(path: string, target: string, duration: number | null): Promise<void> {
  const at = duration && duration > 2 ? '1' : '0';
  await run(
    'ffmpeg',
    [
      '-v',
      'error',
      '-y',
      '-ss',
      at,
      '-i',
      path,
      '-frames:v',
      '1',
      '-vf',
      'scale=320:-2',
      '-f',
      'webp',
      target,
    ],
    { timeout: 60_000 },
  );
}
