/**
 * Build step: the public pages as static HTML that paints before JavaScript. After the client
 * bundle is generated, each page of `PRERENDERED_PAGES` is rendered in Node (src/prerender/render.tsx,
 * loaded through Vite's SSR loader in a happy-dom window, so modules that touch `window` at import
 * still load) and written beside index.html with:
 * - the entry's and the page's CSS inline (no render-blocking stylesheet request);
 * - the page's modules (the entry, its imports, the route's chunks and the source locale's catalog)
 *   listed for the inline script, which preloads them all together, in parallel with the entry,
 *   right after the first frame — none of them is needed for the first paint;
 * - the inline first-paint check (src/prerender/paint-check.ts) right after #root, which also
 *   starts the app (the entry is imported, not a script tag) once the first frame is painted;
 * - the CSP hashes of that script, the style element and the style attributes, in
 *   `prerendered/csp.json`, which the server adds to its Content-Security-Policy.
 * Emitted as assets, so the service worker's precache picks them up.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { build as esbuild } from 'esbuild';
import { Window } from 'happy-dom';
import { createServer, type Plugin, type Rolldown } from 'vite';
import { PRERENDER_CSP_FILE, type PrerenderCsp } from '../../src/config/prerendered-pages.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Each prerendered file: the URL rendered and the route file whose split component it shows. */
const PAGES = [
  { file: 'prerendered/login.html', url: '/pages/login/index', route: 'src/routes/pages/login/[index].tsx' },
  { file: 'prerendered/register.html', url: '/pages/login/register', route: 'src/routes/pages/login/register.tsx' },
  {
    file: 'prerendered/forgot-password.html',
    url: '/pages/login/forgot-password',
    route: 'src/routes/pages/login/forgot-password.tsx',
  },
  { file: 'prerendered/language.html', url: '/pages/common/language', route: 'src/routes/pages/common/language.tsx' },
  { file: 'prerendered/protocol.html', url: '/pages/my/protocol', route: 'src/routes/pages/my/protocol.tsx' },
];

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;
type OutputAsset = Rolldown.OutputAsset;

const cspHash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const isChunk = (o: OutputBundle[string] | undefined): o is OutputChunk => o?.type === 'chunk';

/** A chunk and every chunk it imports statically, and the CSS they carry. */
function closure(bundle: OutputBundle, start: OutputChunk) {
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (c: OutputChunk) => {
    if (js.has(c.fileName)) return;
    js.add(c.fileName);
    for (const f of c.viteMetadata?.importedCss ?? []) css.add(f);
    for (const i of c.imports) {
      const next = bundle[i];
      if (isChunk(next)) visit(next);
    }
  };
  visit(start);
  return { js, css };
}

/** Browser globals from a happy-dom window, for as long as the rendering runs. */
function withDomGlobals<T>(run: () => Promise<T>): Promise<T> {
  const win = new Window({ url: 'http://localhost/' });
  const keys = ['window', 'self', 'document', 'navigator', 'localStorage', 'sessionStorage', 'location', 'matchMedia'];
  const saved = keys.map((k) => [k, Object.getOwnPropertyDescriptor(globalThis, k)] as const);
  for (const k of keys) {
    const value = k === 'window' || k === 'self' ? win : (win as unknown as Record<string, unknown>)[k];
    Object.defineProperty(globalThis, k, { value, configurable: true, writable: true });
  }
  return run().finally(async () => {
    for (const [k, d] of saved) {
      if (d) Object.defineProperty(globalThis, k, d);
      else delete (globalThis as Record<string, unknown>)[k];
    }
    await win.happyDOM.close();
  });
}

async function renderPages(): Promise<string[]> {
  const vite = await createServer({
    configFile: path.join(ROOT, 'vite.config.ts'),
    root: ROOT,
    server: { middlewareMode: true, hmr: false, watch: null },
    appType: 'custom',
    logLevel: 'warn',
  });
  try {
    return await withDomGlobals(async () => {
      const { renderPublicPage } = (await vite.ssrLoadModule(
        '/src/prerender/render.tsx',
      )) as typeof import('../../src/prerender/render.tsx');
      const { messages } = (await vite.ssrLoadModule('/locales/en_US/public.po')) as { messages: Record<string, unknown> };
      const out: string[] = [];
      for (const page of PAGES) out.push(await renderPublicPage(page.url, messages));
      return out;
    });
  } finally {
    await vite.close();
  }
}

