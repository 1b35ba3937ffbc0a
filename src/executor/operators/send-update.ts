import type { SendUpdate } from '../../planner/index.js';
import type { CompileContext, CompiledOperator } from '../operator-context.js';
import { compileSendMutation } from './send-mutation.js';

/** SendUpdate: replaces each document by its updated copy (send-mutation.ts). Source: couchbase/query `execution/update_send.go`. */
export function compileSendUpdate(op: SendUpdate, cx: CompileContext): CompiledOperator {
  return compileSendMutation(op, cx);
}
