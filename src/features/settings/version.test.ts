import { describe, expect, it } from 'vitest';
import { compareVersions, isUpdateAvailable } from './version';

describe('versions', () => {
  it('compares numerically', () => {
    expect(compareVersions('3.0.10', '3.0.9')).toBe(1);
    expect(compareVersions('3.0.1', '3.0.1')).toBe(0);
    expect(compareVersions('3.0', '3.0.0')).toBe(0);
    expect(compareVersions('2.9.9', '3.0.0')).toBe(-1);
  });
  it('offers an update only for a newer server version', () => {
    expect(isUpdateAvailable('3.1.0', '3.0.1')).toBe(true);
    expect(isUpdateAvailable('3.0.1', '3.0.1')).toBe(false);
    expect(isUpdateAvailable('3.0.0', '3.0.1')).toBe(false);
  });
});
