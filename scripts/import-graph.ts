/**
 * The relative-import graph of a source tree (static imports, re-exports and dynamic imports), its
 * cycles, and imports from one feature into another. `npx tsx scripts/import-graph.ts src server/src`
 * prints both and exits 1 if there is any; the layers test runs them in `npm test`.
 *
 * Feature crossings are checked here rather than by Biome: its restricted-import patterns match the
 * import text, and `../components/x` is the same feature from `transfer/model/` but another one from
 * `transfer/` — only the resolved path says which.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const SOURCE = /\.(ts|tsx)$/;
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"](\.{1,2}\/[^'"]+)['"]/gm;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) return name === 'node_modules' || name === 'dist' ? [] : files(p);
    return SOURCE.test(name) && !/\.(test|spec)\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [p] : [];
  });
}

function resolve(from: string, spec: string): string | null {
  const base = path.resolve(path.dirname(from), spec.replace(/\.(ts|tsx|js)$/, ''));
  for (const candidate of [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')])
    if (existsSync(candidate)) return candidate;
  return null;
}

/**
 * Each module's relative imports, resolved to absolute paths. Type-only imports vanish at compile
 * time, so they cannot form a cycle at run time and are left out unless `withTypes` (a type from
 * another feature is still a wall crossed).
 */
export function importGraph(roots: string[], { withTypes = false } = {}): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const root of roots)
    for (const file of files(root)) {
      const source = readFileSync(file, 'utf8');
      const text = withTypes ? source : source.replace(/^\s*(?:import|export)\s+type\b[^;]*;/gms, '');
      const targets = [...text.matchAll(IMPORT)].map((m) => resolve(file, m[1]!)).filter((t): t is string => t !== null);
      graph.set(path.resolve(file), targets);
    }
  return graph;
}

/** Every strongly connected group of more than one module (Tarjan), as paths relative to cwd. */
export function cycles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const stack: string[] = [];
  const info = new Map<string, { index: number; low: number; onStack: boolean }>();
  const found: string[][] = [];
  const visit = (v: string) => {
    info.set(v, { index, low: index, onStack: true });
    index++;
    stack.push(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!info.has(w)) {
        visit(w);
        info.get(v)!.low = Math.min(info.get(v)!.low, info.get(w)!.low);
      } else if (info.get(w)!.onStack) info.get(v)!.low = Math.min(info.get(v)!.low, info.get(w)!.index);
    }
    if (info.get(v)!.low === info.get(v)!.index) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        info.get(w)!.onStack = false;
        group.push(path.relative(process.cwd(), w));
      } while (w !== v);
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const v of graph.keys()) if (!info.has(v)) visit(v);
  return found;
}

const FEATURE = /[\\/]src[\\/]features[\\/]([^\\/]+)[\\/]/;

/** Imports from a module of one feature (`src/features/<name>/…`) into another feature, as `from → to`. */
export function featureCrossings(graph: Map<string, string[]>): string[] {
  const found: string[] = [];
  for (const [from, targets] of graph) {
    const own = FEATURE.exec(from)?.[1];
    if (!own) continue;
    for (const to of targets) {
      const other = FEATURE.exec(to)?.[1];
      if (other && other !== own) found.push(`${path.relative(process.cwd(), from)} → ${path.relative(process.cwd(), to)}`);
    }
  }
  return found;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const roots = process.argv.slice(2);
  const found = cycles(importGraph(roots));
  for (const group of found) process.stdout.write(`cycle: ${group.join(' ↔ ')}\n`);
  const crossings = featureCrossings(importGraph(roots, { withTypes: true }));
  for (const crossing of crossings) process.stdout.write(`feature imports another feature: ${crossing}\n`);
  process.exit(found.length || crossings.length ? 1 : 0);
}
