import yauzl from 'yauzl';

/**
 * The index statements of a cbimport sample zip (`<name>/design_docs/indexes.json`:
 * `{"statements": [{"statement": "CREATE PRIMARY INDEX … ON `@BUCKET_NAME@` …"}, …]}`), with
 * `@BUCKET_NAME@` replaced by the keyspace, as cbimport applies them after loading a sample.
 * A zip without that entry has none; an unreadable entry is an error.
 */
export function sampleIndexStatements(zipPath: string, keyspace: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    yauzl.open(zipPath, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error(`cannot open ${zipPath}`));
      let found = false;
      zip.on('entry', (entry: yauzl.Entry) => {
        if (!/(^|\/)design_docs\/indexes\.json$/.test(entry.fileName)) return zip.readEntry();
        found = true;
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e ?? new Error(`cannot read ${entry.fileName}`));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('error', reject);
          stream.on('end', () => {
            zip.close();
            try {
              const parsed = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { statements?: { statement?: unknown }[] };
              const statements = (parsed.statements ?? []).map((s) => s.statement).filter((s): s is string => typeof s === 'string');
              resolve(statements.map((s) => s.replaceAll('@BUCKET_NAME@', keyspace)));
            } catch (parseErr) {
              reject(new Error(`${entry.fileName} in ${zipPath}: ${(parseErr as Error).message}`));
            }
          });
        });
      });
      zip.on('end', () => {
        if (!found) resolve([]);
      });
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}
