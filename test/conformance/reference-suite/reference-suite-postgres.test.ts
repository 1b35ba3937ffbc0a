/** The reference suite on the postgres store (describe-reference-suite.ts). */
import { describeReferenceSuite } from './describe-reference-suite.js';

describeReferenceSuite('postgres');
