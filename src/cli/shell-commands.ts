import { createWriteStream, readFileSync } from 'node:fs';
import type { Value } from '../index.js';
import { CliError } from './cli-error.js';
import { formatError, ROW_FORMATS, type RowFormat } from './format-result.js';
import { describeKeyspaces } from './describe.js';
import { varValue, type ShellState } from './shell-state.js';

export type { ShellState } from './shell-state.js';

/** The shell commands with their usage, cbq's first (case-insensitive), then psql's. */
export const COMMANDS: readonly [string, string][] = [
  ['\\HELP [COMMAND]', 'this help, or the help of one command'],
  ['\\SET [NAME VALUE]', 'set a query parameter (-$name, -args, -timeout, -NAME), a user variable ($name) or a shell setting (format, timing, expanded, pager, quiet); alone: list them'],
  ['\\UNSET NAME', 'remove a parameter or variable'],
  ['\\PUSH [NAME VALUE]', 'push a value on a variable\'s stack; alone: push a copy of every variable'],
  ['\\POP [NAME]', 'pop a variable\'s stack; alone: pop every variable'],
  ['\\ECHO ARGS…', 'print text and variables (-$name, $name, -args, format …)'],
  ['\\REDIRECT FILE | OFF', 'send results to FILE (overwritten) or back to the terminal'],
  ['\\SOURCE FILE', 'run the statements and commands of FILE'],
  ['\\ALIAS [NAME TEXT]', 'define \\\\NAME as TEXT; alone: list the aliases'],
  ['\\UNALIAS NAME', 'remove an alias'],
  ['\\VERSION', 'the shell\'s version and where statements run'],
  ['\\COPYRIGHT', 'copyright and license'],
  ['\\QUIT, \\EXIT', 'leave (also Ctrl-D)'],
  ['\\x [on|off]', 'psql: expanded display, one "field | value" block per row'],
  ['\\o [FILE]', 'psql: like \\REDIRECT; \\o alone goes back to the terminal'],
  ['\\i FILE', 'psql: like \\SOURCE'],
  ['\\d [KEYSPACE]', 'psql: the keyspaces with their document counts and indexes; of one keyspace, its indexes and its fields (INFER)'],
  ['\\timing [on|off]', 'psql: print (N rows, X ms) after each statement'],
  ['\\watch N [COUNT]', 'psql: run the last statement again every N seconds (COUNT times; until Ctrl-C)'],
  ['\\format table|json|jsonl|csv|tree', 'how rows are shown (same as \\SET format …)'],
  ['\\pager [on|off]', 'page long output through $PAGER (default less) on a terminal'],
  ['\\load KEYSPACE FILE [KEY_TEMPLATE]', 'load a JSON Lines / JSON array / .zip file into a keyspace'],
  ['\\keyspaces', 'list the keyspaces'],
];

export const SHELL_HELP = `Statements end with ; and may span several lines; # and -- start comments.
Commands (case-insensitive; a trailing ; is optional):
${COMMANDS.map(([c, h]) => `  ${c.padEnd(36)} ${h}`).join('\n')}
Ctrl-C cancels the running statement (or clears the one being typed). Tab completes keywords,
function names and keyspaces. Example:
  \\SET -$kind "hotel";
  SELECT name FROM demo WHERE type = $kind AND CONTAINS_TOKEN(description, 'breakfast') LIMIT 5;`;

const COPYRIGHT = 'tokenql — Copyright the tokenql authors. Licensed under the Apache License, Version 2.0.\nN1QL and cbq are Couchbase\'s; tokenql is an independent implementation.';

/** Shell settings that `\SET` changes (the rest of the names are variables). */
const SETTINGS = ['format', 'timing', 'expanded', 'pager', 'quiet'] as const;

/**
 * A `\SET` value: JSON (`"text"`, `9.5`, `[1,2]`, `{"a":1}`, `true`), a N1QL single-quoted string,
 * or else the text itself as a string (cbq reads values as JSON).
 */
export function parseVarValue(text: string): Value {
  const t = text.trim();
  try {
    return JSON.parse(t) as Value;
  } catch {
    if (/^'.*'$/s.test(t)) return t.slice(1, -1).replace(/''/g, "'");
    return t;
  }
}

function onOff(arg: string | undefined, current: boolean, name: string): boolean {
  if (arg === undefined) return !current;
  const a = arg.toLowerCase();
  if (a === 'on' || a === 'true') return true;
  if (a === 'off' || a === 'false') return false;
  throw new CliError(`${name} expects on or off, got ${arg}`);
}

/** Applies a shell setting (`\SET format json`). */
function setSetting(state: ShellState, name: (typeof SETTINGS)[number], value: string): void {
  if (name === 'format') {
    if (!ROW_FORMATS.includes(value as RowFormat)) throw new CliError(`format expects ${ROW_FORMATS.join(', ')}, got ${value || 'nothing'}`);
    state.format = value as RowFormat;
  } else state[name] = onOff(value, state[name], name);
}

