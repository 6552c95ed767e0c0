import { describe, expect, it } from 'vitest';
import { oneOf, optionalString, requiredId, searchSchema } from './params';

describe('page query validation', () => {
  const transfer = searchSchema({ address: optionalString(64), tab: oneOf(['all', 'in'] as const) });
  it('keeps valid values and drops the rest', () => {
    expect(transfer({ address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', tab: 'in', extra: 'x' })).toEqual({
      address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      tab: 'in',
    });
    expect(transfer({ address: 'x'.repeat(65), tab: 'nope' })).toEqual({});
  });
  it('accepts numeric ids the router parsed as numbers', () => {
    expect(searchSchema({ id: requiredId })({ id: 42 })).toEqual({ id: '42' });
  });
  it('refuses a missing or hostile id', () => {
    expect(() => searchSchema({ id: requiredId })({})).toThrow();
    expect(() => searchSchema({ id: requiredId })({ id: '../etc' })).toThrow();
  });
});
