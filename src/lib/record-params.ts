// A record screen's ids, read once from the route's parameters: a positive whole number or nothing, so a
// malformed address (`/agents/view/abc`, `/agents/view/0`) shows the screen's not-found state and asks the
// server nothing.

const ID = /^[1-9]\d{0,14}$/;

/** A record id of the address, or undefined when it is missing or not a positive whole number. */
export function recordId(value: string | undefined): number | undefined {
  return value !== undefined && ID.test(value) ? Number(value) : undefined;
}

/** Every id a route names, checked: undefined when any one is missing or malformed. */
export function recordIds<K extends string>(
  params: Readonly<Record<string, string | undefined>>,
  ...keys: readonly K[]
): Record<K, number> | undefined {
  const ids = {} as Record<K, number>;
  for (const key of keys) {
    const id = recordId(params[key]);
    if (id === undefined) return undefined;
    ids[key] = id;
  }
  return ids;
}
