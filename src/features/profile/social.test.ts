import { describe, expect, it } from 'vitest';
import { socialUrl } from './social';

describe('socialUrl', () => {
  it('turns handles into links on the network host', () => {
    expect(socialUrl('telegram', '@tessera')).toBe('https://t.me/tessera');
    expect(socialUrl('x', 'tessera_app')).toBe('https://x.com/tessera_app');
    expect(socialUrl('instagram', 'tessera.app')).toBe('https://www.instagram.com/tessera.app');
    expect(socialUrl('line', 'abc-1')).toBe('https://line.me/ti/p/~abc-1');
  });

  it('keeps https URLs on the right host and drops everything else', () => {
    expect(socialUrl('x', 'https://twitter.com/a')).toBe('https://twitter.com/a');
    expect(socialUrl('x', 'https://evil.com/a')).toBeNull();
    expect(socialUrl('telegram', 'http://t.me/a')).toBeNull();
    expect(socialUrl('line', 'javascript:alert(1)')).toBeNull();
    expect(socialUrl('line', 'a b')).toBeNull();
    expect(socialUrl('line', null)).toBeNull();
    expect(socialUrl('line', '  ')).toBeNull();
  });
});
