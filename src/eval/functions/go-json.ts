/**
 * The reference's JSON text of a value (`Value.MarshalJSON`), for ENCODE_JSON and ENCODED_SIZE:
 * object fields in code point order of their names; numbers as Go `strconv.FormatFloat(f, 'f',
 * -1, 64)` writes them (never in exponent form, -0 as 0); strings as Go's JSON encoder writes
 * them, which escapes U+2028 and U+2029 and turns invalid text (a lone surrogate here) into
 * `\ufffd`; in object names it also escapes `<`, `>` and `&` (HTML escaping), in string values
 * it does not. Control characters keep JSON.stringify's escapes (`\b`, `\f`, `\u001f` …).
 * Not the REST/CLI result output, which stays `JSON.stringify`'s text.
 * Sources: couchbase/query `value/object.go` `MarshalJSON` (sortedNames, `json.MarshalStringToBuffer`
 * for names), `value/float.go` `MarshalJSON`, `value/string.go` `MarshalJSON`
 * (`json.MarshalNoEscape`); couchbase/go_json `encode.go` `encodeState.string`.
 */
import { nonFiniteText, sortedNames, type Value } from '../../values/index.js';
import { formatNumber } from './convert.js';

const HTML_ESCAPES: Record<string, string> = { '<': '\\u003c', '>': '\\u003e', '&': '\\u0026' };

/** A string as Go's JSON encoder writes it (`escapeHTML`: also `<`, `>`, `&`). */
export function goQuote(s: string, escapeHTML: boolean): string {
  let out = '';
  let from = 0;
  const flush = (i: number, text: string): void => {
    out += s.slice(from, i) + text;
  };
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdfff) {
      // A well-formed pair passes; a lone surrogate is invalid UTF-8 in Go: "\ufffd".
      if (c <= 0xdbff && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) i++;
      else {
        flush(i, '\\ufffd');
        from = i + 1;
      }
    } else if (c === 0x2028 || c === 0x2029) {
      flush(i, c === 0x2028 ? '\\u2028' : '\\u2029');
      from = i + 1;
    } else if (c < 0x20 || c === 0x22 || c === 0x5c || (escapeHTML && (c === 0x3c || c === 0x3e || c === 0x26))) {
      const ch = s[i];
      flush(i, HTML_ESCAPES[ch] && escapeHTML ? HTML_ESCAPES[ch] : JSON.stringify(ch).slice(1, -1));
      from = i + 1;
    }
  }
  return '"' + out + s.slice(from) + '"';
}

/** The reference's JSON text of a value; MISSING gives "" (ENCODE_JSON of MISSING). */
export function marshalJSON(v: Value): string {
  switch (typeof v) {
    case 'undefined':
      return '';
    case 'boolean':
      return v ? 'true' : 'false';
    case 'number':
      // NaN and ±Infinity as the reference's float MarshalJSON writes them: "NaN", "+Infinity" …
      return Number.isFinite(v) ? formatNumber(v) : `"${nonFiniteText(v)}"`;
    case 'bigint':
      return v.toString(); // an int64 past 2^53, in exact digits
    case 'string':
      return goQuote(v, false);
    default: {
      if (v === null) return 'null';
      if (Array.isArray(v)) return '[' + v.map((x) => (x === undefined ? 'null' : marshalJSON(x))).join(',') + ']';
      const parts: string[] = [];
      for (const n of sortedNames(v)) {
        const x = v[n];
        if (x !== undefined) parts.push(goQuote(n, true) + ':' + marshalJSON(x));
      }
      return '{' + parts.join(',') + '}';
    }
  }
}
