/**
 * The JavaScript a browser downloads to show the sign-in page: the module scripts and modulepreloads of
 * apps/web/dist/index.html and, transitively, every chunk they import statically (import … from / export …
 * from / import "…"). Chunks loaded with import() are listed but not counted. Sizes are brotli (the .br
 * file the build writes beside each asset, else zlib brotli quality 11).
 *
 * Budget (issue 27, item 1): the floor, React, ReactDOM and the router alone built here with nothing of the
 * app (bench/lib/js-floor.ts), plus at most 15 KB (15,360 bytes) for the app's own code, its messages and
 * the i18n runtime. The run also says where the counted bytes come from, source by source.
 *
 *   npx tsx bench/signin-js.ts [--build]
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import ts from 'typescript';
import {
  EXIT_NOT_MEASURED,
  EXIT_OVER_BUDGET,
  flag,
  machine,
  describeSource,
  sourceState,
  main,
  repoRoot,
  verdict,
  writeResult,
} from './lib/common';
import { frameworkFloor, sourceShares } from './lib/js-floor';
import { buildWebApp, distDir, indexHtml } from './lib/web';

/** The app's own share of the sign-in page above the floor, brotli bytes. */
const APP_SHARE_BYTES = 15 * 1024;
/** Sources listed in the breakdown. */
const TOP_SOURCES = 20;

interface Asset {
  file: string;
  bytes: number;
  brotliBytes: number;
  brotliFrom: '.br file' | 'compressed here (q11)';
  /** Why it is loaded: the HTML tag, or the chunk that imports it. */
  via: string;
}

