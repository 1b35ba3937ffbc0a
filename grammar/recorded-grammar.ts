import {
  Alternation, Alternative, EOF, NonTerminal, Option, Repetition, RepetitionMandatory, RepetitionMandatoryWithSeparator, RepetitionWithSeparator, Rule, Terminal,
  type IProduction, type TokenType,
} from 'chevrotain';

/**
 * A rule's grammar AST (chevrotain's GAST, which the parser records at construction by running
 * every rule in "recording mode") as plain data: `[class, own properties, children]`, token
 * types by name. `grammar/gen-lookahead.ts` writes the recorded GAST of every rule into
 * `lookahead-table.ts`; the parser then builds its GAST from it instead of recording (recording
 * ~125 rules is the largest part of the parser's construction). A test checks that the data
 * gives the very GAST that recording gives.
 */
export type RecordedNode = [kind: string, props: Record<string, unknown>, children?: RecordedNode[]];

const CLASSES: Record<string, { prototype: object }> = {
  Rule, Terminal, NonTerminal, Option, Alternation, Alternative, Repetition, RepetitionMandatory, RepetitionMandatoryWithSeparator, RepetitionWithSeparator,
};
/** Properties whose value is a token type (stored by name). */
const TOKEN_PROPS = new Set(['terminalType', 'separator']);

function kindOf(node: object): string {
  for (const [name, C] of Object.entries(CLASSES)) if (Object.getPrototypeOf(node) === C.prototype) return name;
  throw new Error(`not a GAST node: ${String(node)}`);
}

/** A GAST node as data (a NonTerminal's `referencedRule`, set when the grammar is resolved, is left out). */
export function recordNode(node: IProduction | Rule): RecordedNode {
  const kind = kindOf(node);
  const props: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) {
    if (k === '_definition' || k === 'referencedRule' || v === undefined) continue;
    props[k] = TOKEN_PROPS.has(k) ? (v as TokenType).name : v;
  }
  const hasChildren = Object.prototype.hasOwnProperty.call(node, '_definition') && kind !== 'NonTerminal';
  return hasChildren ? [kind, props, (node as { definition: IProduction[] }).definition.map(recordNode)] : [kind, props];
}

/**
 * The GAST node of `data`, made as the GAST classes' constructors make it (same prototype, same
 * own properties) without running them: they copy their options through lodash's `pickBy`,
 * which is slow on a cold start. `tokens` maps token names to types.
 */
export function restoreNode(data: RecordedNode, tokens: ReadonlyMap<string, TokenType>): IProduction & Rule {
  const [kind, props, children] = data;
  const node = Object.create(CLASSES[kind]!.prototype) as Record<string, unknown>;
  if (kind !== 'Terminal') node._definition = children ? children.map((c) => restoreNode(c, tokens)) : [];
  for (const [k, v] of Object.entries(props)) {
    if (!TOKEN_PROPS.has(k)) node[k] = v;
    else {
      const t = tokens.get(v as string);
      if (!t) throw new Error(`recorded grammar: unknown token ${String(v)}`);
      node[k] = t;
    }
  }
  return node as unknown as IProduction & Rule;
}

/** Token types by name: every token type among `tokens`' values, and EOF. */
export function tokensByName(tokens: Record<string, unknown>): Map<string, TokenType> {
  const byName = new Map<string, TokenType>([['EOF', EOF]]);
  for (const t of Object.values(tokens)) {
    if (typeof t === 'object' && t !== null && typeof (t as TokenType).name === 'string' && 'tokenTypeIdx' in t) byName.set((t as TokenType).name, t as TokenType);
  }
  return byName;
}
