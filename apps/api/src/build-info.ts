/** Set by scripts/build.mjs when it compiles dist/ (the commit and the time); absent when run from source. */
declare const __PORTAL_BUILD__: string | undefined;

/** Which build this process runs: in the start-up log, /readyz and `portal_build_info`. */
export const buildId: string = typeof __PORTAL_BUILD__ === 'string' ? __PORTAL_BUILD__ : 'source';
