/**
 * The advisor's reading of one formalized WHERE conjunct: the index key it asks for and the
 * predicate type that orders the keys (couchbase/query `planner/build_advise_ee.go` and the
 * `recommending_rule` texts of the suite's `gsi/advise` answers: "2. equality/null/missing",
 * "3. in", "4. not less than/between/not greater than", "5. less than/greater than",
 * "7. not null/not missing/valued", "1. Common leading key for disjunction (…)").
 */
import type { Collection, Expr } from '../../ast/index.js';
import { KS } from '../../semantic/formalize.js';
import { isStatic } from '../../semantic/static-expr.js';
import { someExpr } from '../../ast/index.js';
import { lookupFunction } from '../../eval/functions/registry.js';
import { keyText, nameParts, refText } from './key-text.js';

/** The rule label of a predicate type. */
export const TYPE_LABELS: Record<number, string> = {
  0: '1. leading array index for unnest',
  2: '2. equality/null/missing',
  3: '3. in',
  4: '4. not less than/between/not greater than',
  5: '5. less than/greater than',
  6: '6. derived join filter as leading key',
  7: '7. not null/not missing/valued',
  9: '9. non-static join predicate',
  10: '10. flavor for partial index',
};

/** One recommended index key and why. */
export interface KeyPred {
  /** The key's text in CREATE INDEX. */
  text: string;
  /** The key's part of the index name. */
  name: string;
  /** Predicate type (2, 3, 4, 5, 7; 1 for a disjunction on one common key). */
  type: number;
  /** For type 1: the types of the disjuncts. */
  inner?: number[];
  /** The key also indexes MISSING (`IS MISSING` in a disjunction). */
  includeMissing?: boolean;
  /** `field = 'string'`: the condition a partial index may take instead (its text), and the field's name part. */
  flavor?: { where: string; name: string };
  /** For type 1: the keys of the disjunction's branches' other conjuncts. */
  rest?: KeyPred[];
  /** `x IS MISSING`: the index must be partial on it (its text). */
  partial?: string;
}

const flip: Record<string, string> = { '<': '>', '>': '<', '<=': '>=', '>=': '<=', '=': '=', '!=': '!=' };
const opType: Record<string, number> = { '=': 2, '<': 5, '>': 5, '<=': 4, '>=': 4, '!=': 5 };

function key(e: Expr, type: number): KeyPred {
  return { text: keyText(e), name: nameParts(e).join('_'), type };
}

const isKsField = (e: Expr): boolean => e.kind === 'Field' && e.target.kind === 'Identifier' && e.target.name === KS;

/** A predicate on one key (no disjunction), or undefined when no index key serves it. */
export function simplePredicate(c: Expr): KeyPred | undefined {
  switch (c.kind) {
    case 'Binary': {
      const t = opType[c.op];
      if (t === undefined) return undefined;
      let [k, v, op] = [c.left, c.right, c.op as string];
      if (isStatic(k) && !isStatic(v)) [k, v, op] = [c.right, c.left, flip[c.op]!];
      if (isStatic(k) || !isStatic(v) || someExpr(k, (x) => x.kind === 'FunctionCall' && !!lookupFunction(x.name)?.volatile)) return undefined;
      const p = key(k, opType[op]!);
      if (op === '=' && v.kind === 'Literal' && typeof v.value === 'string' && isKsField(k)) {
        p.flavor = { where: `${p.text} = ${refText(v)}`, name: p.name };
      }
      return p;
    }
    case 'Between':
      return !c.not && !isStatic(c.operand) && isStatic(c.low) && isStatic(c.high) ? key(c.operand, 4) : undefined;
    case 'In':
      return !c.not && !isStatic(c.operand) && isStatic(c.collection) ? key(c.operand, 3) : undefined;
    case 'Is': {
      if (isStatic(c.operand)) return undefined;
      if (c.test === 'MISSING' && !c.not) return { ...key(c, 2), partial: refText(c) };
      if (c.test === 'NULL' && !c.not) return key(c.operand, 2);
      if ((c.not && (c.test === 'NULL' || c.test === 'MISSING')) || (c.test === 'VALUED' && !c.not)) return key(c.operand, 7);
      return undefined;
    }
    case 'Collection':
      return anyPredicate(c);
    default:
      return undefined;
  }
}

