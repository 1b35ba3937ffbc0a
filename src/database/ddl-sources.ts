import { functionsDdl, sequenceDdl, type FunctionDescription } from '../catalog-ddl.js';
import type { DdlSources } from '../catalog-access.js';
import type { FunctionCatalog } from '../executor/udf/function-catalog.js';
import type { Sequences } from '../storage/index.js';

/**
 * EXTRACTDDL's statements for a database's sequences and user-defined functions (the engine's
 * `ddlSources`): each registry's objects described for catalog-ddl.ts's formatters. A bucket's
 * sequences are those named `default:bucket.scope.name`; `""` has none (sequences are scoped).
 */
export function ddlSources(sequences: Sequences | undefined, functions: FunctionCatalog): DdlSources {
  return {
    sequence: (bucket) => {
      if (!sequences || bucket === '') return [];
      const out: string[] = [];
      for (const full of sequences.names()) {
        const [, path = ''] = full.split(/:(.*)/s);
        const [b, scope, name] = path.split('.');
        const s = sequences.settings(full);
        if (b === bucket && scope !== undefined && name !== undefined && s) out.push(sequenceDdl({ bucket: b, scope, name, ...s }));
      }
      return out;
    },
    function: (bucket) =>
      functionsDdl(
        functions.all().map((d): FunctionDescription => ({
          ...(d.identity.bucket !== undefined ? { bucket: d.identity.bucket, scope: d.identity.scope } : {}),
          name: d.identity.name,
          ...(d.params ? { params: d.params } : {}),
          body: d.body.language === 'inline' ? { language: 'inline', text: d.body.text } : d.body.library !== undefined ? { language: 'javascript', object: d.body.object, library: d.body.library } : { language: 'javascript', code: d.body.code },
        })),
        bucket,
      ),
  };
}
