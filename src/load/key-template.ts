import { randomUUID } from 'node:crypto';
import type { Value } from '../values/index.js';

/** Generates the key of one document; `index` is the 0-based ordinal of the document in its source. */
export type KeyFunction = (doc: Value, index: number) => string;

/** The maximum key length in UTF-8 bytes, as cbimport enforces it. */
export const MAX_KEY_BYTES = 250;

type Part =
  | { kind: 'text'; text: string }
  | { kind: 'field'; path: string[]; source: string }
  | { kind: 'uuid' }
  | { kind: 'mono'; start: number };

/**
 * Compiles a cbimport `--generate-key` template into a key function.
 *
 * Syntax (cbimport's, with its default delimiters `%` and `#`):
 * - `%field%` — the value of a field; `%a.b%` a nested field; `` %a.`b.c`% `` quotes a name that
 *   contains a dot (```` `` ```` inside backticks is one backtick). A string is used as is, a number
 *   as its JSON text, a boolean as `true`/`false`.
 * - `#UUID#` — a random v4 UUID; `#MONO_INCR#` — a counter starting at 1 (per compiled template),
 *   `#MONO_INCR[N]#` starting at N.
 * - `%%` and `##` — a literal `%` and `#` (also inside a field name); anything else is literal text.
 *
 * @throws Error at compile time for an empty template, an unclosed `%`/`#`, an unknown generator or
 *   an empty field name.
 * The returned function throws an Error when a field is missing (`key template field %x% is missing
 * in the document`), null, an array or an object, when the document is not an object, or when the
 * key is empty or longer than {@link MAX_KEY_BYTES} bytes.
 */
export function compileKeyTemplate(template: string): KeyFunction {
  const parts = parseTemplate(template);
  const counters = parts.map((p) => (p.kind === 'mono' ? p.start - 1 : 0));
  return (doc: Value): string => {
    let key = '';
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i];
      switch (part.kind) {
        case 'text':
          key += part.text;
          break;
        case 'uuid':
          key += randomUUID();
          break;
        case 'mono':
          key += String(++counters[i]);
          break;
        case 'field':
          key += fieldText(doc, part.path, part.source);
          break;
      }
    }
    if (key === '') throw new Error(`key template ${template} generated an empty key`);
    if (Buffer.byteLength(key, 'utf8') > MAX_KEY_BYTES) {
      throw new Error(`key template ${template} generated a key longer than ${MAX_KEY_BYTES} bytes`);
    }
    return key;
  };
}

/** The key text of the field at `path` of `doc`. */
function fieldText(doc: Value, path: string[], source: string): string {
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) {
    throw new Error(`key template field %${source}% needs a JSON object document, not ${describe(doc)}`);
  }
  let v: Value = doc;
  for (const name of path) {
    if (typeof v !== 'object' || v === null || Array.isArray(v) || !Object.hasOwn(v, name)) {
      throw new Error(`key template field %${source}% is missing in the document`);
    }
    v = v[name];
  }
  switch (typeof v) {
    case 'string':
      return v;
    case 'number':
    case 'boolean':
      return JSON.stringify(v);
    case 'undefined':
      throw new Error(`key template field %${source}% is missing in the document`);
    default:
      throw new Error(`key template field %${source}% is ${describe(v)} in the document; it must be a string, number or boolean`);
  }
}

function describe(v: Value): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  return typeof v === 'object' ? 'an object' : `a ${typeof v}`;
}

/** Splits a template into parts (cbimport's `NewKeyGenerator`). */
function parseTemplate(template: string): Part[] {
  if (template === '') throw new Error('key template is empty');
  const parts: Part[] = [];
  let text = '';
  let i = 0;
  const fail = (msg: string, at: number): never => {
    throw new Error(`invalid key template ${JSON.stringify(template)} at character ${at + 1}: ${msg}`);
  };
  while (i < template.length) {
    const c = template[i];
    if (c !== '%' && c !== '#') {
      text += c;
      i++;
      continue;
    }
    if (template[i + 1] === c) {
      text += c;
      i += 2;
      continue;
    }
    if (i + 1 >= template.length) fail(`${c === '%' ? 'field' : 'generator'} started at the end of the template`, i);
    if (text) parts.push({ kind: 'text', text });
    text = '';
    if (c === '%') {
      // A field runs to the next single `%`; `%%` inside it is an escaped `%`.
      let j = i + 1;
      let name = '';
      for (;;) {
        if (j >= template.length) fail('unclosed field (missing %)', j);
        if (template[j] === '%') {
          if (template[j + 1] === '%') {
            name += '%';
            j += 2;
            continue;
          }
          break;
        }
        name += template[j++];
      }
      parts.push({ kind: 'field', path: parseFieldPath(name, (m) => fail(m, i)), source: name });
      i = j + 1;
    } else {
      const end = template.indexOf('#', i + 1);
      if (end < 0) fail('unclosed generator (missing #)', template.length);
      const body = template.slice(i + 1, end);
      if (body.includes('%')) fail('a field cannot start inside a generator', i);
      const mono = /^MONO_INCR(?:\[(\d+)\])?$/.exec(body);
      if (mono) parts.push({ kind: 'mono', start: mono[1] === undefined ? 1 : Math.max(1, Number(mono[1])) });
      else if (body === 'UUID') parts.push({ kind: 'uuid' });
      else fail(`unknown generator #${body}# (expected #UUID#, #MONO_INCR# or #MONO_INCR[N]#)`, i);
      i = end + 1;
    }
  }
  if (text) parts.push({ kind: 'text', text });
  return parts;
}

/** `a.b.`c.d`` → `['a', 'b', 'c.d']`; backticks quote a name, ```` `` ```` is a literal backtick. */
function parseFieldPath(name: string, fail: (msg: string) => never): string[] {
  const path: string[] = [];
  let cur = '';
  let quoted = false;
  let wasQuoted = false;
  for (let i = 0; i < name.length; i++) {
    const c = name[i];
    if (quoted) {
      if (c === '`' && name[i + 1] === '`') {
        cur += '`';
        i++;
      } else if (c === '`') quoted = false;
      else cur += c;
    } else if (c === '`') {
      quoted = wasQuoted = true;
    } else if (c === '.') {
      if (cur === '' && !wasQuoted) fail(`empty name in field %${name}%`);
      path.push(cur);
      cur = '';
      wasQuoted = false;
    } else cur += c;
  }
  if (quoted) fail(`unclosed backtick in field %${name}%`);
  if (cur === '' && !wasQuoted) fail(name === '' ? 'empty field name' : `empty name in field %${name}%`);
  path.push(cur);
  return path;
}
