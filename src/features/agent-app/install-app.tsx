import { Button } from '../../ui/button.tsx';
import { needsIosInstructions, promptInstall, useCanInstall } from '../../ui/install-prompt.ts';
import * as styles from './agent-app.css.ts';

/** Install the app: the browser's own offer where there is one, short instructions on iOS Safari. */
export function InstallApp() {
  const canInstall = useCanInstall();
  const ios = needsIosInstructions();
  if (!canInstall && !ios) return null;
  return (
    <section className={styles.section} aria-labelledby="install-app">
      <h2 id="install-app" className={styles.sectionTitle}>
        Install app
      </h2>
      <p className={styles.muted}>Open your follow-ups from the home screen, even with no signal.</p>
      {canInstall && (
        <div className={styles.sectionActions}>
          <Button onClick={() => void promptInstall()}>Install app</Button>
        </div>
      )}
      {ios && <p>To install on iPhone or iPad: tap Share, then Add to Home Screen.</p>}
    </section>
  );
}
