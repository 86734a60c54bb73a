/**
 * npm run create-operator -- <login name> [<name>]   (issue 20)
 * Creates a platform operator (审核账号) in the database the server's configuration names
 * (DATABASE_URL or DATA_DIR's PGlite: refused, naming the server, while a server holds that directory —
 * server/db/data-dir-lock.ts; on PostgreSQL it runs beside the servers). The password
 * is read from OPERATOR_PASSWORD, else asked on the terminal; it follows the own-password rule.
 */
import { createInterface } from 'node:readline/promises';
import { createOperator } from '../server/accounts/operators.ts';
import { loadConfig } from '../server/config.ts';
import { migrateToLatest, openDatabase, pgliteDir, type DatabaseHandle } from '../server/db/database.ts';
import { reviewCompanyText as t } from '../domain/texts/review-company.ts';

const [loginName, userName] = process.argv.slice(2);
if (!loginName) {
  console.error('用法: npm run create-operator -- <登录名> [<姓名>]  (密码取自 OPERATOR_PASSWORD，或在终端输入)');
  process.exit(2);
}
let password = process.env.OPERATOR_PASSWORD ?? '';
if (!password) {
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  password = (await rl.question('密码: ')).trim();
  rl.close();
}
const config = loadConfig();
let handle: DatabaseHandle | undefined;
try {
  // refused (a clear message, exit 1) while a server holds DATA_DIR's embedded database
  handle = await openDatabase(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: pgliteDir(config.dataDir) });
  await migrateToLatest(handle.db);
  await createOperator(handle.db, { loginName, userName: userName ?? loginName, password });
  console.log(t.operatorCreated(loginName));
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
} finally {
  await handle?.close();
}
