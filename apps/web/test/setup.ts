import '@testing-library/jest-dom/vitest';
import { afterEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';

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
