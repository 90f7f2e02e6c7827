import { hash, verify } from '@node-rs/argon2';

/** argon2id (Algorithm.Argon2id = 2) with OWASP's recommended minimum cost: every hash the server makes. */
export const PASSWORD_HASHING = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

let options: { algorithm: 2; memoryCost: number; timeCost: number; parallelism: number } = PASSWORD_HASHING;

export const hashPassword = (password: string) => hash(password, options);

export async function verifyPassword(hashed: string, password: string): Promise<boolean> {
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
}

/** A hash of a random password: compared against when the account does not exist, so timing does not tell. */
let dummy: Promise<string> | undefined;
export const dummyHash = () => {
  dummy ??= hashPassword(`dummy-${Math.random()}`);
  return dummy;
};

/**
 * The API test suite only (test/cheap-password-hashing.ts, a vitest setup file): argon2id at its
 * smallest cost, so the suite's thousands of sign-ups, sign-ins and new admins do not each spend
 * ~25 ms of CPU and 19 MB on a hash. What a test proves of passwords (right one in, wrong one out,
 * unknown accounts compared against a dummy hash) holds at any cost; the cost itself is
 * PASSWORD_HASHING, which test/passwords.test.ts checks. Refused under NODE_ENV=production.
 */
export function cheapPasswordHashingForTests(): void {
  if (process.env.NODE_ENV === 'production') throw new Error('Cheap password hashing is for the test suite only');
  options = { algorithm: 2, memoryCost: 64, timeCost: 1, parallelism: 1 };
  dummy = undefined;
}
