// Preloaded into the api (and the bare Socket.IO floor) by the bench: `node --require probe.cjs ...`.
// Changes nothing in the app. Over the IPC channel it answers `memory` (RSS, heap, external, array buffers)
// and, once asked to `watch` some event names, reports the monotonic time (process.hrtime, shared by all
// processes on the machine) at which each such event is handed to Socket.IO for a room: "published".
'use strict';
const { dirname, join } = require('node:path');

if (typeof process.send === 'function') {
  const watched = new Set();
  // Nest's Socket.IO adapter may carry its own copy of socket.io (nested under @nestjs/platform-socket.io):
  // patch every copy the api can load.
  const roots = [process.cwd(), join(process.cwd(), 'api')];
  try {
    roots.unshift(dirname(require.resolve('@nestjs/platform-socket.io', { paths: roots })));
  } catch {
    // not installed: only the top-level copy
  }
  const patched = new Set();
  for (const root of roots) {
    try {
      const base = dirname(require.resolve('socket.io', { paths: [root] }));
      if (patched.has(base)) continue;
      patched.add(base);
      const { BroadcastOperator } = require(join(base, 'broadcast-operator.js'));
      const emit = BroadcastOperator.prototype.emit;
      BroadcastOperator.prototype.emit = function probedEmit(event, ...args) {
        if (watched.has(event)) {
          const at = process.hrtime.bigint().toString();
          const envelopeId = args[0] && typeof args[0] === 'object' ? args[0].id ?? null : null;
          process.send({ type: 'published', event, at, envelopeId, rooms: [...(this.rooms ?? [])] });
        }
        return emit.call(this, event, ...args);
      };
    } catch (err) {
      console.error('bench probe: cannot watch Socket.IO emits:', err && err.message);
    }
  }

  process.on('message', (m) => {
    if (!m || typeof m !== 'object' || m.type === undefined) return;
    if (m.type === 'memory') {
      const mem = process.memoryUsage();
      const spaces = Object.fromEntries(require('node:v8').getHeapSpaceStatistics().map((sp) => [sp.space_name, sp.space_size]));
      process.send({ id: m.id, type: 'memory', ...mem, ...rssParts(), spaces });
    } else if (m.type === 'watch') {
      watched.clear();
      for (const e of m.events ?? []) watched.add(e);
      process.send({ id: m.id, type: 'watching' });
    } else if (m.type === 'gc') {
      if (global.gc) global.gc();
      process.send({ id: m.id, type: 'gc', available: Boolean(global.gc) });
    }
  });
  /** RSS split by kind (Linux): anonymous memory (heap, malloc), file-backed pages, shared memory. */
  function rssParts() {
    try {
      const status = require('node:fs').readFileSync('/proc/self/status', 'utf8');
      const kb = (name) => Number((status.match(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm')) ?? [])[1] ?? NaN) * 1024;
      return { rssAnon: kb('RssAnon'), rssFile: kb('RssFile'), rssShmem: kb('RssShmem'), threads: Number((status.match(/^Threads:\s+(\d+)/m) ?? [])[1] ?? NaN) };
    } catch {
      return {};
    }
  }

  // The bench went away (even by crashing): stop too, through the normal shutdown path.
  process.on('disconnect', () => process.kill(process.pid, 'SIGTERM'));

  // The IPC channel must not keep the process alive on its own.
  process.channel?.unref();
}
