import { useSyncExternalStore } from 'react';

/** Below this width a table's rows become cards (issue 10: nothing cut off on a 390 px phone). */
const narrow = '(max-width: 599.98px)';

function subscribe(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => {};
  const query = window.matchMedia(narrow);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

function isNarrow(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(narrow).matches;
}

/** Whether the screen is a phone's: the fee lists show cards there and tables above. */
export function useNarrowScreen(): boolean {
  return useSyncExternalStore(subscribe, isNarrow, () => false);
}
