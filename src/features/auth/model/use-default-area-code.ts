import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { appStore, useAppStore } from '../../../session/store';
import { countriesLazyQueryOptions } from './lazy-api';

/**
 * SPEC §4: with no saved language info, the country whose languageCode matches the current
 * language is chosen; its area code is the default for phone fields.
 *
 * The list is fetched into the cache (the area-code picker reads it from there), not subscribed
 * to: the screen re-renders once, when the chosen country is stored, instead of once for the list's
 * arrival and again for the store (each a synchronous render of the whole form on a first visit).
 */
export function useDefaultAreaCode(): string {
  const queryClient = useQueryClient();
  const languageInfo = useAppStore((s) => s.languageInfo);
  const language = useAppStore((s) => s.language);
  const known = Boolean(languageInfo);
  useEffect(() => {
    if (known) return;
    let cancelled = false;
    queryClient
      .fetchQuery(countriesLazyQueryOptions())
      .then((countries) => {
        if (cancelled || appStore.get().languageInfo) return;
        const match = countries.find((c) => c.languageCode === language);
        if (match) appStore.set({ languageInfo: match });
      })
      // No list (offline, refused): no default, and the "select an area code" rule says so.
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [queryClient, language, known]);
  return languageInfo?.areaCode ?? '';
}
