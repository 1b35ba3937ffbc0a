/** The reference suite on the file store (describe-reference-suite.ts). */
import { describeReferenceSuite } from './describe-reference-suite.js';

describeReferenceSuite('file');
