import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/kernel/db/database';
import { kitModuleSetup, kitTestModule } from './kit-module';

// A real server process with the tests' module (test/lifecycle-kill.test.ts starts and kills it).
const config = loadConfig();
// Its tables are made before the app migrates the database, as startTestApp's `prepare` does.
const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, inMemory: config.inMemory });
await kitModuleSetup(db);
const app = await buildApp(config, { db, extraModules: [kitTestModule] });
process.on('SIGTERM', async () => {
  await app.close();
  process.exit(0);
});
const address = await app.listen({ port: config.port, host: config.host });
app.log.info({ address }, 'test module server listening');
