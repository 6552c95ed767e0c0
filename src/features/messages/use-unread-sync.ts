/** Keeps the tab bar's unread dot (store `isMessage`) in step with the server's unread count. */
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { unreadCountQueryOptions } from '../../api/notify';
import { appStore } from '../../session/store';

export function useUnreadCount(): number | undefined {
  const { data } = useQuery({ ...unreadCountQueryOptions(), staleTime: 0 });
  useEffect(() => {
    if (data !== undefined) appStore.set({ isMessage: data > 0 });
  }, [data]);
  return data;
}
