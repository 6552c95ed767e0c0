import { describe, expect, it } from 'vitest';
import { decideUpdate } from './update';

describe('update decision', () => {
  it('only remembers the first version it sees', () => expect(decideUpdate(undefined, '3.0.1')).toBe('remember'));
  it('does nothing when the version is unchanged', () => expect(decideUpdate('3.0.1', '3.0.1')).toBe('none'));
  it('updates on any difference, newer or older', () => {
    expect(decideUpdate('3.0.1', '3.0.2')).toBe('update');
    expect(decideUpdate('3.0.2', '3.0.1')).toBe('update');
  });
});
