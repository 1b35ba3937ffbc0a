/** Copies each row's document before Set/Unset change it (the copy is what SendUpdate writes). Source: couchbase/query `plan/update.go` (Clone). */
export interface Clone {
  '#operator': 'Clone';
}
