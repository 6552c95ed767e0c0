import { describe, expect, it } from 'vitest';
import { API_SEGMENTS, isApiPath } from './api-segments';
import { api } from './index';

describe('API segments', () => {
  it('cover every path of the contract, the live stream and the operator routes, and nothing the app serves', () => {
    for (const area of Object.values(api)) for (const e of Object.values(area)) expect(isApiPath(e.path), e.path).toBe(true);
    expect(isApiPath('/notify/live')).toBe(true);
    expect(isApiPath('/ops/approve')).toBe(true);
    for (const appPath of ['/', '/pages/index/index', '/pages/login/index', '/assets/index-abc.js', '/sw.js', '/icons/x.png'])
      expect(isApiPath(appPath), appPath).toBe(false);
    expect(API_SEGMENTS).not.toContain('');
    expect(API_SEGMENTS).not.toContain('pages');
  });

  it('ignore the query string', () => {
    expect(isApiPath('/member/wallet?x=1')).toBe(true);
    expect(isApiPath('/pages/record/index?q=/member/')).toBe(false);
  });
});
