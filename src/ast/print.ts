/** The printers: AST → canonical, re-parseable N1QL text. */
export { printExpr, printName, printValue } from './print-expr.js';
export { printStatement } from './print-statement.js';
