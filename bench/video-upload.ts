/**
 * A 1 GB lecture video uploaded through tus (issue 12: "a 1 GB video upload with memory flat in the server"):
 * the client is tus-js-client in Node, reading a generated stream (an MP4 `ftyp` header, then filler) that is
 * never held whole in memory; the server is the app on PostgreSQL storing into its local folder. The server's
 * RSS is sampled every 50 ms during the upload. Exits 1 if the RSS grows by more than the budget, or the
 * stored file's size (or the video record's) is not the size sent.
 *
 *   npx tsx bench/video-upload.ts [--mb=1024] [--chunk-mb=256]
 */
import { readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import pg from 'pg';
import { Upload } from 'tus-js-client';
import {
  EXIT_OVER_BUDGET,
  benchDir,
  checkQuiet,
  describeSource,
  machine,
  main,
  numberOption,
  round,
  sourceState,
  verdict,
  writeResult,
} from './lib/common';
import { createThrowawayDatabase } from './lib/database';
import { appEnvironment, startServer } from './lib/servers';
import { staffSessionCookie } from './lib/staff-session';

/** The server's old-space ceiling (MB), as in the other memory benches: a server that buffered would fail. */
const heapCeilingMb = 160;
/** Peak RSS growth allowed during the upload: well below one PATCH's bytes (256 MB), let alone the file's (1 GB). */
const budget = { maxRssGrowthMb: 100 };

function rssMb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : NaN;
}

/** An MP4's first box (`ftyp`, brand isom), then `total` bytes in all, made on the fly 1 MiB at a time. */
function generatedVideo(total: number): Readable {
  const header = Buffer.from('00000020667479706973736f6d0000020069736f6d69736f32617663316d703431', 'hex');
  const filler = Buffer.alloc(1024 * 1024, 0x2e);
  return Readable.from(
    (function* () {
      yield header;
      let left = total - header.length;
      while (left > 0) {
        const size = Math.min(left, filler.length);
        yield size === filler.length ? filler : filler.subarray(0, size);
        left -= size;
      }
    })(),
  );
}

await main('video-upload', async (cleanup) => {
  const megabytes = numberOption('mb', 1024);
  const chunkMb = numberOption('chunk-mb', 256);
  const total = megabytes * 1024 * 1024;
  const source = sourceState(['apps/api', 'packages/shared']);
  console.log(describeSource(source, 'API'));
  await checkQuiet();

  const database = await createThrowawayDatabase();
  cleanup.add(`drop database ${database.name}`, () => database.drop());
  console.log(`PostgreSQL ${database.serverVersion}, throwaway database ${database.name}`);
  const env = appEnvironment(database.url, {
    SEED: 'none',
    NODE_OPTIONS: `--max-old-space-size=${heapCeilingMb}`,
  });
  const app = await startServer('app', env);
  cleanup.add('stop the app', () => app.stop());
  console.log(`app listening at ${app.url} (pid ${app.pid})`);
  const cookie = await staffSessionCookie(database.url, env.SESSION_SECRET!, 'content');

  // Warm the route once (a tiny upload), then measure from a settled process.
  await upload(generatedVideo(4096), 4096);
  await new Promise((resolve) => setTimeout(resolve, 500));
  const startMb = rssMb(app.pid);
  let peakMb = startMb;
  const samples: number[] = [];
  const timer = setInterval(() => {
    const now = rssMb(app.pid);
    samples.push(now);
    peakMb = Math.max(peakMb, now);
  }, 50);
  const started = performance.now();
  let lastReport = 0;
  const location = await upload(generatedVideo(total), total, (sent) => {
    if (sent - lastReport >= 128 * 1024 * 1024 || sent === total) {
      lastReport = sent;
      console.log(`  ${round(sent / 1024 / 1024)} MB sent, server RSS ${round(rssMb(app.pid))} MB`);
    }
  });
  const seconds = (performance.now() - started) / 1000;
  clearInterval(timer);
  peakMb = Math.max(peakMb, rssMb(app.pid));

  const key = location.split('/').at(-1)!;
  const stored = join(benchDir, '.data', 'videos', key);
  cleanup.add('delete the uploaded file', () => {
    rmSync(stored, { force: true });
    rmSync(`${stored}.json`, { force: true });
  });
  const storedBytes = statSync(stored).size;
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const { rows } = await client.query<{ size: string }>('select size from videos where storage_key = $1', [
    key,
  ]);
  await client.end();

  const growthMb = round(peakMb - startMb);
  const checks = {
    rssGrowth: growthMb < budget.maxRssGrowthMb,
    storedSize: storedBytes === total,
    recordSize: Number(rows[0]?.size) === total,
  };
  const pass = Object.values(checks).every(Boolean);
  const file = writeResult('video-upload', {
    benchmark: 'video-upload',
    date: new Date().toISOString(),
    source,
    machine: machine({ postgres: database.serverVersion }),
    settings: { bytes: total, chunkBytes: chunkMb * 1024 * 1024, storage: 'local folder', heapCeilingMb },
    budget,
    upload: { seconds: round(seconds, 2), mbPerSecond: round(megabytes / seconds), storedBytes },
    serverRss: { startMb: round(startMb), peakMb: round(peakMb), growthMb, samples: samples.length },
    checks,
    pass,
  });
  console.log(`
video upload — ${megabytes} MB through tus (tus-js-client, ${chunkMb} MB PATCHes) into the local folder
  upload        ${round(seconds, 2)} s, ${round(megabytes / seconds)} MB/s
  stored        ${storedBytes} bytes, record ${rows[0]?.size} bytes (sent ${total})   ${verdict(checks.storedSize && checks.recordSize)}
  server RSS    ${round(startMb)} MB → peak ${round(peakMb)} MB, growth ${growthMb} MB  (budget < ${budget.maxRssGrowthMb} MB)   ${verdict(checks.rssGrowth)}

${verdict(pass)} — figures in ${file}`);
  return pass ? 0 : EXIT_OVER_BUDGET;

  /** One tus upload of a stream; answers the upload's URL. */
  function upload(stream: Readable, size: number, onProgress?: (sent: number) => void): Promise<string> {
    return new Promise((resolve, reject) => {
      const tus = new Upload(stream, {
        endpoint: `${app.url}/staffapi/content/uploads`,
        headers: { cookie },
        uploadSize: size,
        // A stream cannot be re-read: tus-js-client keeps one chunk to resend after a dropped connection.
        chunkSize: chunkMb * 1024 * 1024,
        retryDelays: [0, 1000, 3000],
        metadata: { filename: 'bench.mp4', filetype: 'video/mp4' },
        onProgress: (sent) => onProgress?.(sent),
        onSuccess: () => resolve(tus.url!),
        onError: reject,
      });
      tus.start();
    });
  }
});
