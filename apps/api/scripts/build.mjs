// Compiles the server and the staff command line into apps/api/dist/ (server.js, admin.js), so that they run
// on plain Node.js: no tsx, no dev dependency. The project's own TypeScript (apps/api/src and
// @portal/shared) is bundled; every other package stays an import from node_modules.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const api = fileURLToPath(new URL('..', import.meta.url)).replace(/\/$/, '');
const outdir = `${api}/dist`;

/** The commit (when built from a git checkout) and the time: what /readyz and the start-up log say. */
function buildId() {
  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], {
      cwd: api,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    // A tarball without .git: the time alone names the build.
  }
  return `${commit} ${new Date().toISOString().slice(0, 19)}Z`;
}
rmSync(outdir, { recursive: true, force: true });

await build({
  absWorkingDir: api,
  entryPoints: { server: 'src/server.ts', admin: 'src/admin/cli.ts' },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  define: { __PORTAL_BUILD__: JSON.stringify(buildId()) },
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [
    {
      name: 'packages-stay-external',
      setup(context) {
        // A bare import (a package) is left to Node.js, except the workspace's own TypeScript package.
        context.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@portal/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
console.log(`built ${outdir}/server.js and ${outdir}/admin.js`);
