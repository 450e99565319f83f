// The session layer announces identity changes (sign-out, impersonation start or end); the app
// clears the query cache and every persisted cache of the previous identity in response.
type Listener = () => void | Promise<void>;
const listeners = new Set<Listener>();

export function onIdentityChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export async function identityChanged(): Promise<void> {
  await Promise.all(
    [...listeners].map(async (l) => {
      try {
        await l();
      } catch {
        /* a cache that cannot clear must not block sign-out */
      }
    }),
  );
}
