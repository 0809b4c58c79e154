// Runs npm scripts side by side (`node scripts/parallel.mjs typecheck lint`), each one's output printed
// whole when it ends, so that the lines do not interleave; exits non-zero when any of them failed.
// The static checks are single-threaded: on two cores, two of them take little more than the longer one.
import { spawn } from 'node:child_process';

const names = process.argv.slice(2);
const results = await Promise.all(
  names.map(
    (name) =>
      new Promise((resolve) => {
        const started = Date.now();
        const child = spawn('npm', ['run', '--silent', name], { stdio: ['ignore', 'pipe', 'pipe'] });
        let output = '';
        child.stdout.on('data', (chunk) => (output += chunk));
        child.stderr.on('data', (chunk) => (output += chunk));
        child.on('close', (code) => {
          const seconds = ((Date.now() - started) / 1000).toFixed(0);
          const verdict = code === 0 ? 'passed' : 'FAILED';
          process.stdout.write(`\n== npm run ${name}: ${verdict} in ${seconds} s\n${output}`);
          resolve(code === 0);
        });
      }),
  ),
);
process.exit(results.every(Boolean) ? 0 : 1);
