import { afterEach, describe, expect, it, vi } from 'vitest';
import { deleteKey, readKey, writeKey } from './kv';

describe('the key-value store', () => {
  afterEach(() => vi.restoreAllMocks());

  it('commits each read and write as soon as its request is made, not at the next turn of the event loop', async () => {
    const commit = vi.spyOn(IDBTransaction.prototype, 'commit');
    expect(await writeKey('saved', { at: 1 })).toBe(true);
    expect(commit).toHaveBeenCalledTimes(1);
    expect(await readKey('saved')).toEqual({ at: 1 });
    await deleteKey('saved');
    expect(await readKey('saved')).toBeUndefined();
    expect(commit).toHaveBeenCalledTimes(4);
  });

  it('writes made one after another in the same task all land, in order', async () => {
    const writes = [writeKey('order', 1), writeKey('order', 2), writeKey('order', 3)];
    expect(await Promise.all(writes)).toEqual([true, true, true]);
    expect(await readKey('order')).toBe(3);
  });
});
