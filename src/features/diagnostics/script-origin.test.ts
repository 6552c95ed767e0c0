import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sameOriginScriptUrl } from './script-origin';

const app = 'https://wallet.example.com';

describe('sameOriginScriptUrl', () => {
  it('accepts paths and absolute URLs on the app origin', () => {
    expect(sameOriginScriptUrl('/diag.js', app)).toBe('https://wallet.example.com/diag.js');
    expect(sameOriginScriptUrl('diag/x.js?v=1', app)).toBe('https://wallet.example.com/diag/x.js?v=1');
    expect(sameOriginScriptUrl('https://wallet.example.com/a.js', app)).toBe('https://wallet.example.com/a.js');
  });

  it('refuses every other origin and scheme', () => {
    for (const bad of [
      null,
      '',
      '   ',
      'https://evil.example.com/a.js',
      '//evil.example.com/a.js',
      'http://wallet.example.com/a.js',
      'https://wallet.example.com:8443/a.js',
      'https://wallet.example.com.evil.io/a.js',
      'https://user:pw@wallet.example.com/a.js',
      'javascript:alert(1)',
      'data:text/javascript,alert(1)',
      'blob:https://wallet.example.com/123',
      'http://[::1',
    ]) {
      expect(sameOriginScriptUrl(bad, app), String(bad)).toBeNull();
    }
  });

  it('never returns a URL outside the app origin', () => {
    fc.assert(
      fc.property(fc.oneof(fc.webUrl(), fc.string()), (candidate) => {
        const out = sameOriginScriptUrl(candidate, app);
        if (out !== null) expect(new URL(out).origin).toBe(app);
      }),
    );
  });
});
