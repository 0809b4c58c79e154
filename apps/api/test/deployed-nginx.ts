import { execFileSync, spawn } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { get as httpsGet } from 'node:https';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port';

/*
 * deploy/nginx/portal.conf run as it is, with only the site's values replaced (the instances' ports, its
 * own ports, a throwaway certificate, its paths), for what must be measured or tested the way students
 * reach the portal: over TLS and HTTP/2, through nginx, to the instances. Used by the rolling-restart test
 * and by bench/slow-network.ts.
 */

const deployConf = fileURLToPath(new URL('../../../deploy/nginx/portal.conf', import.meta.url));

/**
 * Debian's nginx: NGINX_BIN (.ci/run sets it), else one on the PATH, else the copy .ci/run unpacks into its
 * cache; undefined when there is none.
 */
export function nginxBinary(): string | undefined {
  if (process.env.NGINX_BIN) return process.env.NGINX_BIN;
  for (const dir of (process.env.PATH ?? '').split(':')) {
    if (dir && existsSync(join(dir, 'nginx'))) return join(dir, 'nginx');
  }
  const cache = process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache');
  const unpacked = join(cache, 'portal-ci/nginx/usr/sbin/nginx');
  return existsSync(unpacked) ? unpacked : undefined;
}

export interface DeployedNginx {
  /** https://127.0.0.1:<port>, its certificate self-signed. */
  url: string;
  /**
   * The SHA-256 of the certificate's public key, base64: what Chromium's `--ignore-certificate-errors-spki-list`
   * takes to accept it as valid. Accepted only as an error, a certificate keeps Chromium from caching anything.
   */
  certificateSpki: string;
  /** What nginx wrote to its error output so far. */
  errors: () => string;
  /** Resolves once a call of /healthz through nginx answers 200 (the instances ready too); 20 s at most. */
  ready: () => Promise<void>;
  stop: () => void;
}

/** True when GET `url` answers 200 (the throwaway certificate accepted), false on any other answer or none. */
function answersOk(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const request = httpsGet(url, { rejectUnauthorized: false }, (response) => {
      response.resume();
      resolve(response.statusCode === 200);
    });
    request.on('error', () => resolve(false));
  });
}

/**
 * Starts nginx with the documented configuration in `work` (an empty folder the caller removes), in front
 * of the instances on `instancePorts` (one or two: the file names two).
 */
export async function startDeployedNginx(
  binary: string,
  work: string,
  instancePorts: readonly [number] | readonly [number, number],
): Promise<DeployedNginx> {
  const [httpsPort, httpPort] = [await freePort(), await freePort()];
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-keyout',
      join(work, 'privkey.pem'),
      '-out',
      join(work, 'fullchain.pem'),
    ],
    { stdio: 'ignore' },
  );
  const [first, second] = instancePorts;
  const site = readFileSync(deployConf, 'utf8')
    .replace('server 127.0.0.1:3001', `server 127.0.0.1:${first}`)
    .replace(
      /\n\s*server 127\.0\.0\.1:3002[^;]*;/,
      second === undefined ? '' : `\n    server 127.0.0.1:${second} max_fails=0;`,
    )
    .replaceAll('/etc/ssl/portal/', `${work}/`)
    .replace(/listen 80;/, `listen 127.0.0.1:${httpPort};`)
    .replace(/listen 443 ssl http2;/, `listen 127.0.0.1:${httpsPort} ssl http2;`)
    .replace(/\n\s*listen \[::\]:\d+[^;]*;/g, '');
  for (const dir of ['logs', 'temp']) mkdirSync(join(work, dir));
  writeFileSync(join(work, 'site.conf'), site);
  writeFileSync(
    join(work, 'nginx.conf'),
    `worker_processes 1;
pid ${work}/nginx.pid;
error_log ${work}/logs/error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${work}/temp/body;
  proxy_temp_path ${work}/temp/proxy;
  fastcgi_temp_path ${work}/temp/fastcgi;
  uwsgi_temp_path ${work}/temp/uwsgi;
  scgi_temp_path ${work}/temp/scgi;
  include ${work}/site.conf;
}
`,
  );
  const nginx = spawn(
    binary,
    ['-p', work, '-c', join(work, 'nginx.conf'), '-e', join(work, 'logs/error.log'), '-g', 'daemon off;'],
    // Nothing of this process's environment: nginx reads a variable NGINX of its own (inherited sockets).
    { env: { PATH: process.env.PATH }, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let errors = '';
  nginx.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const url = `https://127.0.0.1:${httpsPort}`;
  const certificate = new X509Certificate(readFileSync(join(work, 'fullchain.pem')));
  const spki = certificate.publicKey.export({ type: 'spki', format: 'der' });
  return {
    url,
    certificateSpki: createHash('sha256').update(spki).digest('base64'),
    errors: () => errors,
    async ready() {
      const deadline = Date.now() + 20_000;
      while (Date.now() < deadline) {
        if (await answersOk(`${url}/healthz`)) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`nginx at ${url} did not answer /healthz in 20 s: ${errors || 'it said nothing'}`);
    },
    stop: () => nginx.kill('SIGTERM'),
  };
}
