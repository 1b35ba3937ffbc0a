import { createRequire } from 'node:module';
import type RE2Type from 're2';

let ctor: typeof RE2Type | undefined;

/**
 * The `re2` package's RE2 class (linear-time regular expressions with Go's syntax, DESIGN §4),
 * loaded on first use: it is a native addon, and loading it is a noticeable part of the CLI's
 * start-up that statements without LIKE `_` or REGEXP patterns do not need.
 */
export function re2(): typeof RE2Type {
  return (ctor ??= createRequire(import.meta.url)('re2') as typeof RE2Type);
}
