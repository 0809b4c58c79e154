import fp from 'fastify-plugin';

export interface RouteEntry {
  method: string;
  url: string;
  /** The route's body schema (a zod schema), when it declares one. */
  bodySchema: unknown;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered, as registered: tests walk it to reach every call, wherever its file lives. */
    routeTable: readonly RouteEntry[];
  }
}

/** Records each route as it is added; registered first, so that it sees every route. */
export const routeTablePlugin = fp(
  (app, _options, done) => {
    const table: RouteEntry[] = [];
    app.decorate('routeTable', table);
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) {
        table.push({ method, url: route.url, bodySchema: route.schema?.body });
      }
    });
    done();
  },
  { name: 'route-table' },
);
