import { useCommonT, type Catalog } from '@/lib/i18n';
import { useRouteMatches } from '@/lib/route-tree';

/** A page's title: an id under `common.titles` of the language files. */
export type TitleKey = keyof Catalog['common']['titles'];

/** What a route tells the layouts about itself. */
export interface RouteHandle {
  title: TitleKey;
}

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return (
    typeof handle === 'object' && handle !== null && 'title' in handle && typeof handle.title === 'string'
  );
}

/** The title of the deepest matched route that has one, in the language shown now. */
export function useRouteTitle(): string | undefined {
  const t = useCommonT();
  const matches = useRouteMatches();
  const title = matches
    .map((match) => match.route.handle as unknown)
    .filter(isRouteHandle)
    .at(-1)?.title;
  return title ? t(`titles.${title}`) : undefined;
}
