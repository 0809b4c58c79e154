import { useCallback, useEffect, useRef } from 'react';

/**
 * blob: addresses for the previews of chosen pictures (the Content-Security-Policy allows blob: images).
 * Each is made when a file is chosen, and freed when it is replaced or when the screen closes.
 */
export function useObjectUrls() {
  const urls = useRef(new Set<string>());

  useEffect(() => {
    const made = urls.current;
    return () => {
      made.forEach((url) => URL.revokeObjectURL(url));
      made.clear();
    };
  }, []);

  const create = useCallback((blob: Blob) => {
    const url = URL.createObjectURL(blob);
    urls.current.add(url);
    return url;
  }, []);

  const revoke = useCallback((url: string | null | undefined) => {
    if (!url || !urls.current.delete(url)) return;
    URL.revokeObjectURL(url);
  }, []);

  return { create, revoke };
}
