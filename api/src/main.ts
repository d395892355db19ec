import 'reflect-metadata';
import { createApp } from './bootstrap';
import { ConfigError, loadConfig } from './config/env';
import { demoPasswordFile } from './database/seed/demo-password';
import { stopGracefully } from './shutdown';

async function main(): Promise<void> {
  const config = loadConfig();
  const { app, demoLogins } = await createApp(config);
  await app.listen(config.port);
  stopGracefully(app);
  const url = `http://localhost:${config.port}`;
  console.log(`KPI Tracker is running on ${url}`);
  if (demoLogins?.length) {
    const lines = demoLogins.map((l) => `  ${l.role.padEnd(10)} ${l.email.padEnd(32)} ${l.password}${l.note ? `   (${l.note})` : ''}`);
    console.log(`\nDemo logins (seeded into an empty database; the password is this install's own, kept in ${demoPasswordFile(config.dataDir)}):\n${lines.join('\n')}\n`);
  }
}

main().catch((err) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
  } else {
    console.error('KPI Tracker failed to start:', err instanceof Error ? err.message : err);
  }
  process.exit(1);
});