function settingValue(state: ShellState, name: (typeof SETTINGS)[number]): Value {
  return state[name];
}

/** Splits a command line into its name and the rest (the rest keeps its spaces, for values). */
function splitCommand(line: string): { name: string; rest: string } {
  const text = line.trim().replace(/;\s*$/, '');
  const m = /^(\\\\?[^\s]+)\s*(.*)$/s.exec(text)!;
  return { name: m[1]!, rest: m[2]!.trim() };
}

/**
 * Runs one backslash command line (e.g. `\\SET -$x 3`). Command names are case-insensitive.
 * @returns `'quit'` for `\\QUIT`, otherwise nothing; problems are printed and set `state.failed`.
 */
export async function runShellCommand(line: string, state: ShellState): Promise<'quit' | void> {
  const { name, rest } = splitCommand(line);
  const args = rest === '' ? [] : rest.split(/\s+/);
  const say = (text: string): void => void state.out.write(text + '\n');
  try {
    if (name.startsWith('\\\\')) {
      const alias = state.aliases.get(name.slice(2));
      if (alias === undefined) throw new CliError(`no alias ${name.slice(2)}; \\ALIAS lists them`);
      return await state.feed?.(alias.trimEnd().endsWith(';') || alias.startsWith('\\') ? alias : alias + ';');
    }
    const cmd = name.toLowerCase();
    switch (cmd) {
      case '\\q':
      case '\\quit':
      case '\\exit':
        return 'quit';
      case '\\h':
      case '\\?':
      case '\\help': {
        if (args[0]) {
          const want = args[0].toLowerCase().replace(/^\\?/, '\\');
          const hits = COMMANDS.filter(([c]) => c.toLowerCase().split(/[\s,]+/).includes(want));
          if (!hits.length) throw new CliError(`unknown command ${args[0]}; type \\help for the list`);
          say(hits.map(([c, h]) => `${c}\n    ${h}`).join('\n'));
        } else say(SHELL_HELP);
        return;
      }
      case '\\set': {
        if (args.length === 0) {
          const lines = SETTINGS.map((s) => `${s} = ${JSON.stringify(settingValue(state, s))}`);
          for (const [k, stack] of [...state.vars].sort()) if (stack.length) lines.push(`${k} = ${JSON.stringify(stack[stack.length - 1])}${stack.length > 1 ? `  (stack of ${stack.length})` : ''}`);
          say(lines.join('\n'));
          return;
        }
        const [varName] = args;
        const value = rest.slice(varName!.length).trim();
        const setting = SETTINGS.find((s) => s === varName!.toLowerCase());
        if (setting) return setSetting(state, setting, value);
        checkVarName(varName!);
        if (value === '') throw new CliError(`\\SET ${varName} needs a value`);
        const v = parseVarValue(value);
        if (varName === '-args' && !Array.isArray(v)) throw new CliError('-args expects a JSON array, e.g. \\SET -args [1, "a"]');
        const stack = state.vars.get(varName!) ?? [];
        stack[Math.max(0, stack.length - 1)] = v;
        state.vars.set(varName!, stack);
        return;
      }
      case '\\unset':
        if (args.length !== 1) throw new CliError('usage: \\UNSET NAME');
        if (!state.vars.delete(args[0]!)) throw new CliError(`${args[0]} is not set`);
        return;
      case '\\push': {
        if (args.length === 0) {
          for (const stack of state.vars.values()) if (stack.length) stack.push(stack[stack.length - 1]!);
          return;
        }
        checkVarName(args[0]!);
        const value = rest.slice(args[0]!.length).trim();
        if (value === '') throw new CliError(`\\PUSH ${args[0]} needs a value`);
        const stack = state.vars.get(args[0]!) ?? [];
        stack.push(parseVarValue(value));
        state.vars.set(args[0]!, stack);
        return;
      }
      case '\\pop': {
        const pop = (k: string) => {
          const stack = state.vars.get(k);
          if (!stack?.length) throw new CliError(`${k} is not set`);
          stack.pop();
          if (!stack.length) state.vars.delete(k);
        };
        if (args.length === 0) for (const k of [...state.vars.keys()]) pop(k);
        else pop(args[0]!);
        return;
      }
      case '\\echo': {
        say(args.map((a) => echoText(state, a)).join(' '));
        return;
      }
      case '\\redirect':
      case '\\o': {
        if (state.redirect) {
          const { stream } = state.redirect;
          state.redirect = undefined;
          state.out = process.stdout;
          await new Promise<void>((done) => stream.end(done));
        }
        const target = args[0];
        if (target === undefined || (cmd === '\\redirect' && target.toLowerCase() === 'off')) return;
        const stream = createWriteStream(rest);
        await new Promise<void>((done, fail) => {
          stream.once('open', () => done());
          stream.once('error', (e) => fail(new CliError(`cannot write ${rest}: ${e.message}`)));
        });
        state.redirect = { path: rest, stream };
        state.out = stream;
        return;
      }
      case '\\source':
      case '\\i': {
        if (!rest) throw new CliError(`usage: ${name} FILE`);
        let text: string;
        try {
          text = readFileSync(rest, 'utf8');
        } catch (e) {
          throw new CliError(`cannot read ${rest}: ${(e as Error).message}`);
        }
        const end = text.trimEnd();
        return await state.feed?.(end === '' || end.endsWith(';') || /\n\s*\\[^\n]*$/.test('\n' + end) ? text : text + ';');
      }
      case '\\alias': {
        if (args.length === 0) {
          say([...state.aliases].map(([k, v]) => `\\\\${k}  ${v}`).join('\n') || '(no aliases)');
          return;
        }
        const text = rest.slice(args[0]!.length).trim();
        if (!text) throw new CliError('usage: \\ALIAS NAME TEXT');
        state.aliases.set(args[0]!, text);
        return;
      }
      case '\\unalias':
        if (args.length !== 1) throw new CliError('usage: \\UNALIAS NAME');
        if (!state.aliases.delete(args[0]!)) throw new CliError(`no alias ${args[0]}`);
        return;
      case '\\version':
        say(`tokenql shell ${state.version ?? ''}; statements run ${state.backend.where === 'embedded' ? 'in an embedded database' : `on ${state.backend.where}`}`);
        return;
      case '\\copyright':
        say(COPYRIGHT);
        return;
      case '\\x':
        state.expanded = onOff(args[0], state.expanded, '\\x');
        say(`expanded display is ${state.expanded ? 'on' : 'off'}`);
        return;
      case '\\timing':
        state.timing = onOff(args[0], state.timing, '\\timing');
        say(`timing is ${state.timing ? 'on' : 'off'}`);
        return;
      case '\\pager':
        state.pager = onOff(args[0], state.pager, '\\pager');
        say(`pager is ${state.pager ? 'on' : 'off'}`);
        return;
      case '\\format':
        setSetting(state, 'format', args[0] ?? '');
        say(`format is ${state.format}`);
        return;
      case '\\d':
        say(await describeKeyspaces(state.backend, args[0]));
        return;
      case '\\keyspaces': {
        const ks = await state.backend.keyspaces();
        say(ks.map((k) => `${k.name} (${k.count ?? 0} documents)`).join('\n') || '(no keyspaces)');
        return;
      }
      case '\\watch': {
        const secs = Number(args[0] ?? 2);
        const count = args[1] === undefined ? Infinity : Number(args[1]);
        if (!(secs > 0) || !(count > 0)) throw new CliError('usage: \\watch SECONDS [COUNT]');
        if (!state.last) throw new CliError('\\watch: no statement has run yet');
        for (let i = 0; i < count && !state.failed; i++) {
          if (i > 0) {
            const stop = await sleepOrInterrupt(state, secs * 1000);
            if (stop) break;
          }
          say(`-- ${new Date().toISOString()} (every ${secs} s)`);
          await state.feed?.(state.last + ';');
        }
        return;
      }
      case '\\load': {
        if (args.length < 2 || args.length > 3) throw new CliError('usage: \\load KEYSPACE FILE [KEY_TEMPLATE]');
        if (!state.loadFile) throw new CliError('\\load needs an embedded database; use tokenql load --engine … for a server');
        await state.loadFile(args[0]!, args[1]!, args[2]);
        return;
      }
      default:
        throw new CliError(`unknown command ${name}; type \\help for the list`);
    }
  } catch (err) {
    state.failed = true;
    state.err.write(formatError(err instanceof CliError ? new Error(err.message) : err, state.color) + '\n');
  }
}

