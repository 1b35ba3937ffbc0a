/** Deletes the members of `o` whose value is `undefined` (so ASTs have no explicit undefined members) and returns it. */
export function defined<T extends object>(o: T): T {
  for (const k of Object.keys(o) as (keyof T)[]) if (o[k] === undefined) delete o[k];
  return o;
}
