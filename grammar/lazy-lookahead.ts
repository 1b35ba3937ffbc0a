import { LLkLookaheadStrategy, type ILookaheadStrategy } from 'chevrotain';

type Build = ILookaheadStrategy['buildLookaheadForAlternation'];
type BuildOptional = ILookaheadStrategy['buildLookaheadForOptional'];

/**
 * Chevrotain's LL(k) lookahead, each decision's function built the first time the parser
 * reaches that decision rather than all of them in `performSelfAnalysis` (about 80 ms of every
 * start-up, most of it for statements a run never parses). The functions are the ones
 * `LLkLookaheadStrategy` builds, from the same grammar, so parsing is unchanged; validations
 * (under the tests) are the strategy's own.
 */
export class LazyLookahead extends LLkLookaheadStrategy {
  override buildLookaheadForAlternation(options: Parameters<Build>[0]): ReturnType<Build> {
    let fn: ReturnType<Build> | undefined;
    const build = () => (fn = super.buildLookaheadForAlternation(options));
    return function (this: unknown, ...args: unknown[]) {
      return (fn ?? build()).apply(this, args as never);
    } as ReturnType<Build>;
  }

  override buildLookaheadForOptional(options: Parameters<BuildOptional>[0]): ReturnType<BuildOptional> {
    let fn: ReturnType<BuildOptional> | undefined;
    const build = () => (fn = super.buildLookaheadForOptional(options));
    return function (this: unknown, ...args: unknown[]) {
      return (fn ?? build()).apply(this, args as never);
    } as ReturnType<BuildOptional>;
  }
}
