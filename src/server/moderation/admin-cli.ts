// Entry point of `npm run admin -- grant|revoke <email>` (see admin-command.ts).
import { ConfigError, loadConfig } from '../config';
import { runAdminCommand } from './admin-command';

let code: number;
try {
  code = await runAdminCommand(process.argv.slice(2), loadConfig(), {
    out: (line) => console.log(line),
    err: (line) => console.error(line),
  });
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  code = 1;
}
process.exit(code);
