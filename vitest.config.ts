import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import react from '@vitejs/plugin-react';
import { webAliases } from './apps/web/aliases.ts';

/** The browser files first: they are the longest, and the short files then fill the workers beside them. */
const projectOrder = ['e2e', 'api', 'web-isolated', 'web', 'shared'];

/**
 * The browser files that take minutes (axe on every page, screenshots at two sizes), first of all. Vitest
 * orders by the durations of the last run where it has them, and by size in a fresh clone, which put these
 * short files, whose work is in e2e/support, last: the run then waited minutes for them alone.
 */
const longestFiles = [
  'e2e/look.test.ts',
  'e2e/accessibility.test.ts',
  'e2e/accessibility-staff.test.ts',
  'e2e/look-paid.test.ts',
];

/** Vitest's own order within a project, but the projects in `projectOrder` and the longest files first. */
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const rank = (file: TestSpecification) => {
      const longest = longestFiles.findIndex((path) => file.moduleId.endsWith(`/${path}`));
      return projectOrder.indexOf(file.project.name) * 100 + (longest === -1 ? 99 : longest);
    };
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  test: {
    sequence: { sequencer: LongestFirst },
    // Three files at a time on two cores: a browser file spends much of its time waiting on a page (four
    // were slower: 417 s against 403).
    maxWorkers: 3,
    projects: [
      {
        test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'], environment: 'node' },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          setupFiles: ['apps/api/test/setup.ts'],
          // Migrates and seeds the run's template databases once; each test file gets a copy.
          globalSetup: ['apps/api/test/templates.ts'],
          // A worker imports the server's modules once for all its files (fastify, the AWS SDK, sharp, PGlite:
          // about 1.5 s of CPU a file) instead of once per file; every file builds its own app and database,
          // and module state is caches only. The run's CPU time halved (decision 0030).
          isolate: false,
        },
      },
      {
        plugins: [react()],
        resolve: { alias: webAliases },
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          exclude: ['apps/web/src/**/*.isolated.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['apps/web/test/setup.ts'],
          // Speed is measured by the benchmarks, not asserted here: room for the setup file's longer waits.
          testTimeout: 20_000,
          // A worker imports React, the router and the pages once for all its files (56 s alone isolated,
          // 20 s not); each test renders its own app and the setup file cleans the page after it.
          isolate: false,
        },
      },
      {
        plugins: [react()],
        resolve: { alias: webAliases },
        test: {
          // Files that replace a module with vi.mock: in a shared module cache the mock would reach the
          // files after them, or come too late for a module already loaded. Name such a file *.isolated.test.
          name: 'web-isolated',
          include: ['apps/web/src/**/*.isolated.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['apps/web/test/setup.ts'],
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          globalSetup: ['apps/api/test/templates.ts'],
          // Files run side by side (as many as the run's workers: three), each with its own
          // server, port, database and Chromium.
        },
      },
    ],
  },
});
