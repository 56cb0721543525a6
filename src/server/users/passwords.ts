// Password hashing with argon2id (19 MiB, t=2, p=1, the OWASP baseline) via a prebuilt binary.
import { randomBytes } from 'node:crypto';
import { hash, verify, type Algorithm } from '@node-rs/argon2';

const ARGON2_OPTIONS = {
  algorithm: 2 as Algorithm, // Argon2id (a const enum cannot be imported under isolatedModules)
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

/** Stored instead of a hash for accounts that must never log in (e.g. the demo owner). */
export const LOCKED_PASSWORD_HASH = '!';

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

// Verified against when the e-mail is unknown or the account is locked, so every failed
// login costs the same argon2 work and timing does not reveal which e-mails exist.
let dummyHash: Promise<string> | undefined;
function getDummyHash(): Promise<string> {
  if (!dummyHash) {
    const pending = hash(randomBytes(16).toString('hex'), ARGON2_OPTIONS);
    dummyHash = pending;
    // A failure is not remembered: the next login tries again.
    pending.catch(() => {
      if (dummyHash === pending) dummyHash = undefined;
    });
  }
  return dummyHash;
}

export async function verifyPassword(
  storedHash: string | null,
  password: string,
): Promise<boolean> {
  const usable = storedHash !== null && storedHash.startsWith('$argon2');
  try {
    const ok = await verify(usable ? storedHash : await getDummyHash(), password);
    return usable && ok;
  } catch {
    return false;
  }
}

/** Computes the dummy hash ahead of the first login, so that login is not slower. */
export async function warmUpPasswords(): Promise<void> {
  await getDummyHash();
}
