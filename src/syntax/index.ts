/** Statement text → AST and back (DESIGN §2 `syntax/`). */
export { parseExpression, parseScript, parseStatement, type ScriptStatement } from './parse.js';
export { printExpr, printName, printStatement, printValue } from '../ast/print.js';
