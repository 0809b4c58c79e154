import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ConfigError, loadConfig, type Config } from '../config';
import { fileStorageFor } from '../storage/file-storage';
import { backup, describeBackup, describeRestore, restore } from './backup';
import { openDatabase } from '../db/client';
import { PasswordHasher } from '../modules/accounts/passwords';
import { AdminError, adminCommands, parseAdminArgs, runAdminCommand, type AdminRequest } from './commands';

/**
 * The staff command line: `npm run admin -- <command> ...`. It works on the same database as the server.
 * PGlite admits one process at a time, so in embedded mode, while the server runs, the command goes through
 * the server's loopback-only admin call instead of opening the database itself.
 */
async function main(): Promise<number> {
  const request = parseAdminArgs(process.argv.slice(2));
  if (!request.command || request.command === 'help' || request.options.help) {
    console.log(`Usage: npm run admin -- <command> [arguments]\nCommands: ${adminCommands.join(', ')}`);
    return request.command ? 0 : 1;
  }
  const config = loadConfig();
  if (request.command === 'voucher:simulate-payment') {
    console.log(await simulatePayment(config, request.args[0]));
    return 0;
  }
  if (request.command === 'backup' || request.command === 'restore') return backupOrRestore(config, request);
  const server = config.embedded ? runningServer(config.dataDir) : undefined;
  const output = server
    ? await viaServer(server, config.secrets.adminToken, request)
    : await directly(config, request);
  console.log(output);
  return 0;
}

function runningServer(dataDir: string): { port: number } | undefined {
  const file = join(dataDir, 'server.json');
  if (!existsSync(file)) return undefined;
  const { pid, port } = JSON.parse(readFileSync(file, 'utf8')) as { pid: number; port: number };
  try {
    process.kill(pid, 0);
    return { port };
  } catch {
    return undefined; // a file left by a server that died
  }
}

/**
 * Pays a voucher through the biller endpoints of the running server, exactly as the aggregator would:
 * BillInquiry for the amount due, then BillPayment with a fresh transaction id.
 */
async function simulatePayment(
  config: ReturnType<typeof loadConfig>,
  consumerNumber: string | undefined,
): Promise<string> {
  if (!consumerNumber || !/^\d{13}$/.test(consumerNumber))
    throw new AdminError('Usage: voucher:simulate-payment <13-digit consumer number>');
  const { username, password } = config.kuickpay;
  if (!username || !password) throw new AdminError('KUICKPAY_USERNAME and KUICKPAY_PASSWORD must be set');
  const server = config.embedded ? runningServer(config.dataDir) : undefined;
  const base = server ? `http://127.0.0.1:${server.port}` : `http://127.0.0.1:${config.port}`;
  const call = async (path: string, body: Record<string, string>) => {
    let response: Response;
    try {
      response = await fetch(`${base}/billpayment/kuickpay/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', username, password },
        body: JSON.stringify(body),
      });
    } catch {
      throw new AdminError(`The portal is not answering at ${base}: start it first (npm start)`);
    }
    return (await response.json()) as Record<string, string>;
  };
  const inquiry = await call('BillInquiry', {
    consumer_number: consumerNumber,
    bank_mnemonic: 'DEMO',
    reserved: '',
  });
  if (inquiry.response_Code !== '00')
    throw new AdminError(
      `BillInquiry answered ${inquiry.response_Code}: no payable voucher ${consumerNumber}`,
    );
  if (inquiry.bill_status !== 'U')
    throw new AdminError(`The voucher is not payable (bill status ${inquiry.bill_status})`);
  const now = new Date();
  const tranAuthId = String(Math.floor(100_000 + Math.random() * 900_000));
  const payment = await call('BillPayment', {
    consumer_number: consumerNumber,
    tran_auth_id: tranAuthId,
    transaction_amount: inquiry.amount_within_dueDate!.slice(2),
    tran_date: now.toISOString().slice(0, 10).replaceAll('-', ''),
    tran_time: now.toISOString().slice(11, 19).replaceAll(':', ''),
    bank_mnemonic: 'DEMO',
    reserved: '',
  });
  if (payment.response_Code !== '00') throw new AdminError(`BillPayment answered ${payment.response_Code}`);
  return `Paid ${consumerNumber}: Rs. ${Number(inquiry.amount_within_dueDate!.slice(1)) / 100} for ${inquiry.consumer_Detail} (response 00, tran_auth_id ${tranAuthId})`;
}

async function viaServer(server: { port: number }, token: string, request: AdminRequest): Promise<string> {
  // The server resolves files from its own folder: send an absolute path.
  if (request.command === 'catalogue:import' && request.args[0])
    request.args[0] = resolve(process.env.INIT_CWD ?? process.cwd(), request.args[0]);
  const response = await fetch(`http://127.0.0.1:${server.port}/internal/admin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-admin-token': token },
    body: JSON.stringify(request),
  });
  const answer = (await response.json()) as { success: boolean; message: string; output?: string };
  if (!answer.success) throw new AdminError(answer.message);
  return answer.output ?? '';
}

/**
 * `backup <folder>` and `restore <folder>` (decision 0040), on PostgreSQL: exit 1 when a file the database
 * names is missing, so that a scheduled backup or a restore drill that lost something fails loudly.
 */
async function backupOrRestore(config: Config, request: AdminRequest): Promise<number> {
  const folder = request.args[0];
  if (!folder || request.args.length !== 1)
    throw new AdminError(`Usage: npm run admin -- ${request.command} <folder>`);
  if (!config.databaseUrl)
    throw new AdminError(
      'backup and restore work on PostgreSQL (DATABASE_URL). The embedded database: stop the portal and copy DATA_DIR',
    );
  const dir = resolve(process.env.INIT_CWD ?? process.cwd(), folder);
  const database = await openCommandDatabase(config);
  const storage = fileStorageFor(config);
  try {
    const target = { ownerUrl: config.databaseMigrationUrl ?? config.databaseUrl, db: database.db, storage };
    if (request.command === 'backup') {
      const report = await backup(target, dir);
      console.log(describeBackup(report));
      return report.missing.length === 0 ? 0 : 1;
    }
    const report = await restore(target, dir);
    console.log(describeRestore(report));
    return report.missing.length === 0 ? 0 : 1;
  } finally {
    if ('close' in storage) storage.close();
    await database.close();
  }
}

/** The database as the command line opens it: the instances' settings, a pool of two. */
function openCommandDatabase(config: Config) {
  return openDatabase({
    url: config.databaseUrl,
    migrationUrl: config.databaseMigrationUrl,
    pgliteDir: config.pgliteDir,
    poolSize: 2,
    connectTimeoutMs: config.databaseConnectTimeoutMs,
  });
}

async function directly(config: ReturnType<typeof loadConfig>, request: AdminRequest): Promise<string> {
  const database = await openCommandDatabase(config);
  try {
    return await runAdminCommand(
      database.db,
      request,
      new PasswordHasher(config.secrets.passwordPepper, config.passwordCost),
      {
        publicUrl: config.publicUrl,
        sessionSecret: config.secrets.sessionSecret,
      },
    );
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof AdminError || error instanceof ConfigError) console.error(error.message);
    else console.error('The command failed:', error);
    process.exit(1);
  },
);
