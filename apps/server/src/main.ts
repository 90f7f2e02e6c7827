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
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Atrium ${config.version} on http://${config.host}:${config.port} (database: ${app.db.engine})`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
