/** The PWA on the API's port: cache headers, SPA fallback, CSP and security headers, compression. */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, makeUser, resetDb, setupDb, type TestEnv } from './helpers';

const CSP =
  "default-src 'self';script-src 'self';style-src 'self';img-src 'self' data: blob:;connect-src 'self';worker-src 'self';manifest-src 'self';object-src 'none';base-uri 'self';frame-ancestors 'none'";

const PERMISSIONS_POLICY =
  'camera=(self), microphone=(), geolocation=(), payment=(), usb=(), serial=(), bluetooth=(), hid=(), midi=(), display-capture=(), clipboard-read=(self), clipboard-write=(self), publickey-credentials-get=(self)';

describe('prerendered public pages', () => {
  let env: TestEnv;
  let app: FastifyInstance;
  const csp = { scriptSrc: ["'sha256-c2NyaXB0'"], styleSrc: ["'sha256-c3R5bGU='"], styleSrcAttr: ["'sha256-YXR0cg=='"] };
  beforeAll(async () => {
    env = await setupDb();
    const dir = path.join(env.dataDir, 'dist-pre');
    mkdirSync(path.join(dir, 'prerendered'), { recursive: true });
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
    for (const page of ['login', 'register', 'forgot-password', 'language', 'protocol'])
      writeFileSync(
        path.join(dir, 'prerendered', `${page}.html`),
        `<!doctype html><div id="root" data-prerendered="">${page}</div>`,
      );
    writeFileSync(path.join(dir, 'prerendered', 'csp.json'), JSON.stringify(csp));
    app = await makeApp(env, { config: { staticDir: dir } });
  });
  afterAll(async () => {
    await app.close();
    await env.close();
  });
  const nav = (url: string) => app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

  it('answers each public page, and the entry page, with its own HTML; the rest with the shell', async () => {
    for (const [url, page] of [
      ['/', 'login'],
      ['/pages/login/index', 'login'],
      ['/pages/login/register', 'register'],
      ['/pages/login/forgot-password/', 'forgot-password'],
      ['/pages/common/language', 'language'],
      ['/pages/my/protocol', 'protocol'],
      ['/pages/my/protocol?type=agreement', 'protocol'],
    ] as const) {
      const r = await nav(url);
      expect(r.statusCode, url).toBe(200);
      expect(r.body, url).toContain(`data-prerendered="">${page}<`);
      expect(r.headers['cache-control'], url).toBe('no-cache');
    }
    // The privacy policy and every signed-in page render in the browser.
    for (const url of ['/pages/my/protocol?type=privacy', '/pages/index/index'])
      expect((await nav(url)).body, url).toBe('<!doctype html><div id="root"></div>');
  });

  it('allows exactly the inline script, style and style attributes the build hashed', async () => {
    const policy = String((await nav('/pages/login/index')).headers['content-security-policy']);
    expect(policy).toContain("script-src 'self' 'sha256-c2NyaXB0';");
    expect(policy).toContain("style-src 'self' 'sha256-c3R5bGU=';");
    expect(policy).toContain("style-src-attr 'unsafe-hashes' 'sha256-YXR0cg==';");
    expect(policy).not.toContain('unsafe-inline');
  });
});

describe('static PWA', () => {
  let env: TestEnv;
  let app: FastifyInstance;
  beforeAll(async () => {
    env = await setupDb();
    await resetDb(env.db);
    const dir = path.join(env.dataDir, 'dist');
    mkdirSync(path.join(dir, 'assets'), { recursive: true });
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Tessera</title><div id="root"></div>');
    writeFileSync(path.join(dir, 'sw.js'), 'self.addEventListener("install", () => {});');
    writeFileSync(path.join(dir, 'manifest.webmanifest'), '{"name":"Tessera"}');
    writeFileSync(path.join(dir, 'assets', 'index-AbC123.js'), `console.log(${JSON.stringify('x'.repeat(5000))});`);
    writeFileSync(path.join(dir, 'robots.txt'), 'User-agent: *');
    app = await makeApp(env, { config: { staticDir: dir } });
  });
  afterAll(async () => {
    await app.close();
    await env.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

  it('serves hashed assets immutable and the shell files no-cache', async () => {
    const asset = await get('/assets/index-AbC123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/', '/index.html', '/sw.js', '/manifest.webmanifest']) {
      const r = await get(url);
      expect(r.statusCode, url).toBe(200);
      expect(r.headers['cache-control'], url).toBe('no-cache');
    }
    expect((await get('/robots.txt')).headers['cache-control']).toBe('public, max-age=3600');
  });

  it('falls back to index.html for HTML navigations outside the API', async () => {
    const r = await get('/pages/index/index', { accept: 'text/html,application/xhtml+xml' });
    expect(r.statusCode).toBe(200);
    expect(r.body).toContain('<div id="root">');
    expect(r.headers['cache-control']).toBe('no-cache');
    expect((await get('/pages/index/index', { accept: 'application/json' })).statusCode).toBe(404);
    const api = await get('/member/unknown', { accept: 'text/html' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 404 });
    expect((await get('/assets/missing.js')).statusCode).toBe(404);
  });

  it('sends a strict CSP and security headers, without HSTS or upgrade-insecure-requests on plain HTTP', async () => {
    for (const url of ['/', '/config/app']) {
      const r = await get(url);
      expect(r.headers['content-security-policy']).toBe(CSP);
      expect(r.headers['x-content-type-options']).toBe('nosniff');
      // frame-ancestors 'none' says it; a second, weaker header would only disagree.
      expect(r.headers['x-frame-options']).toBeUndefined();
      expect(r.headers['referrer-policy']).toBe('no-referrer');
      expect(r.headers['strict-transport-security']).toBeUndefined();
      // The scanner needs the camera; nothing else is used.
      expect(r.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
    }
  });

  it('API answers are never stored by a cache: signed-in data, tokens, and errors alike', async () => {
    const u = await makeUser(env.db, { password: 'Login1234' });
    const login = await app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { type: 'phone', areaCode: '1', phone: u.phone, password: 'Login1234' },
    });
    expect(login.json()).toMatchObject({ code: 200 });
    const wallet = await app.inject({ method: 'GET', url: '/member/wallet', headers: { authorization: `Bearer ${u.token}` } });
    const denied = await app.inject({ method: 'GET', url: '/member/wallet' });
    for (const r of [login, wallet, denied, await get('/config/app')]) expect(r.headers['cache-control']).toBe('no-store');
  });

  it('compresses assets and JSON with brotli or gzip', async () => {
    const br = await get('/assets/index-AbC123.js', { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    const gz = await get('/country/list', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['content-type']).toContain('application/json');
  });

  it('adds HSTS and upgrade-insecure-requests when serving HTTPS itself', async () => {
    const cert = path.join(env.dataDir, 'cert.pem');
    const key = path.join(env.dataDir, 'key.pem');
    // openssl is installed by scripts/setup-test-deps.sh.
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=localhost'],
      { stdio: 'ignore' },
    );
    const tls = await makeApp(env, { config: { tlsCert: cert, tlsKey: key } });
    const r = await tls.inject({ method: 'GET', url: '/config/app' });
    expect(r.headers['strict-transport-security']).toContain('max-age=');
    expect(r.headers['content-security-policy']).toBe(`${CSP};upgrade-insecure-requests`);
    await tls.close();
  });
});
