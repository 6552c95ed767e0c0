import { describe, expect, it } from 'vitest';
import { must, mustAll } from './must';

describe('must', () => {
  it('hands back a present value, falsy ones included', () => {
    expect(must(0, 'n')).toBe(0);
    expect(must('', 's')).toBe('');
  });

  it('names what was missing', () => {
    expect(() => must(undefined, 'the pair')).toThrow('the pair is missing');
    expect(() => must(null, 'the pair')).toThrow('the pair is missing');
    expect(() => mustAll({ id: 'p1', rate: null }, 'the pair')).toThrow('the pair: rate is missing');
    expect(mustAll({ id: 'p1', enabled: false }, 'the pair')).toEqual({ id: 'p1', enabled: false });
  });
});
