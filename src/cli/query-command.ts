import { Command, Option } from 'commander';
import { ROW_FORMATS } from './format-result.js';
import { addCommonOptions, addServerOptions, collect } from './options.js';
import { runQuery, type QueryCommandOptions } from './query.js';

/** The `tokenql query` command. */
export function queryCommand(): Command {
  const cmd = new Command('query')
    .description('run statements (separated by ;) from -e or a file and print their results')
    .option('-e, --execute <STATEMENTS>', 'statements to run')
    .option('-f, --file <FILE>', 'file of statements to run (- for stdin)')
    .addOption(new Option('--format <FORMAT>', 'output format').choices(ROW_FORMATS).default('json'))
    .addOption(new Option('--param <NAME=JSON>', 'named parameter $NAME with a JSON value, e.g. --param city=\'"Paris"\'; repeatable').default([]).argParser(collect))
    .option('--args <JSON>', 'positional parameters ($1, ?) as a JSON array, e.g. --args \'[1, "a"]\'')
    .option('--metrics', 'jsonl: each line also carries the statement\'s warnings and metrics')
    .action(async (opts: QueryCommandOptions) => {
      await runQuery(opts);
    });
  addServerOptions(cmd, false);
  addCommonOptions(cmd);
  cmd.addHelpText(
    'after',
    `
Formats:
  json   (default) the rows of a single statement as a pretty JSON array; with several
         statements one JSON array of per-statement results {"statement", "results"} (or
         {"statement", "errors"})
  table  each statement's rows as a table (JSON when the rows are not flat objects);
         EXPLAIN as an operator tree
  tree   like table
  csv    each statement's rows as CSV with a header line
  jsonl  one line per statement: {"results":[...]} or {"errors":[{"code":N,"msg":"..."}]};
         with --metrics also "warnings" and "metrics"
Exit codes: 0 when every statement ran (always 0 in jsonl, whose lines carry the errors);
1 when a statement failed (reported on stderr), a file could not be read or an option is wrong.
Against a server (--engine URL) statements run through its query service; -e stays the
statements here (cbq's -e, --engine, is tokenql shell's).

Examples:
  $ tokenql query -e "SELECT 1+1 AS two" --format jsonl
  $ tokenql query --demo -e "SELECT name FROM demo WHERE type = \\$t LIMIT 3" --param t='"hotel"' --format table
  $ tokenql query --engine http://127.0.0.1:8093 -u Administrator -p password -e "SELECT COUNT(*) FROM travel"
  $ tokenql query -f queries.n1ql --load travel=../shared/datasets/travel-sample.jsonl --key travel=%type%_%id%`,
  );
  return cmd;
}
