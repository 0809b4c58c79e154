import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterFramework } from './early-downloads';

/**
 * A stand-in for the browser's resource timing (happy-dom has none): each observer is kept, and `arrive`
 * tells the observers of `resource` entries that a file has come, as the browser does once its last byte is
 * in (and, to an observer made with `buffered`, the files that came before it was made).
 */
function resourceTiming() {
  const arrived: string[] = [];
  const observers: { callback: PerformanceObserverCallback; observing: boolean; self: unknown }[] = [];
  const listOf = (names: string[]) =>
    ({
      getEntriesByName: (name: string) =>
        names.filter((entry) => entry === name).map((entry) => ({ name: entry, entryType: 'resource' })),
    }) as unknown as PerformanceObserverEntryList;
  class StandIn {
    private readonly record: (typeof observers)[number];
    constructor(callback: PerformanceObserverCallback) {
      this.record = { callback, observing: false, self: this };
      observers.push(this.record);
    }
    observe(options: PerformanceObserverInit) {
      expect(options).toEqual({ type: 'resource', buffered: true });
      this.record.observing = true;
      if (arrived.length) this.record.callback(listOf(arrived), this as unknown as PerformanceObserver);
    }
    disconnect() {
      this.record.observing = false;
    }
  }
  vi.stubGlobal('PerformanceObserver', StandIn);
  return {
    arrive(url: string) {
      arrived.push(url);
      for (const observer of observers.filter((one) => one.observing))
        observer.callback(listOf([url]), observer.self as PerformanceObserver);
    },
    watching: () => observers.filter((one) => one.observing).length,
  };
}

function nameTheFramework(): string {
  const link = document.createElement('link');
  link.rel = 'modulepreload';
  link.href = '/assets/framework-Ab12Cd34.js';
  document.head.append(link);
  return link.href;
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.head.replaceChildren();
});

describe("a signed-in page's code downloads after the framework (decision 0066)", () => {
  it('starts once the framework has arrived, not before, and once', () => {
    const timing = resourceTiming();
    const framework = nameTheFramework();
    const start = vi.fn();

    afterFramework(start);
    timing.arrive(`${window.location.origin}/assets/early-Ef56Gh78.js`);
    expect(start).not.toHaveBeenCalled();

    timing.arrive(framework);
    expect(start).toHaveBeenCalledTimes(1);
    expect(timing.watching()).toBe(0);

    timing.arrive(framework);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('starts at once when the framework came before it asked', () => {
    const timing = resourceTiming();
    timing.arrive(nameTheFramework());
    const start = vi.fn();

    afterFramework(start);
    expect(start).toHaveBeenCalledTimes(1);
    expect(timing.watching()).toBe(0);
  });

  it('starts at once where the page names no framework file (development, the tests)', () => {
    const timing = resourceTiming();
    const start = vi.fn();

    afterFramework(start);
    expect(start).toHaveBeenCalledTimes(1);
    expect(timing.watching()).toBe(0);
  });
});
