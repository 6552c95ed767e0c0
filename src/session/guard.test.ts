import { describe, expect, it } from 'vitest';
import { HOME_PATH, LOGIN_PATH, launchRedirect, navigationRedirect } from './guard';

describe('navigation guard', () => {
  it.each([
    '/pages/login/index',
    '/pages/login/register',
    '/pages/login/forgot-password',
    '/pages/common/language',
    '/pages/index/test',
    '/pages/my/protocol',
    '/',
  ])('lets an anonymous user open whitelisted %s', (path) => expect(navigationRedirect(path, false)).toBeNull());
  it.each([
    '/pages/index/index',
    '/pages/index/transfer',
    '/pages/my/google-code/index',
    '/pages/common/launch',
    '/pages/my/setting',
  ])('sends an anonymous user on %s to login', (path) => expect(navigationRedirect(path, false)).toBe(LOGIN_PATH));
  it('lets a token holder go anywhere while navigating', () => {
    expect(navigationRedirect('/pages/login/index', true)).toBeNull();
    expect(navigationRedirect('/pages/index/transfer', true)).toBeNull();
  });
  it('ignores a trailing slash', () => {
    expect(navigationRedirect('/pages/login/register/', false)).toBeNull();
  });
});

describe('launch check', () => {
  it('sends a token holder on a whitelisted page home', () => {
    expect(launchRedirect('/', true)).toBe(HOME_PATH);
    expect(launchRedirect('/pages/common/language', true)).toBe(HOME_PATH);
  });
  it('leaves a token holder on a private page alone', () => {
    expect(launchRedirect('/pages/record/index', true)).toBeNull();
  });
  it('sends an anonymous user on a private page to login', () => {
    expect(launchRedirect('/pages/my/index', false)).toBe(LOGIN_PATH);
    expect(launchRedirect('/pages/login/index', false)).toBeNull();
  });
});
