/** pg's internal helpers (pg/lib/utils.js, exported by pg's package.json), which @types/pg does not declare. */
declare module 'pg/lib/utils.js' {
  const utils: {
    /** A value as pg writes it on the wire: Dates, arrays, Buffers, numbers and objects converted. */
    prepareValue(this: void, value: unknown): unknown;
  };
  export default utils;
}
