import * as argon2 from 'argon2';

/** argon2id with OWASP's recommended minimum cost: slow enough for attackers, ~20 ms here. */
const OPTIONS = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (plain: string): Promise<string> => argon2.hash(plain, OPTIONS);

export async function verifyPassword(hash: string, plain: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, plain);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | null = null;

/**
 * For an unknown email: the same argon2 work as a real check, so the answer's timing does not tell whether the
 * account exists. Always false.
 */
export async function verifyAgainstDummy(plain: string): Promise<false> {
  dummy ??= hashPassword(`no-such-account-${Math.random()}`);
  await verifyPassword(await dummy, plain);
  return false;
}
