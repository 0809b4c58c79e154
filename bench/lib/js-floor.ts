import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { SourceMapConsumer } from 'source-map-js';
import { build, type Rollup } from 'vite';
import { routerProductionAlias } from '../../apps/web/aliases';
import { repoRoot } from './common';

/*
 * Two measures for the sign-in page's budget (issue 27, item 1), each a production build made here with the
 * project's own Vite, in memory:
 * - the floor: React, ReactDOM and the router alone, the least a page of this stack can send (a root that
 *   renders a browser router of one empty route, in the declarative mode the app uses: decision 0065, and
 *   the router's production build, as the app's),
 *   minified and brotli'd as the app's files are;
 * - where the app's bytes are: the app built again with source maps, each minified byte of the files the
 *   sign-in page loads given back to the source it came from.
 */

const brotli = (text: string | Uint8Array) =>
  brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

type Output = Rollup.OutputChunk | Rollup.OutputAsset;

function outputsOf(result: Awaited<ReturnType<typeof build>>): Output[] {
  if (!('output' in result) && !Array.isArray(result)) throw new Error('the build did not answer its output');
  return (Array.isArray(result) ? result : [result]).flatMap((one) => one.output);
}

/** The floor: the brotli bytes of React, ReactDOM and react-router with nothing of the app. */
export async function frameworkFloor(): Promise<{ bytes: number; brotliBytes: number; program: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'signin-floor-'));
  try {
    // The packages the app itself resolves, at the versions it has.
    symlinkSync(join(repoRoot, 'node_modules'), join(dir, 'node_modules'), 'dir');
    const program = [
      "import { StrictMode, createElement } from 'react';",
      "import { createRoot } from 'react-dom/client';",
      "import { BrowserRouter, useRoutes } from 'react-router';",
      "const Page = () => useRoutes([{ path: '/', element: null }]);",
      "createRoot(document.getElementById('root')).render(",
      '  createElement(StrictMode, null, createElement(BrowserRouter, null, createElement(Page))),',
      ');',
    ].join('\n');
    writeFileSync(join(dir, 'main.js'), program);
    writeFileSync(
      join(dir, 'index.html'),
      '<!doctype html><div id="root"></div><script type="module" src="./main.js"></script>',
    );
    const outputs = outputsOf(
      await build({
        root: dir,
        configFile: false,
        mode: 'production',
        logLevel: 'silent',
        // The router's production build, as the app's build takes it (apps/web/aliases.ts).
        resolve: { alias: [routerProductionAlias()] },
        build: { write: false },
      }),
    );
    const chunks = outputs.filter((output): output is Rollup.OutputChunk => output.type === 'chunk');
    return {
      bytes: chunks.reduce((sum, chunk) => sum + Buffer.byteLength(chunk.code), 0),
      brotliBytes: chunks.reduce((sum, chunk) => sum + brotli(chunk.code), 0),
      program,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface SourceShare {
  /** The source, as `react-dom` for a package, or its path in the repository. */
  source: string;
  /** Its minified bytes in the files counted. */
  bytes: number;
  /** Those bytes brotli'd alone (the sum over sources is more than the files', which compress together). */
  brotliBytes: number;
}

/** `node_modules/@lingui/core/dist/…` → `@lingui/core`; a file of the project → its path. */
function sourceName(file: string): string {
  const inPackages = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file);
  if (inPackages) return inPackages[1]!;
  return relative(repoRoot, file.replace(/^\0/, '')) || file;
}

/**
 * Where the bytes of `files` (chunk names without their hash, `framework`, `main`, …) come from: the web app
 * built with source maps, each minified byte given back to its source. A byte without a mapping (the
 * bundler's own glue) is `(bundler)`.
 */
export async function sourceShares(chunkNames: string[]): Promise<SourceShare[]> {
  const web = join(repoRoot, 'apps/web');
  const outputs = outputsOf(
    await build({
      root: web,
      configFile: join(web, 'vite.config.ts'),
      mode: 'production',
      logLevel: 'silent',
      build: { write: false, sourcemap: true },
    }),
  );
  const texts = new Map<string, string[]>();
  for (const output of outputs) {
    if (output.type !== 'chunk' || !output.map) continue;
    if (!chunkNames.includes(output.name)) continue;
    const lines = output.code.split('\n');
    const consumer = new SourceMapConsumer(output.map);
    const mappings: { line: number; column: number; source: string | null }[] = [];
    consumer.eachMapping(
      (mapping) =>
        mappings.push({
          line: mapping.generatedLine,
          column: mapping.generatedColumn,
          source: mapping.source,
        }),
      null,
      SourceMapConsumer.GENERATED_ORDER,
    );
    mappings.forEach((mapping, index) => {
      const next = mappings[index + 1];
      const line = lines[mapping.line - 1] ?? '';
      const end = next && next.line === mapping.line ? next.column : line.length;
      const name = mapping.source
        ? sourceName(resolve(web, 'dist', dirname(output.fileName), mapping.source))
        : '(bundler)';
      const parts = texts.get(name) ?? [];
      parts.push(line.slice(mapping.column, end));
      texts.set(name, parts);
    });
  }
  return [...texts]
    .map(([source, parts]) => {
      const text = parts.join('');
      return { source, bytes: Buffer.byteLength(text), brotliBytes: brotli(text) };
    })
    .sort((a, b) => b.brotliBytes - a.brotliBytes);
}
