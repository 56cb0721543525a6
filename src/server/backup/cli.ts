// Entry point of `npm run backup -- <file>` and `npm run restore -- <file>` (see command.ts).
import { runBackupCli } from './command';

const [command, ...args] = process.argv.slice(2);
process.exit(
  await runBackupCli(command, args, {
    out: (line) => console.log(line),
    err: (line) => console.error(line),
  }),
);
