// npm start: read config, migrate, seed, listen; close cleanly on SIGTERM/SIGINT.
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { createContext } from './context.js';
import { defaultWebRoot } from './plugins/web-app.js';

async function main() {
  const config = loadConfig();
  const ctx = await createContext(config);
  const app = await buildApp(ctx, { webRoot: defaultWebRoot });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, closing`);
    await app.close();
    ctx.mailer.close();
    await ctx.database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const { port } = app.server.address() as { port: number };
  const where = ctx.dialect === 'sqlite' ? `SQLite in ${config.dataDir}` : 'PostgreSQL';
  console.log(`\n  Kete is running at http://localhost:${port} (${where})\n`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('Kete could not start:', error);
  }
  process.exit(1);
});
