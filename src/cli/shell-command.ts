import { Command, Option } from 'commander';
import { ROW_FORMATS } from './format-result.js';
import { addCommonOptions, addServerOptions } from './options.js';
import { runShell, type ShellOptions } from './shell.js';

/** The `tokenql shell` command (cbq's options: `-e/--engine`, `-u`, `-p`, `-c`, `-t`, `-s`, `-f`, `-q`). */
export function shellCommand(version: string): Command {
  const cmd = new Command('shell')
    .description('interactive N1QL shell (REPL), embedded or against a running server (--engine); with piped input, runs the statements in order')
    .option('-s, --script <STATEMENTS>', 'run these statements and shell commands, then leave (cbq -s)')
    .option('-f, --file <FILE>', 'run the statements and commands of FILE, then leave (cbq -f)')
    .option('-q, --quiet', 'no banner and no DML/DDL summaries (cbq -q)')
    .addOption(new Option('--format <FORMAT>', 'how rows are shown (\\format in the shell)').choices(ROW_FORMATS).default('table'))
    .option('--no-pager', 'never page long output through $PAGER')
    .action(async (opts: ShellOptions) => {
      await runShell(opts, version);
    });
  addServerOptions(cmd, true);
  addCommonOptions(cmd);
  cmd.addHelpText(
    'after',
    `
Statements end with ; (they may span lines). Type \\help in the shell for its commands.
History is kept by statement in ~/.tokenql_history (set TOKENQL_HISTORY to change it).
-e is --engine here, as in cbq; in tokenql query -e gives the statements to run.

Examples:
  $ tokenql shell --demo
  $ tokenql shell --load product=../shared/datasets/product.jsonl --key product=%productId%_arrayIndex
  $ tokenql shell -e http://127.0.0.1:8093 -u Administrator -p password
  $ echo "SELECT COUNT(*) AS n FROM demo;" | tokenql shell --demo`,
  );
  return cmd;
}
