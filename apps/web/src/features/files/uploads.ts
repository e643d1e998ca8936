import { useEffect, useSyncExternalStore } from 'react';
import { Upload } from 'tus-js-client';
import { UPLOAD_MESSAGES, uploadRefusal, type ErrorBody, type UploadRefusal } from '@vitrine/core';
import { session } from '../../api/client';

/** Spec §4: at most 3 uploads at a time. */
export const MAX_PARALLEL_UPLOADS = 3;

export type UploadState = 'queued' | 'uploading' | 'paused' | 'done' | 'failed';

export interface UploadTask {
  id: string;
  name: string;
  size: number;
  folderId: number;
  state: UploadState;
  progress: number;
  /** The server's refusal, as it answered ({ message, code }), translated where it is shown. */
  error?: Partial<ErrorBody>;
  /** The server's answer: the stored file, or the one it already had. */
  duplicate?: boolean;
}

type Listener = () => void;

/** What the browser can measure when the server has no ffmpeg (duration and size of video/audio). */
async function measureInBrowser(file: File): Promise<Record<string, string>> {
  if (!/^(video|audio)\//.test(file.type)) return {};
  const url = URL.createObjectURL(file);
  try {
    const el = document.createElement(file.type.startsWith('video') ? 'video' : 'audio');
    el.preload = 'metadata';
    el.src = url;
    await new Promise<void>((resolve) => {
      el.onloadedmetadata = () => resolve();
      el.onerror = () => resolve();
      setTimeout(resolve, 5000);
    });
    const out: Record<string, string> = {};
    if (Number.isFinite(el.duration) && el.duration > 0) out.duration = String(el.duration);
    if (el instanceof HTMLVideoElement && el.videoWidth) {
      out.width = String(el.videoWidth);
      out.height = String(el.videoHeight);
    }
    return out;
  } finally {
    URL.revokeObjectURL(url);
  }
}

/**
 * The upload queue: resumable (tus) uploads, three at a time, each with progress, pause, resume and
 * retry. tus-js-client retries after network cuts and resumes from the server's offset.
 */
class UploadQueue {
  private tasks: UploadTask[] = [];
  private readonly uploads = new Map<string, Upload>();
  private readonly files = new Map<string, File>();
  private readonly listeners = new Set<Listener>();
  private finished: ((task: UploadTask) => void) | undefined;

  subscribe = (listener: Listener) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  snapshot = () => this.tasks;

  onFinished(callback: (task: UploadTask) => void) {
    this.finished = callback;
  }

  get busy(): boolean {
    return this.tasks.some((t) => t.state === 'queued' || t.state === 'uploading');
  }

  /**
   * Adds files; those the server would refuse by their name or size (an extension not allowed, empty, too
   * small for their format) are refused at once, without sending a byte.
   */
  add(files: File[], folderId: number): UploadRefusal[] {
    const refusals: UploadRefusal[] = [];
    for (const file of files) {
      const refusal = uploadRefusal(file.name, file.size);
      if (refusal) {
        refusals.push(refusal);
        continue;
      }
      const id = crypto.randomUUID();
      this.files.set(id, file);
      this.tasks = [
        ...this.tasks,
        { id, name: file.name, size: file.size, folderId, state: 'queued', progress: 0 },
      ];
    }
    this.emit();
    this.pump();
    return refusals;
  }

  pause(id: string) {
    void this.uploads.get(id)?.abort();
    this.update(id, { state: 'paused' });
    this.pump();
  }

  resume(id: string) {
    this.update(id, { state: 'queued', error: undefined });
    this.pump();
  }

  retry = this.resume;

  clearFinished() {
    this.tasks = this.tasks.filter((t) => t.state !== 'done');
    this.emit();
  }

  private update(id: string, patch: Partial<UploadTask>) {
    this.tasks = this.tasks.map((t) => (t.id === id ? { ...t, ...patch } : t));
    this.emit();
  }

  private emit() {
    this.listeners.forEach((l) => l());
  }

  private pump() {
    const running = this.tasks.filter((t) => t.state === 'uploading').length;
    const next = this.tasks
      .filter((t) => t.state === 'queued')
      .slice(0, Math.max(0, MAX_PARALLEL_UPLOADS - running));
    for (const task of next) void this.start(task);
  }

  private async start(task: UploadTask) {
    const file = this.files.get(task.id);
    if (!file) return;
    this.update(task.id, { state: 'uploading' });
    const measured = await measureInBrowser(file);
    let upload = this.uploads.get(task.id);
    if (!upload) {
      upload = new Upload(file, {
        endpoint: '/api/file/tus',
        chunkSize: 8 * 1024 * 1024,
        retryDelays: [0, 1000, 3000, 5000, 10000, 20000],
        metadata: { filename: file.name, folderId: String(task.folderId), ...measured },
        onBeforeRequest: (req) => {
          if (session.token) req.setHeader('Authorization', `Bearer ${session.token}`);
        },
        onProgress: (sent, total) =>
          this.update(task.id, { progress: total ? Math.round((sent / total) * 100) : 0 }),
        onSuccess: (payload) => {
          let duplicate = false;
          try {
            duplicate = Boolean(
              (JSON.parse(payload.lastResponse.getBody()) as { duplicate?: boolean }).duplicate,
            );
          } catch {
            // an empty answer is a plain success
          }
          this.update(task.id, { state: 'done', progress: 100, duplicate });
          this.uploads.delete(task.id);
          this.files.delete(task.id);
          this.finished?.(this.tasks.find((t) => t.id === task.id)!);
          this.pump();
        },
        onError: (error) => {
          const body = (error as { originalResponse?: { getBody(): string } }).originalResponse?.getBody();
          let refusal: Partial<ErrorBody> = { message: UPLOAD_MESSAGES.failed, code: 'UPLOAD_INVALID' };
          try {
            const answer = JSON.parse(body ?? '') as Partial<ErrorBody>;
            if (answer.message) refusal = answer;
          } catch {
            // not JSON: keep 'Failed'
          }
          this.update(task.id, { state: 'failed', error: refusal });
          this.uploads.delete(task.id);
          this.pump();
        },
      });
      this.uploads.set(task.id, upload);
    }
    const previous = await upload.findPreviousUploads();
    if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
    upload.start();
  }
}

export const uploadQueue = new UploadQueue();

export function useUploads(): UploadTask[] {
  return useSyncExternalStore(uploadQueue.subscribe, uploadQueue.snapshot);
}

/** Leaving while uploads run warns with the spec's text (spec §5). */
export function useLeaveWarning() {
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (!uploadQueue.busy) return;
      event.preventDefault();
      event.returnValue = UPLOAD_MESSAGES.leaveWarning;
      return UPLOAD_MESSAGES.leaveWarning;
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, []);
}
