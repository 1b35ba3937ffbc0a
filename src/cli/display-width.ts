import stringWidth from 'string-width';

/**
 * Terminal display width of a string, from `string-width` (East Asian wide characters and emoji
 * take 2 columns, combining marks and zero-width characters 0, ANSI escapes 0).
 */
export function displayWidth(text: string): number {
  return stringWidth(text);
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** Cuts `text` to at most `max` display columns, ending with `…` when it was cut; never splits a grapheme (an emoji with its modifiers). */
export function truncateToWidth(text: string, max: number): string {
  if (stringWidth(text) <= max) return text;
  let out = '';
  let width = 0;
  for (const { segment } of graphemes.segment(text)) {
    const w = stringWidth(segment);
    if (width + w > max - 1) break;
    out += segment;
    width += w;
  }
  return out + '…';
}