/** Sleeps, resolving true early when Ctrl-C is pressed (the shell aborts `state.running`). */
function sleepOrInterrupt(state: ShellState, ms: number): Promise<boolean> {
  return new Promise((done) => {
    const ctl = new AbortController();
    state.running = ctl;
    const t = setTimeout(() => {
      state.running = undefined;
      done(false);
    }, ms);
    ctl.signal.addEventListener('abort', () => {
      clearTimeout(t);
      state.running = undefined;
      done(true);
    });
  });
}

function checkVarName(name: string): void {
  if (!/^(-\$?|\$)[A-Za-z_][\w]*$/.test(name)) {
    throw new CliError(`cannot set ${name}: give a query parameter (-$name, -args, -timeout, -NAME), a user variable ($name) or a setting (${SETTINGS.join(', ')})`);
  }
}

/** `\ECHO` of one argument: a variable's value (strings bare, others as JSON), else the text. */
function echoText(state: ShellState, arg: string): string {
  const setting = SETTINGS.find((s) => s === arg.toLowerCase());
  const v = setting ? settingValue(state, setting) : /^(-\$?|\$)\w+$/.test(arg) ? varValue(state, arg) : undefined;
  if (v === undefined) return arg;
  return typeof v === 'string' ? v : JSON.stringify(v);
}