/** Attribute values of the tags named, e.g. src of <script type="module">. */
function entryPoints(html: string): { url: string; via: string }[] {
  const entries: { url: string; via: string }[] = [];
  for (const [tag] of html.matchAll(/<(script|link)\b[^>]*>/gi)) {
    const attrs = Object.fromEntries(
      [...tag.matchAll(/([a-z-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/gi)].map((m) => [
        m[1]!.toLowerCase(),
        m[2] ?? m[3] ?? m[4] ?? '',
      ]),
    );
    if (/^<script/i.test(tag) && attrs.type === 'module' && attrs.src) {
      entries.push({ url: attrs.src, via: '<script type="module">' });
    } else if (/^<link/i.test(tag) && attrs.rel?.split(/\s+/).includes('modulepreload') && attrs.href) {
      entries.push({ url: attrs.href, via: '<link rel="modulepreload">' });
    }
  }
  return entries;
}

/** The file a URL of index.html or a specifier of a chunk points to, inside dist. */
function resolveUrl(url: string, fromFile: string): string {
  if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(url))
    throw new Error(`${url} (in ${relative(distDir, fromFile)}) is not served by the app`);
  const path = url.split(/[?#]/)[0]!;
  const file = path.startsWith('/') ? join(distDir, path) : resolve(dirname(fromFile), path);
  if (!file.startsWith(distDir))
    throw new Error(`${url} (in ${relative(distDir, fromFile)}) points outside dist`);
  if (!existsSync(file))
    throw new Error(`${url} (in ${relative(distDir, fromFile)}) does not exist: ${file}`);
  return file;
}

/** Static module dependencies (import/export … from, import "…") and dynamic import() specifiers. */
function importsOf(file: string): { staticSpecifiers: string[]; dynamicSpecifiers: string[] } {
  const source = ts.createSourceFile(
    file,
    readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.JS,
  );
  const staticSpecifiers: string[] = [];
  for (const statement of source.statements) {
    if (
      (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) &&
      statement.moduleSpecifier &&
      ts.isStringLiteral(statement.moduleSpecifier) &&
      !(ts.isImportDeclaration(statement) && statement.importClause?.isTypeOnly)
    ) {
      staticSpecifiers.push(statement.moduleSpecifier.text);
    }
  }
  const dynamicSpecifiers: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument && ts.isStringLiteralLike(argument)) dynamicSpecifiers.push(argument.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { staticSpecifiers, dynamicSpecifiers };
}

function brotliSize(file: string): Pick<Asset, 'brotliBytes' | 'brotliFrom'> {
  const br = `${file}.br`;
  if (existsSync(br) && statSync(br).mtimeMs >= statSync(file).mtimeMs) {
    return { brotliBytes: statSync(br).size, brotliFrom: '.br file' };
  }
  const compressed = brotliCompressSync(readFileSync(file), {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
  });
  return { brotliBytes: compressed.length, brotliFrom: 'compressed here (q11)' };
}

/** A chunk and every chunk it imports statically, transitively. */
function staticClosure(start: string): Set<string> {
  const seen = new Set<string>();
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const specifier of importsOf(file).staticSpecifiers) queue.push(resolveUrl(specifier, file));
  }
  return seen;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

await main('signin-js', async () => {
  const wantBuild = flag('build') || !existsSync(indexHtml);
  if (wantBuild) {
    const built = buildWebApp();
    if (!built.ok) {
      // bench/results/signin-js.json keeps the last measured figures.
      console.error(`\nsignin-js: NOT MEASURED — the web app did not build: ${built.reason}.`);
      return EXIT_NOT_MEASURED;
    }
  }

  const source = sourceState(['apps/web', 'packages/shared']);
  const builtWhen = wantBuild ? 'dist built now' : 'dist from an earlier build: --build to rebuild';
  console.log(`${describeSource(source, 'web app')} (${builtWhen})`);
  const html = readFileSync(indexHtml, 'utf8');
  const entries = entryPoints(html);
  if (entries.length === 0)
    throw new Error(`${relative(repoRoot, indexHtml)} has no <script type="module" src> nor modulepreload`);

  const assets = new Map<string, Asset>();
  const lazy = new Map<string, string>();
  const queue = entries.map((entry) => ({ file: resolveUrl(entry.url, indexHtml), via: entry.via }));
  while (queue.length > 0) {
    const { file, via } = queue.shift()!;
    if (assets.has(file)) continue;
    assets.set(file, { file: relative(distDir, file), bytes: statSync(file).size, ...brotliSize(file), via });
    const { staticSpecifiers, dynamicSpecifiers } = importsOf(file);
    for (const specifier of staticSpecifiers) {
      queue.push({ file: resolveUrl(specifier, file), via: `imported by ${relative(distDir, file)}` });
    }
    for (const specifier of dynamicSpecifiers) {
      const target = resolveUrl(specifier, file);
      if (!lazy.has(target)) lazy.set(target, relative(distDir, file));
    }
  }
  for (const file of assets.keys()) lazy.delete(file);

  const list = [...assets.values()];
  const total = list.reduce((sum, asset) => sum + asset.brotliBytes, 0);
  const totalRaw = list.reduce((sum, asset) => sum + asset.bytes, 0);
  const floor = await frameworkFloor();
  const budget = {
    floorBrotliBytes: floor.brotliBytes,
    appShareBrotliBytes: APP_SHARE_BYTES,
    maxBrotliBytes: floor.brotliBytes + APP_SHARE_BYTES,
  };
  const pass = total <= budget.maxBrotliBytes;
  // The chunks counted, by name without their hash: `assets/framework-C-nJOKEU.js` is `framework`.
  const chunkNames = list.map((asset) => asset.file.replace(/^.*\//, '').replace(/-[\w-]{8}\.js$/, ''));
  const shares = await sourceShares(chunkNames);
  // What each import() would fetch on top of the counted files: the chunk and its own static imports.
  const lazyList = [...lazy].map(([file, from]) => {
    const extra = [...staticClosure(file)].filter((dependency) => !assets.has(dependency));
    return {
      file: relative(distDir, file),
      bytes: statSync(file).size,
      brotliBytes: brotliSize(file).brotliBytes,
      importedBy: from,
      withStaticImports: {
        files: extra.map((dependency) => relative(distDir, dependency)),
        brotliBytes: extra.reduce((sum, dependency) => sum + brotliSize(dependency).brotliBytes, 0),
      },
    };
  });

  const file = writeResult('signin-js', {
    benchmark: 'signin-js',
    date: new Date().toISOString(),
    source,
    machine: machine(),
    built: wantBuild,
    budget,
    floor: { bytes: floor.bytes, brotliBytes: floor.brotliBytes, program: floor.program },
    appShareBrotliBytes: total - floor.brotliBytes,
    files: list,
    sources: shares,
    totalBytes: totalRaw,
    totalBrotliBytes: total,
    notCountedDynamicImports: lazyList,
    pass,
  });

  const width = Math.max(
    ...list.map((asset) => asset.file.length),
    ...lazyList.map((asset) => asset.file.length),
  );
  console.log(`sign-in page JavaScript (apps/web/dist/index.html and its static imports)\n`);
  console.log(`  ${'file'.padEnd(width)}  ${'raw'.padStart(9)}  ${'brotli'.padStart(9)}  loaded by`);
  for (const asset of list) {
    console.log(
      `  ${asset.file.padEnd(width)}  ${kb(asset.bytes).padStart(9)}  ${kb(asset.brotliBytes).padStart(9)}  ${asset.via}${asset.brotliFrom === '.br file' ? '' : ' (no .br: compressed here)'}`,
    );
  }
  console.log(
    `  ${'total'.padEnd(width)}  ${kb(totalRaw).padStart(9)}  ${kb(total).padStart(9)}  (${total.toLocaleString('en')} bytes brotli)`,
  );
  if (lazyList.length > 0) {
    console.log(`\n  not counted — loaded with import(), when a route or dialog needs them:`);
    console.log(
      `  ${''.padEnd(width)}  ${'raw'.padStart(9)}  ${'brotli'.padStart(9)}  with its static imports not counted above`,
    );
    for (const asset of lazyList) {
      const more = asset.withStaticImports;
      console.log(
        `  ${asset.file.padEnd(width)}  ${kb(asset.bytes).padStart(9)}  ${kb(asset.brotliBytes).padStart(9)}  ` +
          `${kb(more.brotliBytes)} brotli in ${more.files.length} file${more.files.length === 1 ? '' : 's'} (import() in ${asset.importedBy})`,
      );
    }
  }
  console.log(
    `\n  where the counted bytes come from (each source's minified bytes brotli'd alone; the ${TOP_SOURCES} largest):`,
  );
  for (const share of shares.slice(0, TOP_SOURCES))
    console.log(
      `  ${share.source.padEnd(width)}  ${kb(share.bytes).padStart(9)}  ${kb(share.brotliBytes).padStart(9)}`,
    );
  const bytes = (n: number) => n.toLocaleString('en');
  console.log(
    `\n  floor (React, ReactDOM and the router alone): ${bytes(floor.brotliBytes)} bytes brotli; ` +
      `the app's share above it: ${bytes(total - floor.brotliBytes)} of ${bytes(APP_SHARE_BYTES)}`,
  );
  console.log(
    `  budget ≤ ${bytes(budget.maxBrotliBytes)} bytes brotli (floor + 15 KB): ${verdict(pass)} (${bytes(total)} bytes, ${((total / budget.maxBrotliBytes) * 100).toFixed(0)}% of budget)`,
  );
  console.log(`\n${verdict(pass)} — figures in ${file}`);
  return pass ? 0 : EXIT_OVER_BUDGET;
});
