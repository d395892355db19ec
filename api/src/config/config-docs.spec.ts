import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { envSchema } from './env';

/**
 * The settings are written down three times for three readers: the schema the server validates with
 * (api/src/config/env.ts), the README's configuration table, and .env.example. This keeps them the same list
 * with the same defaults; each failure names the variable and the place it is missing from.
 */
const ROOT = join(__dirname, '..', '..', '..');
const SCHEMA = 'api/src/config/env.ts';
const TABLE = "README.md's configuration table";
const EXAMPLE = '.env.example';

const VARIABLE = /^[A-Z][A-Z0-9_]+$/;

/** `| \`A\` / \`B\` | \`default\` | meaning |` rows under "## Configuration": each variable with its default cell. */
function readmeTable(): Map<string, string> {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const section = readme.split(/^## /m).find((s) => s.startsWith('Configuration'));
  if (!section) throw new Error('README.md has no "## Configuration" section');
  const rows = new Map<string, string>();
  for (const line of section.split('\n').filter((l) => l.startsWith('|'))) {
    const [names, defaultCell = ''] = line.split('|').slice(1).map((c) => c.trim());
    for (const [, name] of names.matchAll(/`([^`]+)`/g)) if (VARIABLE.test(name)) rows.set(name, defaultCell);
  }
  return rows;
}

/** `NAME=value` lines (set) and `# NAME=value` lines (left unset) of .env.example. */
function envExample(): Map<string, { value: string; active: boolean }> {
  const lines = readFileSync(join(ROOT, '.env.example'), 'utf8').split('\n');
  const entries = new Map<string, { value: string; active: boolean }>();
  for (const line of lines) {
    const match = /^(#\s*)?([A-Z][A-Z0-9_]+)=(.*)$/.exec(line.trim());
    if (match) entries.set(match[2], { value: match[3], active: !match[1] });
  }
  return entries;
}

/** The value the schema gives a variable that is not set, or undefined when it has none. */
function schemaDefault(name: string): string | undefined {
  const field = envSchema.shape[name as keyof typeof envSchema.shape];
  const parsed = field.safeParse(undefined);
  return parsed.success && parsed.data !== undefined ? String(parsed.data) : undefined;
}

describe('configuration documents', () => {
  const variables = Object.keys(envSchema.shape);
  const table = readmeTable();
  const example = envExample();

  it('the README table lists exactly the variables the server reads', () => {
    const problems = [
      ...variables.filter((v) => !table.has(v)).map((v) => `${v}: read by ${SCHEMA} but missing from ${TABLE}`),
      ...[...table.keys()].filter((v) => !variables.includes(v)).map((v) => `${v}: in ${TABLE} but not read by ${SCHEMA}`),
    ];
    expect(problems).toEqual([]);
  });

  it('.env.example lists exactly the variables the server reads', () => {
    const problems = [
      ...variables.filter((v) => !example.has(v)).map((v) => `${v}: read by ${SCHEMA} but missing from ${EXAMPLE}`),
      ...[...example.keys()].filter((v) => !variables.includes(v)).map((v) => `${v}: in ${EXAMPLE} but not read by ${SCHEMA}`),
    ];
    expect(problems).toEqual([]);
  });

  it('all three state the same defaults', () => {
    const problems: string[] = [];
    for (const name of variables) {
      const fallback = schemaDefault(name);
      const cell = table.get(name);
      const line = example.get(name);
      if (fallback !== undefined) {
        if (cell !== undefined && cell !== `\`${fallback}\``) problems.push(`${name}: ${TABLE} says ${cell}, ${SCHEMA} defaults to \`${fallback}\``);
        if (line && (!line.active || line.value !== fallback)) problems.push(`${name}: ${EXAMPLE} should say ${name}=${fallback} (the default in ${SCHEMA})`);
      } else if (line?.active) {
        problems.push(`${name}: has no fixed default in ${SCHEMA}, so ${EXAMPLE} leaves it commented out (# ${name}=…)`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('.env.example as written starts the server', () => {
    const set = Object.fromEntries([...example].filter(([, l]) => l.active).map(([name, l]) => [name, l.value]));
    const parsed = envSchema.safeParse(set);
    expect(parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([]);
  });
});
