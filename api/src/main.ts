import 'reflect-metadata';
import type { Logger } from 'pino';
import { createApp } from './bootstrap';
import { ConfigError, loadConfig } from './config/env';
import { demoPasswordFile } from './seed/demo-password';
import { announcer, earlyLine, ROOT_LOGGER, wantsPretty } from './common/logging/logging';
import { stopGracefully } from './shutdown';

async function main(): Promise<void> {
  const config = loadConfig();
  const { app, demoLogins } = await createApp(config);
  await app.listen(config.port);
  const url = `http://localhost:${config.port}`;
  const passwordFile = demoPasswordFile(config.dataDir);
  if (wantsPretty(config)) {
    // A person at a terminal: the banner and the demo logins as plain lines to read and copy.
    stopGracefully(app);
    console.log(`KPI Tracker is running on ${url}`);
    if (demoLogins?.length) {
      const lines = demoLogins.map((l) => `  ${l.role.padEnd(10)} ${l.email.padEnd(32)} ${l.password}${l.note ? `   (${l.note})` : ''}`);
      console.log(`\nDemo logins (seeded into an empty database; the password is this install's own, kept in ${passwordFile}):\n${lines.join('\n')}\n`);
    }
    return;
  }
  // Off a terminal every line is a JSON line (docs/operations.md, "Logs"). A shipped log never holds the demo
  // password: the line names the file that keeps it.
  const say = announcer(app.get<Logger>(ROOT_LOGGER));
  stopGracefully(app, (line) => say.info(line));
  if (demoLogins?.length) {
    say.info({ passwordFile, logins: demoLogins.map(({ role, email, note }) => ({ role, email, ...(note ? { note } : {}) })) }, `Demo logins seeded into an empty database; the password is in ${passwordFile}`);
  }
  // Last, so a supervisor waiting for it has every start-up line.
  say.info({ url }, `KPI Tracker is running on ${url}`);
}

main().catch((err) => {
  earlyLine('fatal', err instanceof ConfigError ? err.message : `KPI Tracker failed to start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
