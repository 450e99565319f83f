import { Link } from 'wouter';
import { Page } from '../../ui/layout.tsx';

export function NotFoundScreen() {
  return (
    <main>
      <Page>
        <h1>Sorry, that page was not found.</h1>
        <p><Link href="/console">Go to the console</Link></p>
      </Page>
    </main>
  );
}
