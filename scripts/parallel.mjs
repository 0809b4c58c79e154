// Runs npm scripts side by side (`node scripts/parallel.mjs typecheck lint`), each one's output printed
// whole when it ends, so that the lines do not interleave; exits non-zero when any of them failed.
//
// After `--`, a command (found on the PATH npm gives its scripts) that runs beside them in the foreground, its output as it comes
// (`node scripts/parallel.mjs typecheck lint -- vitest run`). The scripts then run at a lower priority: the
// foreground command (the tests, most of it waiting on browsers and servers) has the CPU when it wants it,
// and the checks take what it leaves. On two cores that saved about a minute against checks first, tests
// after (docs/testing.md).
import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';

const args = process.argv.slice(2);
const split = args.indexOf('--');
const names = split === -1 ? args : args.slice(0, split);
const foreground = split === -1 ? [] : args.slice(split + 1);
const background = foreground.length > 0;

function run(command, commandArgs, { buffered, label }) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, commandArgs, { stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    // The child is npm, which starts its script only after loading itself: lowered now, before that.
    if (buffered && background) setPriority(child.pid, 10);
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      const verdict = code === 0 ? 'passed' : 'FAILED';
      process.stdout.write(`\n== ${label}: ${verdict} in ${seconds} s\n${output}`);
      resolve(code === 0);
    });
  });
}

const results = await Promise.all([
  ...names.map((name) => run('npm', ['run', '--silent', name], { buffered: true, label: `npm run ${name}` })),
  ...(background
    ? [run(foreground[0], foreground.slice(1), { buffered: false, label: foreground.join(' ') })]
    : []),
]);
process.exit(results.every(Boolean) ? 0 : 1);
