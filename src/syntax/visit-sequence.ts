/**
 * Visit methods for sequences: CREATE / ALTER / DROP SEQUENCE and the NEXT VALUE / PREV VALUE
 * operators. Names and option clauses are checked here with the reference's messages
 * (couchbase/query parser/n1ql/n1ql.y and `algebra/sequence.go`, answers of the reference engine).
 */
import type { Expr, KeyspaceRef, SequenceName, SequenceOptions, Statement } from '../ast/index.js';
import type * as C from '../../grammar/cst.js';
import { ErrorCode, QueryError, type SourcePosition } from '../errors/index.js';
import type { AstBuilder } from './cst-to-ast.js';
import { tokenLoc } from './lexemes.js';

/** One option clause as read: its WITH name and value (`null`: the default). */
interface OptionClause {
  name: keyof SequenceOptions;
  value: number | boolean | null;
  loc: SourcePosition;
}

/** The clause words and the WITH name each sets; `valued`: takes a number (`RESTART`: optionally). */
const WORDS: Record<string, { name: keyof SequenceOptions; valued: 'yes' | 'no' | 'optional'; joiner?: 'WITH' | 'BY' }> = {
  START: { name: 'start', valued: 'yes', joiner: 'WITH' },
  RESTART: { name: 'restart', valued: 'optional', joiner: 'WITH' },
  INCREMENT: { name: 'increment', valued: 'yes', joiner: 'BY' },
  MAXVALUE: { name: 'max', valued: 'yes' },
  MINVALUE: { name: 'min', valued: 'yes' },
  CACHE: { name: 'cache', valued: 'yes' },
  CYCLE: { name: 'cycle', valued: 'no' },
};

/** What `NO word` sets: the default maximum or minimum, a cache of 1, no cycling. */
const NO_WORDS: Record<string, OptionClause['value']> = { MAXVALUE: null, MINVALUE: null, CACHE: 1, CYCLE: false };

/**
 * A sequence name from its keyspace-style reference: exactly `bucket.scope.name` (the namespace
 * defaults to `default`; `system` is not allowed). Raises what the reference raises for other forms.
 */
function sequenceName(b: AstBuilder, ref: KeyspaceRef, create: boolean): SequenceName {
  const namespace = ref.namespace ?? 'default';
  const full = `${namespace}:${ref.path.join('.')}`;
  if (namespace.toLowerCase() === 'system') throw b.syntaxError(`system namespace not permitted`, ref.loc);
  if (ref.path.length === 3) return { namespace, bucket: ref.path[0]!, scope: ref.path[1]!, name: ref.path[2]! };
  if (ref.path.length > 3 || (create && ref.path.length === 1)) {
    throw new QueryError({ code: ErrorCode.SYNTAX, phase: 'parse', message: 'Invalid sequence name', position: ref.loc, statement: b.text });
  }
  if (create) {
    throw new QueryError({
      code: ErrorCode.SYNTAX, phase: 'parse', position: ref.loc, statement: b.text,
      message: `Keyspace resolves to ${full} - only 2 or 4 parts are valid: check query_context?`,
    });
  }
  throw new QueryError({ code: ErrorCode.SEQUENCE_NAME_PARTS, phase: 'parse', message: `Sequence name resolves to '${full}' - check query_context?`, position: ref.loc, statement: b.text });
}

/** `WITH {…}` or the option clauses, with the reference's "duplicate option" and "WITH may not be used with other options". */
function optionsOf(b: AstBuilder, ctx: C.CreateSequenceStatementCstChildren | C.AlterSequenceStatementCstChildren): { with?: Expr; options?: SequenceOptions } {
  const clauses = (ctx.sequenceOption ?? []).map((o) => b.visit(o) as OptionClause);
  const withs = ctx.indexWith ?? [];
  if (withs.length > 0 && (clauses.length > 0 || withs.length > 1)) {
    const at = withs.length > 1 ? withs[1]! : withs[0]!;
    throw b.syntaxError('WITH may not be used with other options', tokenLoc(at.children.WITH[0]!));
  }
  if (withs.length === 1) return { with: b.visit(withs[0]!) as Expr };
  if (clauses.length === 0) return {};
  const options: Record<string, number | boolean | null> = {};
  for (const c of clauses) {
    if (c.name in options) throw b.syntaxError('duplicate option', c.loc);
    options[c.name] = c.value;
  }
  return { options: options as SequenceOptions };
}

