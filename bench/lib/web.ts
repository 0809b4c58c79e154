import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { repoRoot } from './common';

/** The built web app the server sends (apps/web/dist), and its student page. */
export const distDir = join(repoRoot, 'apps/web/dist');
export const indexHtml = join(distDir, 'index.html');

/** `npm run build --workspace apps/web`, its output shown; a failure is a reason, for NOT MEASURED. */
export function buildWebApp(): { ok: true } | { ok: false; reason: string } {
  console.log('building the web app: npm run build --workspace apps/web');
  const result = spawnSync('npm', ['run', 'build', '--workspace', 'apps/web'], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  if (result.error) return { ok: false, reason: result.error.message };
  if (result.status !== 0)
    return { ok: false, reason: `npm run build --workspace apps/web exited with code ${result.status}` };
  if (!existsSync(indexHtml))
    return { ok: false, reason: `the build finished but wrote no ${relative(repoRoot, indexHtml)}` };
  return { ok: true };
}
