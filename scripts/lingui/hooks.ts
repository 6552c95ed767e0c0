/**
 * Node module hooks (registered by `register.ts`) that compile the server's Lingui macros and `.po`
 * catalogs on load, as `scripts/build-server.ts` does at build time, so scripts run by `tsx` can
 * import the server's services directly.
 */
import { fileURLToPath } from 'node:url';
import { compileCatalog, compileMacros, isServerI18n, usesMacros } from './compile.ts';

type Loaded = { format?: string | null; source?: string | ArrayBuffer | Uint8Array; shortCircuit?: boolean };
type NextLoad = (url: string, context?: unknown) => Promise<Loaded>;

export async function load(url: string, context: unknown, nextLoad: NextLoad): Promise<Loaded> {
  if (!url.startsWith('file:')) return nextLoad(url, context);
  const file = fileURLToPath(url);
  if (file.endsWith('.po')) return { format: 'module', source: await compileCatalog(file), shortCircuit: true };
  const loaded = await nextLoad(url, context);
  if (!isServerI18n(file) || loaded.source === undefined) return loaded;
  // tsx (next in the chain) has stripped the types; the macros are compiled in what it returns.
  const source = typeof loaded.source === 'string' ? loaded.source : Buffer.from(loaded.source as Uint8Array).toString('utf8');
  return usesMacros(file, source) ? { ...loaded, source: await compileMacros(file, source) } : loaded;
}
