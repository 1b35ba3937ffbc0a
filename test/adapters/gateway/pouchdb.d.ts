// Minimal typings of the PouchDB packages used by the replication tests (they ship none).
declare module 'pouchdb-core' {
  const PouchDB: any;
  export default PouchDB;
}
declare module 'pouchdb-adapter-memory' {
  const plugin: any;
  export default plugin;
}
declare module 'pouchdb-adapter-http' {
  const plugin: any;
  export default plugin;
}
declare module 'pouchdb-replication' {
  const plugin: any;
  export default plugin;
}