async function paintCheckScript(): Promise<string> {
  const r = await esbuild({
    entryPoints: [path.join(ROOT, 'src/prerender/paint-check.ts')],
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2020',
    write: false,
    logLevel: 'warning',
  });
  return r.outputFiles[0]!.text.trim();
}

const decodeAttr = (v: string) =>
  v
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

export function prerenderPages(): Plugin {
  return {
    name: 'tessera:prerender',
    apply: 'build',
    enforce: 'post',
    async generateBundle(_options, bundle) {
      const template = bundle['index.html'] as OutputAsset | undefined;
      const entry = Object.values(bundle).find((o): o is OutputChunk => isChunk(o) && o.isEntry);
      if (!template || !entry) return;
      const html = String(template.source);
      const locale = Object.values(bundle).find(
        (o): o is OutputChunk => isChunk(o) && (o.facadeModuleId ?? '').endsWith('locales/en_US/public.po'),
      );
      const [bodies, script] = await Promise.all([renderPages(), paintCheckScript()]);
      const entryClosure = closure(bundle, entry);
      const styleAttrs = new Set<string>();
      const styles = new Set<string>();
      PAGES.forEach((page, i) => {
        const routeChunk = Object.values(bundle).find(
          (o): o is OutputChunk =>
            isChunk(o) &&
            (o.facadeModuleId ?? '').startsWith(path.join(ROOT, page.route)) &&
            (o.facadeModuleId ?? '').includes('tsr-split=component'),
        );
        if (!routeChunk) throw new Error(`prerender: no chunk for ${page.route}`);
        const route = closure(bundle, routeChunk);
        const preload = [...route.js, ...(locale ? [locale.fileName] : [])].filter((f) => !entryClosure.js.has(f));
        const css = [...new Set([...entryClosure.css, ...route.css])]
          .map((f) => String((bundle[f] as OutputAsset).source))
          .join('\n');
        styles.add(css);
        // The router's scroll-restoration script is for server rendering with hydration; the app
        // restores scroll itself, and an unhashed inline script would only be refused by the CSP.
        let body = bodies[i]!.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '');
        // React puts the resources it hoists (an image preload) before the markup when it renders
        // no <head>: they belong in the head, or hydration finds an element it did not render.
        const hoisted = /^(?:<link\b[^>]*>)+/.exec(body)?.[0] ?? '';
        body = body.slice(hoisted.length);
        for (const m of body.matchAll(/ style="([^"]*)"/g)) styleAttrs.add(decodeAttr(m[1]!));
        const entryTag = `<script type="module" crossorigin src="/${entry.fileName}"></script>`;
        if (!html.includes(entryTag)) throw new Error(`prerender: index.html has no ${entryTag}`);
        // Every module the page needs — the entry, its imports, the route's chunks and the catalog —
        // is requested by the inline script right after the first frame, all at once: nothing
        // competes with the HTML for the first paint, and nothing waits for the entry to ask.
        const viteModulePreloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="\/([^"]+)">/g)].map(
          (m) => m[1]!,
        );
        const modules = [...new Set([...viteModulePreloads, ...preload])].map((f) => `/${f}`).join(' ');
        // Replacements are functions: a `$` in the page's text or CSS is not a replacement pattern.
        const pageHtml = html
          .replace(/<link rel="stylesheet"[^>]*href="\/assets\/[^"]+\.css"[^>]*>/g, '')
          .replace(/\s*<link rel="modulepreload" crossorigin href="\/[^"]+">/g, '')
          .replace(
            entryTag,
            () =>
              `<meta name="tessera-entry" content="/${entry.fileName}">\n    <meta name="tessera-modules" content="${modules}">`,
          )
          .replace('</head>', () => `    ${hoisted}\n    <style>${css}</style>\n  </head>`)
          .replace('<div id="root"></div>', () => `<div id="root" data-prerendered="">${body}</div><script>${script}</script>`);
        if (!pageHtml.includes('data-prerendered')) throw new Error('prerender: index.html has no empty #root');
        this.emitFile({ type: 'asset', fileName: page.file, source: pageHtml });
      });
      const csp: PrerenderCsp = {
        scriptSrc: [cspHash(script)],
        styleSrc: [...styles].map(cspHash),
        styleSrcAttr: [...styleAttrs].map(cspHash),
      };
      this.emitFile({ type: 'asset', fileName: PRERENDER_CSP_FILE, source: `${JSON.stringify(csp, null, 2)}\n` });
    },
  };
}
