// `node scripts/parallel.mjs typecheck lint -- vitest run`: runs the npm scripts before `--` side by side,
// each one's output printed whole when it ends (so that the lines do not interleave), beside the command
// after `--` (found on the PATH npm gives its scripts), whose output comes as it goes. Exits non-zero when
// any of them failed.
//
// The scripts run at a lower priority: the command (the tests, mostly waiting on browsers and servers) has
// the CPU when it wants it, and the checks take what it leaves. On two cores that saved about 40 s against
// checks first, tests after (docs/testing.md).
import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';

const args = process.argv.slice(2);
const split = args.indexOf('--');
const names = split === -1 ? args : args.slice(0, split);
const command = split === -1 ? [] : args.slice(split + 1);

function run(file, fileArgs, { background, label }) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(file, fileArgs, { stdio: background ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let output = '';
    if (background) {
      // The child is npm, which starts its script only after loading itself: lowered now, before that.
      setPriority(child.pid, 10);
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
    }
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      process.stdout.write(`\n== ${label}: ${code === 0 ? 'passed' : 'FAILED'} in ${seconds} s\n${output}`);
      resolve(code === 0);
    });
  });
}

const results = await Promise.all([
  ...names.map((name) =>
    run('npm', ['run', '--silent', name], { background: true, label: `npm run ${name}` }),
  ),
  ...(command.length > 0
    ? [run(command[0], command.slice(1), { background: false, label: command.join(' ') })]
    : []),
]);
process.exit(results.every(Boolean) ? 0 : 1);
