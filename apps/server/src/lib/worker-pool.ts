import { createRequire } from 'node:module';
import { getPriority, setPriority } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker, parentPort } from 'node:worker_threads';

/** A job handed to a worker and its answer, matched by id. */
interface Request<In> {
  id: number;
  input: In;
}
type Reply<Out> = { id: number; ok: true; output: Out } | { id: number; ok: false; message: string };

interface Pending<Out> {
  resolve: (output: Out) => void;
  reject: (error: Error) => void;
}

/** One thread and the jobs it holds. */
interface Slot<Out> {
  worker: Worker;
  pending: Map<number, Pending<Out>>;
}

/**
 * A worker module written in TypeScript (tests and `tsx` run the sources) is started through tsx's loader;
 * the built server starts its JavaScript directly.
 */
function startWorker(url: URL): Worker {
  if (!url.pathname.endsWith('.ts')) return new Worker(url);
  // A data: module resolves no package names: tsx's ESM loader is named by its file.
  const manifest = createRequire(import.meta.url).resolve('tsx/package.json');
  const tsx = pathToFileURL(join(dirname(manifest), 'dist/esm/api/index.mjs')).href;
  const bootstrap = `import { register } from ${JSON.stringify(tsx)}; register(); await import(${JSON.stringify(url.href)});`;
  return new Worker(new URL(`data:text/javascript,${encodeURIComponent(bootstrap)}`));
}

/**
 * A fixed number of worker threads running one module, so CPU-heavy work (planning thousands of screens)
 * runs off the event loop: the server keeps answering while it computes. A job goes to the thread with the
 * fewest jobs; a thread that dies fails its jobs and is replaced.
 */
export class WorkerPool<In, Out> {
  private readonly slots: Slot<Out>[] = [];
  private nextId = 1;
  private closed = false;

  constructor(
    private readonly url: URL,
    /** How many threads it runs at most. */
    readonly size: number,
  ) {}

  run(input: In): Promise<Out> {
    if (this.closed) return Promise.reject(new Error('worker pool closed'));
    const slot = this.pick();
    const id = this.nextId++;
    return new Promise<Out>((resolve, reject) => {
      slot.pending.set(id, { resolve, reject });
      slot.worker.postMessage({ id, input } satisfies Request<In>);
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    const slots = this.slots.splice(0);
    await Promise.all(slots.map((slot) => slot.worker.terminate()));
  }

  private pick(): Slot<Out> {
    if (this.slots.length < this.size) return this.spawn();
    return this.slots.reduce((a, b) => (b.pending.size < a.pending.size ? b : a));
  }

  private spawn(): Slot<Out> {
    const slot: Slot<Out> = { worker: startWorker(this.url), pending: new Map() };
    slot.worker.unref();
    slot.worker.on('message', (reply: Reply<Out>) => {
      const job = slot.pending.get(reply.id);
      if (!job) return;
      slot.pending.delete(reply.id);
      if (reply.ok) job.resolve(reply.output);
      else job.reject(new Error(reply.message));
    });
    const fail = (error: Error) => {
      const index = this.slots.indexOf(slot);
      if (index >= 0) this.slots.splice(index, 1);
      for (const job of slot.pending.values()) job.reject(error);
      slot.pending.clear();
    };
    slot.worker.on('error', fail);
    slot.worker.on('exit', (code) => fail(new Error(`worker exited with code ${code}`)));
    this.slots.push(slot);
    return slot;
  }
}

/**
 * How far below the server's own thread a worker thread runs (nice steps, up to 19). A pool planning a cold
 * fleet fills every core it has; the requests must still come first, most of all on small machines.
 */
export const WORKER_NICE = 10;

/**
 * The worker side: answers each job with the handler's result, or with its error's message. It first lowers
 * its own thread's priority by `nice` steps (0 for work a request waits on): Linux keeps a nice value per thread, so the event loop's thread keeps its own
 * (elsewhere the call would lower the whole process, so it is made on Linux only).
 */
export function serveJobs<In, Out>(handler: (input: In) => Out, nice = WORKER_NICE): void {
  if (!parentPort) throw new Error('serveJobs runs inside a worker thread');
  const port = parentPort;
  if (process.platform === 'linux' && nice > 0) {
    try {
      setPriority(0, Math.min(19, getPriority(0) + nice));
    } catch {
      // Not allowed here (a locked-down container): the thread plans at the process's priority.
    }
  }
  port.on('message', ({ id, input }: Request<In>) => {
    let reply: Reply<Out>;
    try {
      reply = { id, ok: true, output: handler(input) };
    } catch (error) {
      reply = { id, ok: false, message: error instanceof Error ? error.message : String(error) };
    }
    port.postMessage(reply);
  });
}
