// autocannon ships no type definitions; these cover what the benchmarks use (autocannon 8+).
declare module 'autocannon' {
  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    timeout?: number;
    pipelining?: number;
    /** Answer the run's raw counts and encoded histograms (a `Slice`), for `aggregateResult` to combine. */
    skipAggregateResult?: boolean;
  }

  export interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total?: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
    p99_9: number;
  }

  export interface Result {
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    resets: number;
    mismatches: number;
    '2xx': number;
    statusCodeStats: Record<string, { count: number }>;
    latency: Histogram & { totalCount: number };
    requests: Histogram & { total: number; sent: number };
    throughput: Histogram;
  }

  /** A run made with `skipAggregateResult`: counts, and its histograms encoded. */
  export interface Slice {
    duration: number;
    totalCompletedRequests: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    statusCodeStats: Record<string, { count: number }>;
  }

  function autocannon(options: Options & { skipAggregateResult: true }): Promise<Slice>;
  function autocannon(options: Options): Promise<Result>;
  namespace autocannon {
    /** Several slices as one result: their latency histograms merged, their counts summed. */
    function aggregateResult(slices: Slice[], options?: Partial<Options>): Result;
  }
  export default autocannon;
}
