/** Keeps SPEC §3 `isMessage` (the tab bar's unread dot) in step with the unread count. */
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { unreadCountQueryOptions } from '../../api/notify';
import { appStore } from '../../session/store';

export function useUnreadFlag() {
  const { data } = useQuery({ ...unreadCountQueryOptions(), meta: { inlineErrors: true } });
  useEffect(() => {
    if (data !== undefined) appStore.set({ isMessage: data > 0 });
  }, [data]);
}
