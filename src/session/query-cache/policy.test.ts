/** The persist policy against the real query options of each area: saved for offline, or never. */
import { describe, expect, it } from 'vitest';
import { authenticatorStatusQueryOptions } from '../../api/authenticator';
import { contactsQueryOptions } from '../../api/contacts';
import { exchangePairsQueryOptions } from '../../api/exchange';
import { memberInfoQueryOptions, portfolioQueryOptions, walletQueryOptions } from '../../api/member';
import { appConfigQueryOptions, articleQueryOptions, coinsQueryOptions, countriesQueryOptions } from '../../api/misc';
import {
  depositAddressQueryOptions,
  recordQueryOptions,
  recordsInfiniteQueryOptions,
  withdrawFeeQueryOptions,
} from '../../api/money';
import {
  messageQueryOptions,
  messagesInfiniteQueryOptions,
  popupMessageQueryOptions,
  unreadCountQueryOptions,
} from '../../api/notify';
import { isSavedForOffline } from './policy';

describe('persist policy', () => {
  it('saves what a person needs offline', () => {
    for (const { queryKey } of [
      walletQueryOptions(),
      portfolioQueryOptions('1y'),
      memberInfoQueryOptions(),
      recordsInfiniteQueryOptions({ tab: 'all' }),
      recordsInfiniteQueryOptions({ tab: 'failed', currency: 'USDT' }),
      recordQueryOptions('r1'),
      messagesInfiniteQueryOptions(),
      messageQueryOptions('m1'),
      depositAddressQueryOptions('USDT', 'TRC20'),
      contactsQueryOptions(),
      coinsQueryOptions(),
      appConfigQueryOptions(),
      countriesQueryOptions(),
      countriesQueryOptions('1'),
      articleQueryOptions('about'),
    ]) {
      expect(isSavedForOffline(queryKey), String(queryKey)).toBe(true);
    }
  });

  it('never saves security-related or volatile data, nor a records search', () => {
    for (const { queryKey } of [
      authenticatorStatusQueryOptions(),
      unreadCountQueryOptions(),
      popupMessageQueryOptions(),
      exchangePairsQueryOptions(),
      recordsInfiniteQueryOptions({ tab: 'all', q: 'TXa1' }),
      withdrawFeeQueryOptions('usdt-trc20', 'TDbZBSimmLwqwJ7fPac6SydGB8uEJ6b6hh'),
    ]) {
      expect(isSavedForOffline(queryKey), String(queryKey)).toBe(false);
    }
  });

  it('goes by key, so options spread with their own meta are saved the same', () => {
    const options = { ...walletQueryOptions(), meta: { inlineErrors: true } };
    expect(isSavedForOffline(options.queryKey)).toBe(true);
  });
});
