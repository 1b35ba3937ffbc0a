/** The reference suite on the memory store (describe-reference-suite.ts). */
import { describeReferenceSuite } from './describe-reference-suite.js';

describeReferenceSuite('memory');
