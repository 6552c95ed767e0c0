/**
 * argon2id on a pool of worker threads, one per core (`password-worker.ts`), each running one
 * hash or verification at a time at a lower priority than the server. The event loop never
 * computes a hash, and the pool is sized so that a burst of withdrawals can use every core for
 * hashing without taking time slices from the threads that serve requests and the database.
 */
import os from 'node:os';
import type { Worker } from 'node:worker_threads';
import type { Options } from '@node-rs/argon2';
import { startWorker } from '../../worker-thread';

export type PasswordTask =
  | { kind: 'hash'; password: string; options: Options }
  | { kind: 'verify'; stored: string; password: string };

export type PasswordReply = { id: number; value: string | boolean; error?: undefined } | { id: number; error: string };

interface Job {
  id: number;
  task: PasswordTask;
  resolve: (value: string | boolean) => void;
  reject: (error: Error) => void;
}

export class PasswordThreads {
  private readonly idle: Worker[] = [];
  private readonly busy = new Map<Worker, Job>();
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;

  constructor(readonly size = os.availableParallelism()) {
    for (let i = 0; i < size; i++) this.idle.push(this.spawn());
  }

  run(task: PasswordTask): Promise<string | boolean> {
    return new Promise((resolve, reject) => {
      this.queue.push({ id: this.nextId++, task, resolve, reject });
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new Error('the password pool is closed'));
    for (const job of this.busy.values()) job.reject(new Error('the password pool is closed'));
    const all = [...this.idle, ...this.busy.keys()];
    this.idle.length = 0;
    this.busy.clear();
    await Promise.all(all.map((w) => w.terminate()));
  }

  private spawn(): Worker {
    const worker = startWorker('password-worker', import.meta.url);
    worker.on('message', (reply: PasswordReply) => {
      const job = this.busy.get(worker);
      if (!job || job.id !== reply.id) return;
      this.release(worker);
      if (reply.error !== undefined) job.reject(new Error(reply.error));
      else job.resolve(reply.value);
    });
    // A thread that died takes its job down with it and is replaced.
    worker.on('error', (e) => this.replace(worker, e));
    worker.on('exit', (code) => this.replace(worker, new Error(`password thread exited (${code})`)));
    // Idle hashing threads never keep the process alive (after the listeners: adding one refs the port).
    worker.unref();
    return worker;
  }

  private release(worker: Worker) {
    this.busy.delete(worker);
    worker.unref();
    this.idle.push(worker);
    this.dispatch();
  }

  private replace(worker: Worker, error: Error) {
    const job = this.busy.get(worker);
    const wasIdle = this.idle.indexOf(worker);
    if (this.closed || (!job && wasIdle < 0)) return; // closed, or already replaced
    this.busy.delete(worker);
    if (wasIdle >= 0) this.idle.splice(wasIdle, 1);
    job?.reject(error);
    this.idle.push(this.spawn());
    this.dispatch();
  }

  private dispatch() {
    for (;;) {
      const worker = this.idle.at(-1);
      const job = this.queue[0];
      if (!worker || !job) return;
      this.idle.pop();
      this.queue.shift();
      this.busy.set(worker, job);
      worker.ref(); // a job in flight keeps the process alive until it answers
      worker.postMessage({ id: job.id, task: job.task });
    }
  }
}
