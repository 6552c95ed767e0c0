/**
 * The entry and login screens must paint before the API layer (and its schema library) arrives,
 * so the sign-in screens reach the API through dynamic imports: the code loads while the user
 * types, not before the first paint.
 */
import { queryOptions } from '@tanstack/react-query';
import { queryKeys } from '../../../api/query-keys';
import { warmIntl } from '../../../lib/i18n/warm-intl';

export const countriesLazyQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.countries('1'),
    queryFn: async ({ signal }) => (await import('../../../api/misc')).listCountries({ isWhitelist: '1' }, { signal }),
    staleTime: 60 * 60_000,
  });

export const authApi = () => import('../../../api/auth');
export const session = () => import('../../../session/session');

/**
 * Starts loading the API code early (on focus of the first field), without blocking anything, and
 * has a worker load ICU for the amounts of the screen that follows a sign-in.
 */
export function preloadAuthApi(): void {
  void authApi();
  void session();
  void warmIntl(navigator.language);
}
