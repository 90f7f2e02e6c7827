import { hash, verify } from '@node-rs/argon2';

// argon2id (Algorithm.Argon2id = 2) with OWASP's recommended minimum cost.
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

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
