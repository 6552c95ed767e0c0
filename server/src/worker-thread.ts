/**
 * Starts one of the server's worker threads. Compiled (`server/dist`), each worker is its own
 * `<name>.js` beside `start.js`; from source (tsx, Vitest) it is the `.ts` file beside its caller,
 * loaded through tsx's API because Node 20 does not hand the parent's loader hooks to a worker.
 */
import { Worker, type WorkerOptions } from 'node:worker_threads';

/** `name`: the worker's file name without extension; `from`: the caller's `import.meta.url`. */
export function startWorker(name: string, from: string, options: WorkerOptions = {}): Worker {
  if (!from.endsWith('.ts')) return new Worker(new URL(`./${name}.js`, from), options);
  const source = new URL(`./${name}.ts`, from).href;
  const tsxApi = import.meta.resolve('tsx/esm/api');
  const boot = `import(${JSON.stringify(tsxApi)}).then((tsx) => tsx.tsImport(${JSON.stringify(source)}, ${JSON.stringify(from)}))`;
  return new Worker(boot, { ...options, eval: true });
}
