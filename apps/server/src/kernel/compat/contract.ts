import { readFileSync } from 'node:fs';

export interface LegacyCall {
  service: string;
  method: string;
  path: string;
  body: 'json' | 'multipart';
}

/** The 520 calls of the seeds (a copy of shared/spec/legacy-calls.tsv; a test keeps it identical). */
export function readLegacyCalls(): LegacyCall[] {
  const text = readFileSync(new URL('./legacy-calls.tsv', import.meta.url), 'utf8');
  return text
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('#') && !line.startsWith('service\t'))
    .map((line) => {
      const [service, method, path, body] = line.split('\t');
      return { service, method, path, body: body.trim() as LegacyCall['body'] };
    });
}

export const compatKey = (c: { service: string; method: string; path: string }) => `${c.method} /${c.service}${c.path}`;
