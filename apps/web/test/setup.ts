import '@testing-library/jest-dom/vitest';
import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// A page's first render compiles its lazy route and the modules under it; on a busy machine (CI on a slow
// hour, other work beside the run) that outlasted testing-library's one-second wait, and CI went red on
// pages that did appear. Waiting longer changes no assertion: what never appears still fails the test.
configure({ asyncUtilTimeout: 5_000 });

// An unexpected console.error fails the test (STYLE.md).
const originalError = console.error;
afterEach(() => {
  cleanup();
  sessionStorage.clear();
});
console.error = (...args: unknown[]) => {
  originalError(...args);
  throw new Error(`console.error was called: ${args.map(String).join(' ')}`);
};
vi.stubGlobal('scrollTo', () => {});