export const sequenceRules = {
  createSequenceStatement(this: AstBuilder, ctx: C.CreateSequenceStatementCstChildren): Statement {
    const sequence = sequenceName(this, this.visit(ctx.keyspaceRef[0]!) as KeyspaceRef, true);
    return { kind: 'CreateSequence', sequence, ifNotExists: ctx.ifNotExists !== undefined, ...optionsOf(this, ctx) };
  },
  alterSequenceStatement(this: AstBuilder, ctx: C.AlterSequenceStatementCstChildren): Statement {
    const sequence = sequenceName(this, this.visit(ctx.keyspaceRef[0]!) as KeyspaceRef, true);
    return { kind: 'AlterSequence', sequence, ...optionsOf(this, ctx) };
  },
  dropSequenceStatement(this: AstBuilder, ctx: C.DropSequenceStatementCstChildren): Statement {
    const sequence = sequenceName(this, this.visit(ctx.keyspaceRef[0]!) as KeyspaceRef, true);
    return { kind: 'DropSequence', sequence, ifExists: ctx.ifExists !== undefined };
  },
  sequenceOption(this: AstBuilder, ctx: C.SequenceOptionCstChildren): OptionClause {
    const t = ctx.word![0]!;
    const loc = tokenLoc(ctx.no?.[0] ?? t);
    const word = t.image.toUpperCase();
    const near = (tok = t) => this.syntaxError(`unexpected '${tok.image}'`, tokenLoc(tok));
    if (ctx.no) {
      if (!(word in NO_WORDS)) throw near();
      return { name: WORDS[word]!.name, value: NO_WORDS[word]!, loc };
    }
    const spec = WORDS[word];
    if (!spec) throw near();
    const joiner = (ctx.WITH ?? ctx.BY)?.[0];
    if (joiner && joiner.image.toUpperCase() !== spec.joiner) throw near(joiner);
    if (spec.joiner === 'WITH' && spec.valued === 'yes' && !joiner) throw near();
    if (spec.joiner === 'BY' && !joiner) throw near();
    const num = ctx.number?.[0];
    if (spec.valued === 'no') {
      if (num || joiner) throw near(num ?? joiner);
      return { name: spec.name, value: true, loc };
    }
    if (!num) {
      if (spec.valued === 'optional' && !joiner) return { name: spec.name, value: null, loc };
      throw near();
    }
    const value = Number(num.image) * (ctx.minus ? -1 : 1);
    if (!Number.isInteger(value)) throw this.syntaxError('invalid option value', tokenLoc(num));
    return { name: spec.name, value, loc };
  },
  sequenceOperator(this: AstBuilder, ctx: C.SequenceOperatorCstChildren): Expr {
    const op = ctx.op![0]!;
    const next = op.image.toUpperCase().startsWith('NEXT');
    const sequence = sequenceName(this, this.visit(ctx.keyspaceRef[0]!) as KeyspaceRef, false);
    return { kind: 'SequenceValue', next, sequence, block: 0, loc: tokenLoc(op) };
  },
};

/**
 * Numbers the query blocks of a freshly built statement: every NEXT/PREV VALUE operator gets the
 * number of its innermost enclosing SELECT block (`Subselect`), 0 outside any. Runs before the
 * statement is frozen (parse.ts).
 */
export function numberSequenceBlocks(node: unknown): void {
  let last = 0;
  const walk = (n: unknown, block: number): void => {
    if (Array.isArray(n)) {
      for (const x of n) walk(x, block);
      return;
    }
    if (!n || typeof n !== 'object') return;
    const o = n as Record<string, unknown>;
    if (o.kind === 'Subselect') block = ++last;
    if (o.kind === 'SequenceValue') o.block = block;
    for (const [k, v] of Object.entries(o)) if (k !== 'loc' && v && typeof v === 'object') walk(v, block);
  };
  walk(node, 0);
}