/** `ANY v IN arr SATISFIES p(v) END` with one binding: `DISTINCT ARRAY key FOR v IN arr END`. */
function anyPredicate(c: Collection): KeyPred | undefined {
  if (c.quantifier !== 'ANY' || c.bindings.some((b) => b.nameVariable || isStatic(b.expr))) return undefined;
  const vars = new Set(c.bindings.map((b) => b.variable));
  // The mapping: the key of the SATISFIES (several conjuncts: FLATTEN_KEYS of their keys, by type).
  let inner = simplePredicate(c.satisfies) ?? disjunction(c.satisfies);
  let mapping: string;
  let mapNames: string[];
  if (inner) {
    if (inner.partial || inner.includeMissing) return undefined;
    mapping = inner.text;
    mapNames = inner.name.split('_');
  } else {
    const parts = conjuncts(c.satisfies).map((x) => simplePredicate(x));
    if (parts.length < 2 || parts.some((p) => !p || p.partial || p.type === 1)) return undefined;
    const keys = (parts as KeyPred[]).sort((x, y) => x.type - y.type);
    inner = keys[0]!;
    mapping = `FLATTEN_KEYS(${keys.map((k) => k.text).join(',')})`;
    mapNames = keys.flatMap((k) => k.name.split('_'));
  }
  const arrNames = c.bindings.flatMap((b) => nameParts(b.expr));
  const bindings = c.bindings.map((b) => `\`${b.variable}\` ${b.within ? 'WITHIN' : 'IN'} ${keyText(b.expr)}`).join(', ');
  return {
    text: `DISTINCT ARRAY ${mapping} FOR ${bindings} END`,
    name: ['DISTINCT', ...arrNames, ...mapNames.filter((n) => !vars.has(n))].join('_'),
    // Inside ANY a disjunction on one key is a plain range of the array key.
    type: inner.type === 1 ? Math.min(...inner.inner!) : inner.type,
  };
}

function conjuncts(e: Expr): Expr[] {
  return e.kind === 'Binary' && e.op === 'AND' ? [...conjuncts(e.left), ...conjuncts(e.right)] : [e];
}

/**
 * A disjunction whose every branch is a predicate on the same key ("1. Common leading key for
 * disjunction"): `c1 = false OR c1 IS MISSING` → key `c1 INCLUDE MISSING`.
 */
export function disjunction(c: Expr): KeyPred | undefined {
  if (c.kind !== 'Binary' || c.op !== 'OR') return undefined;
  const branches: Expr[] = [];
  const walk = (e: Expr): void => (e.kind === 'Binary' && e.op === 'OR' ? (walk(e.left), walk(e.right)) : void branches.push(e));
  walk(c);
  return commonKey(branches);
}

/**
 * The key every branch of a disjunction restricts ("1. Common leading key for disjunction"),
 * with the keys of the branches' other conjuncts (`rest`, after the index's other keys).
 */
export function commonKey(branches: Expr[]): KeyPred | undefined {
  let includeMissing = false;
  const read = (br: Expr): KeyPred[] | undefined => {
    const out: KeyPred[] = [];
    for (const x of conjuncts(br)) {
      let p: KeyPred | undefined;
      if (x.kind === 'Is' && x.test === 'MISSING' && !x.not && !isStatic(x.operand)) {
        p = key(x.operand, 0);
        includeMissing = true;
      } else p = simplePredicate(x);
      if (!p || p.inner) return undefined;
      out.push(p);
    }
    return out;
  };
  const sets = branches.map(read);
  if (sets.some((x) => !x)) return undefined;
  const all = sets as KeyPred[][];
  const common = all[0]!.find((p) => all.every((ps) => ps.some((q) => q.text === p.text)));
  if (!common) return undefined;
  const inner: number[] = [];
  const rest: KeyPred[] = [];
  for (const ps of all)
    for (const p of ps) {
      if (p.text === common.text) {
        if (p.type && !inner.includes(p.type)) inner.push(p.type);
      } else if (!rest.some((r) => r.text === p.text)) rest.push(p);
    }
  if (inner.length === 0) return undefined;
  return { text: common.text, name: common.name, type: 1, inner, ...(includeMissing ? { includeMissing } : {}), ...(rest.length ? { rest } : {}) };
}

/** The rule label of a key. */
export function label(p: KeyPred): string {
  if (p.type === 1) return `1. Common leading key for disjunction (${p.inner!.map((t) => TYPE_LABELS[t]).join(', ')})`;
  return TYPE_LABELS[p.type]!;
}
