/**
 * `tokenql/testing`: a property-based test harness for token queries, built on fast-check.
 *
 * Arbitraries: documents (awkward text of spec §4), token options (valid or not), token
 * predicates and queries as N1QL text, index definitions that match a predicate's options or
 * deliberately do not. Properties (each returns a fast-check property for `fc.assert`):
 * {@link indexMatchesScan}, {@link containsIffInTokens}, {@link planUsesIndexIffOptionsEquivalent},
 * {@link mutationsKeepIndexesExact}, {@link compactionPreservesResults}. A failure's error and
 * counterexample are a N1QL script that reproduces it in `tokenql shell`. See docs/testing.md.
 */
export { AWKWARD_FRAGMENTS, AWKWARD_SPACES, awkwardText, text, type AwkwardTextOptions } from './text.js';
export {
  KEYSPACE,
  TOP_FIELDS,
  FIELD_PATHS,
  numberValue,
  jsonValue,
  anyValue,
  documents,
  doc,
  setValue,
  literal,
  type JsonValueOptions,
  type DocumentShape,
} from './documents.js';
export { poolOf, type Pool } from './pool.js';
export {
  tokenOptions,
  options,
  printOptions,
  optionsValue,
  equivalentOptions,
  differentOptions,
  optionsEquivalent,
  type Options,
  type OptionsEquivalence,
  type TokenOptionsOptions,
} from './options.js';
export { indexDefs, defaultIndexDefs, tokenIndexFor, tokenKey, type IndexDef, type IndexShape, type TokenKeyForm } from './indexes.js';
export { predicates, type Query, type PredicateShape } from './predicates.js';
export { likePattern, regexpPattern, regexpSubject, likeEscape, regexpEscape, trailingEscape } from './patterns.js';
export { canonical, sameRows, outcome, sameOutcome, showOutcome, type Outcome } from './compare.js';
export { insertStatement, renderScript, withScript, CounterexampleError, type ScriptLine } from './script.js';
export { indexTargets, indexStatements, documentLines } from './catalog.js';
export { scenario, runScenario, scriptOf, writes, type Scenario, type Step, type Stats } from './scenario.js';
export { propertyRuns, propertyParameters } from './runs.js';
export { indexMatchesScan, keyspaceQueries, keyspaceScript, type IndexMatchesScanOptions } from './properties/index-matches-scan.js';
export { containsIffInTokens, tokenCaseScript, type TokenCase, type ContainsIffInTokensOptions } from './properties/contains-iff-in-tokens.js';
export {
  planUsesIndexIffOptionsEquivalent,
  planCaseScript,
  planScansIndex,
  type PlanCase,
  type PlanUsesIndexOptions,
} from './properties/plan-uses-index.js';
export { mutationsKeepIndexesExact, indexProbe, type MutationsOptions, type MutationModel, type MutationReal } from './properties/mutations.js';
export { compactionPreservesResults } from './properties/compaction.js';
