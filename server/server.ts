import { loadConfig } from './config.ts';
import { shutdown } from './ops/shutdown.ts';
import { demoLoginsText, start } from './start.ts';
import { surviveDatabaseErrors } from './ops/db-error-guard.ts';

const config = loadConfig();
const t0 = performance.now();
const { app, url, demoCreated, handle, accountNotes } = await start(config);
app.log.info({ database: handle.kind, ms: Math.round(performance.now() - t0) }, 'cbec-console started');
surviveDatabaseErrors(app.log);
console.log(`\n跨境电商通关企业端 1.0.0  ${url}  (数据库: ${handle.kind === 'pg' ? 'PostgreSQL' : `PGlite ${config.dataDir}`})`);
for (const note of accountNotes) app.log.warn(note);
if (accountNotes.length > 0) console.log(accountNotes.join('\n'));
if (demoCreated) console.log(demoLoginsText());
else if (config.nodeEnv !== 'production') console.log('演示账号见 README.md (demo logins in README.md)');

// SIGTERM/SIGINT: drain and close within SHUTDOWN_GRACE_MS (server/ops/shutdown.ts), then exit 0. A
// second signal does not wait; a drain that hangs past the grace period (plus a margin) exits 1.
let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) {
      app.log.warn({ signal }, 'shutdown: second signal, exiting at once');
      process.exit(1);
    }
    closing = true;
    app.log.info({ signal, graceMs: config.shutdownGraceMs }, 'shutting down');
    const force = setTimeout(() => { app.log.error('shutdown: the drain did not end, exiting'); process.exit(1); }, config.shutdownGraceMs + 5000);
    force.unref();
    shutdown(app, config.shutdownGraceMs).then(() => process.exit(0), (err) => { app.log.error(err); process.exit(1); });
  });
}
