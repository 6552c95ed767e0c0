import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { appStore, useAppStore } from '../../../session/store';
import { countriesLazyQueryOptions } from './lazy-api';

/**
 * SPEC §4: with no saved language info, the country whose languageCode matches the current
 * language is chosen; its area code is the default for phone fields.
 */
export function useDefaultAreaCode(): string {
  const languageInfo = useAppStore((s) => s.languageInfo);
  const language = useAppStore((s) => s.language);
  const countries = useQuery({ ...countriesLazyQueryOptions(), enabled: !languageInfo });
  useEffect(() => {
    if (languageInfo || !countries.data) return;
    const match = countries.data.find((c) => c.languageCode === language);
    if (match) appStore.set({ languageInfo: match });
  }, [countries.data, language, languageInfo]);
  return languageInfo?.areaCode ?? '';
}
