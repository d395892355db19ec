import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Where an install keeps its demo password: beside its data, readable by its owner only. */
export const demoPasswordFile = (dataDir: string): string => join(dataDir, 'demo-password');

/**
 * The demo accounts' password: generated once per install (never a value printed in a README, which would
 * make every demo a known back door), then kept in the data folder and printed with the demo logins.
 */
export function demoPassword(dataDir: string): string {
  const file = demoPasswordFile(dataDir);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  // Four groups of five from an alphabet without look-alikes: easy to type from a terminal, ~100 bits.
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const chars = [...randomBytes(20)].map((b) => alphabet[b % alphabet.length]).join('');
  const password = chars.match(/.{5}/g)!.join('-');
  writeFileSync(file, `${password}\n`, { mode: 0o600 });
  return password;
}
