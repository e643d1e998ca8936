import { beforeEach, describe, expect, it, vi } from 'vitest';

/** A stand-in for tus-js-client's Upload: it records what runs and finishes when told to. */
const running: { name: string; finish: () => void; fail: (body: string) => void; aborted: boolean }[] = [];
vi.mock('tus-js-client', () => ({
  Upload: class {
    private readonly options: {
      metadata: { filename: string };
      onSuccess: (payload: { lastResponse: { getBody(): string } }) => void;
      onError: (error: unknown) => void;
    };
    constructor(_file: unknown, options: never) {
      this.options = options;
    }
    findPreviousUploads() {
      return Promise.resolve([]);
    }
    resumeFromPreviousUpload() {}
    start() {
      const entry = {
        name: this.options.metadata.filename,
        aborted: false,
        finish: () => this.options.onSuccess({ lastResponse: { getBody: () => '{"duplicate":false}' } }),
        fail: (body: string) => this.options.onError({ originalResponse: { getBody: () => body } }),
      };
      running.push(entry);
    }
    abort() {
      const entry = running.find((r) => r.name === this.options.metadata.filename);
      if (entry) entry.aborted = true;
      return Promise.resolve();
    }
  },
}));

const { uploadQueue, MAX_PARALLEL_UPLOADS } = await import('./uploads');
const file = (name: string) => new File(['x'.repeat(1024)], name, { type: 'application/octet-stream' });
const tick = () => new Promise((r) => setTimeout(r, 0));

describe('the upload queue (spec §4: at most 3 at a time)', () => {
  beforeEach(() => {
    running.length = 0;
  });

  it('runs three at a time and starts the next when one finishes', async () => {
    uploadQueue.add(['a.zip', 'b.zip', 'c.zip', 'd.zip', 'e.zip'].map(file), 0);
    await tick();
    expect(MAX_PARALLEL_UPLOADS).toBe(3);
    expect(running.map((r) => r.name)).toEqual(['a.zip', 'b.zip', 'c.zip']);
    running[0]!.finish();
    await tick();
    expect(running.map((r) => r.name)).toEqual(['a.zip', 'b.zip', 'c.zip', 'd.zip']);
    expect(uploadQueue.snapshot().filter((t) => t.state === 'uploading')).toHaveLength(3);
    for (const r of running.slice(1)) r.finish();
    await tick();
    running.at(-1)!.finish();
    await tick();
    expect(uploadQueue.snapshot().every((t) => t.state === 'done')).toBe(true);
    uploadQueue.clearFinished();
  });

  it('refuses bad extensions, empty files and files too small for their format before sending anything', () => {
    const refusals = uploadQueue.add(
      [file('tool.exe'), new File([], 'empty.png'), new File(['x'.repeat(100)], 'cut.mp4')],
      0,
    );
    expect(refusals[0]).toMatchObject({ code: 'UPLOAD_INVALID' });
    expect(refusals[0]!.message).toMatch(/^tool\.exe has invalid extension\. Only gif, jpg/);
    expect(refusals[1]).toEqual({
      code: 'UPLOAD_INVALID',
      message: 'empty.png is empty, please select files again without it.',
    });
    expect(refusals[2]).toEqual({
      code: 'UPLOAD_TOO_SMALL',
      message: 'cut.mp4 is too small, minimum file size is 216 B.',
    });
    expect(running).toHaveLength(0);
  });

  it('keeps the server’s reason for a failure, and retries', async () => {
    uploadQueue.add([file('big.mp4')], 0);
    await tick();
    running[0]!.fail(
      JSON.stringify({
        message: 'big.mp4 is too large, maximum file size is 2 GB.',
        code: 'UPLOAD_TOO_LARGE',
      }),
    );
    await tick();
    expect(uploadQueue.snapshot()[0]).toMatchObject({
      state: 'failed',
      error: { message: 'big.mp4 is too large, maximum file size is 2 GB.', code: 'UPLOAD_TOO_LARGE' },
    });
    uploadQueue.retry(uploadQueue.snapshot()[0]!.id);
    await tick();
    expect(uploadQueue.snapshot()[0]!.state).toBe('uploading');
  });
});
