/**
 * Runs every benchmark, one after the other (they must not share the machine), and exits non-zero when
 * any is over its budget or could not measure.
 *
 *   npx tsx bench/all.ts        (npm run bench --workspace bench)
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const benchmarks = ['getinfo', 'login', 'signin-js'];
const outcome = (code: number | null) =>
  code === 0 ? 'PASS' : code === 1 ? 'FAIL (over budget)' : `NOT MEASURED (exit ${code})`;

const codes = benchmarks.map((name) => {
  console.log(`\n=== ${name} ===`);
  const script = fileURLToPath(new URL(`./${name}.ts`, import.meta.url));
  const result = spawnSync(
    process.execPath,
    ['--import', import.meta.resolve('tsx'), script, ...process.argv.slice(2)],
    {
      stdio: 'inherit',
    },
  );
  return result.status ?? 2;
});

console.log('\n=== summary ===');
benchmarks.forEach((name, i) => console.log(`  ${name.padEnd(10)} ${outcome(codes[i]!)}`));
process.exit(codes.some((code) => code !== 0) ? 1 : 0);
