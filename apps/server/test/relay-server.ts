import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { relayModule } from './relay-module';

// A real server process with the tests' relay module (test/lifecycle-kill.test.ts starts and kills it).
const config = loadConfig();
const app = await buildApp(config, { extraModules: [relayModule] });
process.on('SIGTERM', async () => {
  await app.close();
  process.exit(0);
});
const address = await app.listen({ port: config.port, host: config.host });
app.log.info({ address }, 'relay server listening');
