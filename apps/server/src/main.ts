import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const app = await buildApp(config);
  const close = async () => {
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', close);
  process.on('SIGTERM', close);
  // The address actually bound (PORT=0 picks a free port).
  const address = await app.listen({ port: config.port, host: config.host });
  app.log.info({ address }, `Atrium ${config.version} on ${address} (database: ${app.db.engine})`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
