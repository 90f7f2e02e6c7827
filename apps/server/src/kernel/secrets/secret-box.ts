import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/** The ciphertext format's version: `v1.<key id>.<iv>.<tag>.<ciphertext>`, each part base64url. */
const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;

export class SecretBoxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretBoxError';
  }
}

/**
 * A 256-bit key from configuration: 64 hex characters or base64/base64url of 32 bytes. Anything
 * else is refused (never stretched from a passphrase by accident).
 */
export function parseSecretsKey(text: string): Buffer {
  const value = text.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64url');
  if (key.length !== KEY_BYTES || (!/^[0-9a-fA-F]{64}$/.test(value) && !/^[A-Za-z0-9+/_-]{43}=?$/.test(value))) {
    throw new SecretBoxError('must be 32 bytes as 64 hex characters or base64');
  }
  return key;
}

/** A new key in the accepted text form (base64url). */
export const generateSecretsKey = () => randomBytes(KEY_BYTES).toString('base64url');

/** The key's id: the first 8 hex characters of its SHA-256 (names the key, reveals nothing usable). */
export const keyIdOf = (key: Buffer) => createHash('sha256').update(key).digest('hex').slice(0, 8);

export interface SecretBox {
  /** The id of the key new ciphertexts are sealed with. */
  readonly keyId: string;
  /** AES-256-GCM with a random IV; `context` (e.g. the tenant and record) is bound as associated data. */
  seal(plaintext: string, context?: string): string;
  /** Opens a ciphertext of this box (current or older key); throws SecretBoxError if altered or unknown. */
  open(sealed: string, context?: string): string;
}

/**
 * Encrypts credentials at rest. `current` seals; `older` keys still open what they sealed (key
 * rotation: add the new key, keep the old ones until every record is sealed again).
 */
export function createSecretBox(current: string | Buffer, older: (string | Buffer)[] = []): SecretBox {
  const toKey = (k: string | Buffer) => (typeof k === 'string' ? parseSecretsKey(k) : k);
  const main = toKey(current);
  if (main.length !== KEY_BYTES) throw new SecretBoxError('the key must be 32 bytes');
  const keys = new Map<string, Buffer>();
  for (const key of [main, ...older.map(toKey)]) keys.set(keyIdOf(key), key);
  const keyId = keyIdOf(main);
  return {
    keyId,
    seal(plaintext, context = '') {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', main, iv);
      cipher.setAAD(Buffer.from(`${VERSION}.${keyId}.${context}`));
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url'));
      return [VERSION, keyId, ...parts].join('.');
    },
    open(sealed, context = '') {
      const parts = sealed.split('.');
      if (parts.length !== 5 || parts[0] !== VERSION) throw new SecretBoxError('not a sealed secret of a known version');
      const [version, id, iv, tag, body] = parts;
      const key = keys.get(id);
      if (!key) throw new SecretBoxError(`sealed with an unknown key (${id})`);
      const ivBytes = Buffer.from(iv, 'base64url');
      const tagBytes = Buffer.from(tag, 'base64url');
      if (ivBytes.length !== IV_BYTES || tagBytes.length !== TAG_BYTES) throw new SecretBoxError('malformed sealed secret');
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, ivBytes);
        decipher.setAAD(Buffer.from(`${version}.${id}.${context}`));
        decipher.setAuthTag(tagBytes);
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        throw new SecretBoxError('the sealed secret was altered or belongs elsewhere');
      }
    },
  };
}
