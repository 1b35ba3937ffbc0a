import type { SendDelete } from '../../planner/index.js';
import type { CompileContext, CompiledOperator } from '../operator-context.js';
import { compileSendMutation } from './send-mutation.js';

/** SendDelete: removes each document (send-mutation.ts). Source: couchbase/query `execution/delete_send.go`. */
export function compileSendDelete(op: SendDelete, cx: CompileContext): CompiledOperator {
  return compileSendMutation(op, cx);
}
