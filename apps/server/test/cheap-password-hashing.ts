import { cheapPasswordHashingForTests } from '../src/kernel/auth/passwords';

// A vitest setup file (vitest.config.ts): the test apps hash passwords at argon2id's smallest cost
// (src/kernel/auth/passwords.ts says why and what still holds). Servers the tests start as separate
// processes (test/server-process.ts) hash as production does.
cheapPasswordHashingForTests();
