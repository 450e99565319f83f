// The relays of this process look for due rows at once when a message is written here (other
// processes find it at their next poll). Waking early is harmless: a relay only claims committed rows.
const listeners = new Set<() => void>();

export function onWake(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function wakeRelays(): void {
  for (const l of listeners) l();
}
