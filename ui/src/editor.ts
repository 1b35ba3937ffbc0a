// The statement editor: CodeMirror 6 with N1QL highlighting and completion; Ctrl/Cmd-Enter runs.
// The setup is assembled from the @codemirror packages (the `codemirror` meta-package's
// `latest` on npm, 6.65.x, is the legacy CodeMirror 5, not a CodeMirror 6 setup).
import { EditorView, drawSelection, highlightActiveLine, highlightActiveLineGutter, highlightSpecialChars, keymap, lineNumbers } from '@codemirror/view';
import { EditorState, Prec } from '@codemirror/state';
import { autocompletion, closeBrackets, closeBracketsKeymap, completionKeymap } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { bracketMatching, defaultHighlightStyle, indentOnInput, syntaxHighlighting } from '@codemirror/language';
import { n1ql, n1qlCompletions, type Catalog } from './n1ql-language.js';

export function createEditor(parent: Element, catalog: () => Catalog, run: () => void): EditorView {
  return new EditorView({
    parent,
    doc: 'SELECT * FROM system:keyspaces',
    extensions: [
      Prec.highest(keymap.of([{ key: 'Mod-Enter', run: () => (run(), true) }])),
      lineNumbers(),
      highlightActiveLineGutter(),
      highlightSpecialChars(),
      history(),
      drawSelection(),
      EditorState.allowMultipleSelections.of(true),
      indentOnInput(),
      syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
      bracketMatching(),
      closeBrackets(),
      highlightActiveLine(),
      keymap.of([...closeBracketsKeymap, ...defaultKeymap, ...historyKeymap, ...completionKeymap, indentWithTab]),
      n1ql,
      autocompletion({ override: [n1qlCompletions(catalog)] }),
      EditorView.lineWrapping,
    ],
  });
}

/** The editor's text. */
export const textOf = (view: EditorView): string => view.state.doc.toString();

/** Replaces the editor's text. */
export function setText(view: EditorView, text: string): void {
  view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
}
