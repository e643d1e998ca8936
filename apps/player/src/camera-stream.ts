/**
 * The camera stream command: an http(s) stream (HLS or an endless video) shown over the stage instead of
 * the schedule until it is stopped; a stream that breaks off is tried again.
 */
import { streamMime } from '@vitrine/core';
import type { Logger } from './log';
import { attachSource, release, setSound } from './media';
import { errorText, waitForEvent } from './util';

const STREAM_START_MS = 20_000;

export const STREAM_TEXT = {
  missing: 'No camera stream address is set for this screen',
  protocol:
    'A browser cannot play rtsp:// or rtmp:// streams: give the screen an http(s) stream (HLS or MP4) or use a native player',
  scheme: 'The camera stream address must start with http:// or https://',
  started: 'Camera stream shown',
  stopped: 'Camera stream stopped',
} as const;

export interface CameraStreamOptions {
  stage: HTMLElement;
  log: Logger;
  volume: () => number;
  /** play(), muted when the browser refuses sound. */
  startMedia: (media: HTMLMediaElement) => Promise<void>;
  /** The stream came or went: the screen looks again at what it should show. */
  changed: () => void;
}

export class CameraStream {
  video: HTMLVideoElement | null = null;

  constructor(private readonly options: CameraStreamOptions) {}

  async start(target: string | null): Promise<{ ok: boolean; message?: string }> {
    if (!target) return { ok: false, message: STREAM_TEXT.missing };
    if (/^(rtsp|rtmp)[a-z]*:\/\//i.test(target)) return { ok: false, message: STREAM_TEXT.protocol };
    if (!/^https?:\/\//i.test(target)) return { ok: false, message: STREAM_TEXT.scheme };
    this.remove();
    const video = document.createElement('video');
    video.className = 'stream';
    video.playsInline = true;
    video.autoplay = true;
    setSound(video, this.options.volume());
    this.options.stage.append(video);
    this.video = video;
    this.options.log.info('Showing the camera stream');
    this.options.changed();
    try {
      const playing = waitForEvent(video, ['playing'], ['error'], STREAM_START_MS, undefined, 'The stream');
      playing.catch(() => undefined);
      await attachSource(video, target, streamMime(target));
      await this.options.startMedia(video);
      await playing;
    } catch (error) {
      if (this.video === video) this.stop();
      const message = `The browser could not play the stream: ${errorText(error)}`;
      this.options.log.warn(message);
      return { ok: false, message };
    }
    video.addEventListener('error', () => this.broke(video, target));
    video.addEventListener('ended', () => this.broke(video, target));
    return { ok: true, message: STREAM_TEXT.started };
  }

  stop(): void {
    if (!this.video) return;
    this.remove();
    this.options.log.info(STREAM_TEXT.stopped);
    this.options.changed();
  }

  /** Takes the stream off the stage, quietly (the screen is closing, or another stream replaces it). */
  remove(): void {
    const video = this.video;
    if (!video) return;
    this.video = null;
    release(video);
    video.remove();
  }

  private broke(video: HTMLVideoElement, target: string): void {
    if (this.video !== video) return;
    this.options.log.warn('The camera stream broke off; trying it again in 5 s');
    setTimeout(() => {
      if (this.video !== video) return;
      // Attached afresh: an HLS player of the broken one is let go first.
      release(video);
      attachSource(video, target, streamMime(target))
        .then(() => this.options.startMedia(video))
        .catch((error: unknown) => {
          this.options.log.warn(`The camera stream did not resume: ${errorText(error)}`);
        });
    }, 5000);
  }
}
