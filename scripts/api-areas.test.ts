/**
 * One name per API area, end to end: the contract's `api.<area>` is declared in
 * `src/contract/<area>.ts`, called from `src/api/<area>.ts` and served by
 * `server/src/routes/<area>.ts` (the area in kebab case), so the file of any call follows from its
 * contract name.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { api } from '../src/contract/index';

const ROOT = path.resolve(import.meta.dirname, '..');
const kebab = (s: string) => s.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
const read = (file: string) => (existsSync(path.join(ROOT, file)) ? readFileSync(path.join(ROOT, file), 'utf8') : '');

describe('API areas', () => {
  for (const [area, endpoints] of Object.entries(api)) {
    const file = `${kebab(area)}.ts`;
    it(`${area}: contract/${file}, api/${file} and routes/${file}`, () => {
      expect(read(`src/contract/${file}`), `src/contract/${file}`).toMatch(new RegExp(`export const ${area}Api\\b`));
      expect(read(`src/api/${file}`), `src/api/${file}`).toMatch(new RegExp(`\\b${area}Api\\b`));
      const routes = read(`server/src/routes/${file}`);
      expect(routes, `server/src/routes/${file}`).toContain(`api.${area}`);
      const unserved = Object.keys(endpoints).filter((name) => !new RegExp(`\\.${name}\\b`).test(routes));
      expect(unserved, `calls of api.${area} not defined in server/src/routes/${file}`).toEqual([]);
    });
  }
});
