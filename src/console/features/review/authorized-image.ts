/**
 * A participation's screenshot, fetched with the operator's bearer token (an <img src> cannot send
 * one) and shown from an object URL that is released when the image leaves the page.
 */
import { useEffect, useState } from 'react';
import { consoleFetch } from '../../api/client';

export function useAuthorizedImage(imageId: string): { url: string | null; failed: boolean } {
  const [state, setState] = useState<{ url: string | null; failed: boolean }>({ url: null, failed: false });
  useEffect(() => {
    let url: string | null = null;
    let cancelled = false;
    consoleFetch(`/images/${imageId}`)
      .then(async (res) => {
        if (!res.ok) throw new Error(String(res.status));
        const blob = await res.blob();
        if (cancelled) return;
        url = URL.createObjectURL(blob);
        setState({ url, failed: false });
      })
      .catch(() => {
        if (!cancelled) setState({ url: null, failed: true });
      });
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [imageId]);
  return state;
}
