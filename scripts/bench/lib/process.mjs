import { spawn } from 'node:child_process';
import { createServer } from 'node:net';

/** Cleanup steps run newest first, once, on exit or Ctrl-C. */
const cleanup = [];
let stopping = null;
export const onCleanup = (step) => cleanup.push(step);
export function stopAll() {
  stopping ??= (async () => {
    for (const step of cleanup.reverse()) {
      try {
        await step();
      } catch (err) {
        console.error(`cleanup: ${err.message}`);
      }
    }
  })();
  return stopping;
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    console.error(`\n${signal}: stopping`);
    stopAll().finally(() => process.exit(130));
  });
}

// A crash still stops what the bench started.
for (const event of ['unhandledRejection', 'uncaughtException']) {
  process.on(event, (err) => {
    console.error(`bench: ${event}: ${err?.stack ?? err}`);
    stopAll().finally(() => process.exit(1));
  });
}

export function freePort() {
  return new Promise((res, rej) => {
    const server = createServer();
    server.unref();
    server.on('error', rej);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => res(port));
    });
  });
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Starts a node child with an IPC channel; collects its output for error messages and stops it (TERM, then
 * KILL after 5 s) at cleanup or through the returned `stop()`.
 */
export function startChild(args, { env, cwd } = {}) {
  const child = spawn(process.execPath, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
  let output = '';
  const keep = (d) => {
    output += d;
    if (output.length > 20000) output = output.slice(-20000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((res) => child.once('exit', res));
  let stopped = null;
  const stop = () => {
    stopped ??= (async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    })();
    return stopped;
  };
  onCleanup(stop);
  return { child, stop, output: () => output, exited };
}

/** Resolves once `url` answers with `status` (any status when omitted); fails if the child exits first. */
export async function waitForHttp(url, { child, output, timeoutMs = 60_000, status } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child && child.exitCode !== null) throw new Error(`${url}: the process exited during start-up:\n${output?.() ?? ''}`);
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (status === undefined || res.status === status) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs / 1000} s:\n${output?.() ?? ''}`);
    await sleep(50);
  }
}

/** Asks an IPC child something and waits for the answer with the same id. */
let nextId = 1;
export function ask(child, message, timeoutMs = 30_000) {
  const id = nextId++;
  return new Promise((res, rej) => {
    const timer = setTimeout(() => (child.off('message', on), rej(new Error(`no answer to ${message.type} within ${timeoutMs} ms`))), timeoutMs);
    function on(m) {
      if (m?.id !== id) return;
      clearTimeout(timer);
      child.off('message', on);
      if (m.error) rej(new Error(m.error));
      else res(m);
    }
    child.on('message', on);
    child.send({ ...message, id });
  });
}
