import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './app.mjs';
import { freePort, onCleanup, sleep } from './process.mjs';

/** The project's nginx site (docs/scale-out.md): the bench runs this file with only addresses and port replaced. */
const SITE = join(ROOT, 'deploy', 'nginx', 'kpi.conf');

/** deploy/nginx/kpi.conf with its upstream servers and listen port replaced; nothing else changes (as the scale suite does). */
export function siteFor(site, upstreamPorts, listenPort) {
  const server = /^([ \t]*)server \S+:\d+((?: [^;]*)?);\n/m.exec(site);
  if (!server || !/^[ \t]*listen 80;$/m.test(site)) throw new Error(`${SITE} has no upstream server or no "listen 80;"`);
  const lines = upstreamPorts.map((port) => `\n${server[1]}server 127.0.0.1:${port}${server[2]};`).join('');
  return site
    .replace(/^[ \t]*server \S+:\d+(?: [^;]*)?;\n/gm, '')
    .replace(/^([ \t]*upstream kpi_api \{)$/m, `$1${lines}`)
    .replace(/^([ \t]*)listen 80;$/m, `$1listen 127.0.0.1:${listenPort};`);
}

/** nginx in the foreground in front of the api nodes on `upstreamPorts`; stopped (SIGQUIT) at cleanup. Resolves to { base }. */
export async function startNginx(upstreamPorts) {
  const bin = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));
  if (!bin) throw new Error('nginx is not installed: two nodes run behind it (apt-get install -y nginx)');
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'kpi-bench-nginx-'));
  // Run as root, nginx's workers drop to another user; they must reach the temp paths in here.
  chmodSync(dir, 0o755);
  writeFileSync(join(dir, 'kpi.conf'), siteFor(readFileSync(SITE, 'utf8'), upstreamPorts, port));
  writeFileSync(
    join(dir, 'nginx.conf'),
    [
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/error.log warn;`,
      'worker_processes 1;',
      'events { worker_connections 4096; }',
      'http {',
      '  access_log off;',
      `  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/fastcgi;`,
      `  uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;`,
      `  include ${dir}/kpi.conf;`,
      '}',
    ].join('\n'),
  );
  const child = spawn(bin, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log'), '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (c) => (stderr += c));
  const exited = new Promise((res) => child.once('exit', res));
  onCleanup(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGQUIT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dir, { recursive: true, force: true });
  });
  const base = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 10_000; ; ) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${stderr}`);
    try {
      const res = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(1000) });
      if (res.ok) return { base, pid: child.pid };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`nginx did not answer on ${port}: ${stderr}`);
    await sleep(50);
  }
}
