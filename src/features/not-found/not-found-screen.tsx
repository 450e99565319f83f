import { Link, useLocation } from 'wouter';

import { landingFor } from '../../access/access.ts';
import { useStore } from '../../session/persisted-store.ts';
import { profileStore, sessionStore } from '../../session/state.ts';
import { Button } from '../../ui/button.tsx';
import { Page } from '../../ui/layout.tsx';

/**
 * The page an unknown address shows, at that address (decision 0048: the spec's redirect to /404 would
 * lose what was typed): the spec's sentence, the path that was not found, and the way back: the
 * person's home page when signed in, the login page otherwise, and Back when there is history.
 */
export function NotFoundScreen() {
  const [path] = useLocation();
  const signedIn = useStore(sessionStore) !== null;
  const user = useStore(profileStore, (p) => p.user);
  const home = signedIn ? (user ? landingFor(user.roles.map((r) => r.name)) : '/console') : '/login';
  const canGoBack = typeof window !== 'undefined' && window.history.length > 1;
  return (
    <main>
      <Page>
        <h1>Sorry, that page was not found.</h1>
        {path !== '/404' && (
          <p>
            There is no page at <strong>{path}</strong>. The link may be old, or the address mistyped.
          </p>
        )}
        <p>
          <Link href={home}>{signedIn ? 'Go to your home page' : 'Go to the login page'}</Link>
        </p>
        {canGoBack && (
          <p>
            <Button variant="secondary" onClick={() => window.history.back()}>
              Go back
            </Button>
          </p>
        )}
      </Page>
    </main>
  );
}
