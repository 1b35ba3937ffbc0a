/** One element of a top-level JSON array: its JSON text and the 1-based line it starts on, or a structural error. */
export type ScannedElement = { text: string; line: number } | { error: string; line: number };

const enum State {
  /** Before the opening `[`. */
  Start,
  /** Inside the array, between elements. */
  Between,
  /** Inside an element. */
  Element,
  /** After the closing `]`. */
  Done,
}

/**
 * Splits a JSON array text, fed in chunks, into the texts of its elements without parsing them,
 * so that a very large array file can be read with bounded memory (one element at a time).
 * It tracks strings (with escapes) and bracket depth only; each element is validated later by
 * `JSON.parse`, so one bad element does not stop the scan unless it unbalances the brackets.
 */
export class JsonArrayScanner {
  private state = State.Start;
  private depth = 0;
  private inString = false;
  private escaped = false;
  private element = '';
  private elementLine = 1;
  private line = 1;
  private trailingError = false;

  /** Feeds the next chunk of text; returns the elements completed in it. */
  push(chunk: string): ScannedElement[] {
    const out: ScannedElement[] = [];
    let start = 0; // start of the pending element text in this chunk
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk.charCodeAt(i);
      if (c === 10) this.line++;
      if (this.state === State.Element) {
        if (this.inString) {
          if (this.escaped) this.escaped = false;
          else if (c === 92 /* \ */) this.escaped = true;
          else if (c === 34 /* " */) this.inString = false;
          continue;
        }
        if (c === 34) this.inString = true;
        else if (c === 91 || c === 123 /* [ { */) this.depth++;
        else if (c === 93 || c === 125 /* ] } */) {
          if (this.depth > 0) this.depth--;
          else if (c === 93) {
            this.finishElement(chunk.slice(start, i), out);
            this.state = State.Done;
          }
        } else if (c === 44 /* , */ && this.depth === 0) {
          this.finishElement(chunk.slice(start, i), out);
          this.state = State.Between;
        }
        continue;
      }
      if (c === 32 || c === 9 || c === 10 || c === 13 || c === 0xfeff) continue;
      switch (this.state) {
        case State.Start:
          if (c === 91) this.state = State.Between;
          else return this.fail(out, 'the file does not start with [');
          break;
        case State.Between:
          if (c === 93) this.state = State.Done;
          else if (c === 44) out.push({ error: 'empty array element', line: this.line });
          else {
            this.state = State.Element;
            this.element = '';
            this.elementLine = this.line;
            start = i;
            i--; // rescan this character as part of the element
          }
          break;
        case State.Done:
          if (!this.trailingError) {
            this.trailingError = true;
            out.push({ error: 'unexpected content after the closing ] of the array', line: this.line });
          }
          break;
      }
    }
    if (this.state === State.Element) this.element += chunk.slice(start);
    return out;
  }

  /** Ends the input; reports an unterminated array or element. */
  end(): ScannedElement[] {
    const out: ScannedElement[] = [];
    if (this.state === State.Element) {
      out.push({ error: 'unexpected end of file inside an array element', line: this.elementLine });
    } else if (this.state === State.Start) {
      out.push({ error: 'the file is empty; expected a JSON array', line: this.line });
    } else if (this.state === State.Between) {
      out.push({ error: 'unexpected end of file: the array is not closed with ]', line: this.line });
    }
    this.state = State.Done;
    return out;
  }

  private finishElement(tail: string, out: ScannedElement[]): void {
    const text = this.element + tail;
    this.element = '';
    out.push({ text, line: this.elementLine });
  }

  private fail(out: ScannedElement[], error: string): ScannedElement[] {
    out.push({ error, line: this.line });
    this.state = State.Done;
    this.trailingError = true;
    return out;
  }
}
