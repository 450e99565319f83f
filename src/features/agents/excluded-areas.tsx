import { useQuery } from '@tanstack/react-query';

import { addExclusionWrite, exclusionsQueryOptions, removeExclusionWrite } from '../../api/agent-lifecycle.ts';
import { Button } from '../../ui/button.tsx';
import { QueryFailure } from '../../ui/query-failure.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import * as styles from '../../ui/staff.css.ts';
import { ZipField } from '../../widgets/zip-field.tsx';
import { useZipListEditor } from './zip-list-editor.ts';

/** ZIP codes the agent never receives referrals in, even inside a covered city (the assignment rule's exclusion check). */
export function ExcludedAreas({ id }: { id: number }) {
  const areas = useQuery(exclusionsQueryOptions(id));
  const { zip, setZip, error, formError, form, submit, remove, busy } = useZipListEditor({
    serverKey: 'areaId',
    add: addExclusionWrite(id),
    remove: removeExclusionWrite(id),
    restore: addExclusionWrite(id),
    keyOf: (a) => a.zip,
    words: {
      added: (a) => `Excluded ZIP ${a.zip}.`,
      addUndone: (a) => `Undone: ZIP ${a.zip} is no longer excluded.`,
      removed: (zip) => `ZIP ${zip} is no longer excluded.`,
      removeUndone: (zip) => `Undone: ZIP ${zip} is excluded again.`,
    },
  });
  return (
    <section aria-labelledby={`excluded-${id}`} className={styles.stack}>
      <h3 id={`excluded-${id}`} className={styles.subheading}>
        Excluded Areas
      </h3>
      {areas.isError ? (
        <QueryFailure thing="Excluded areas" />
      ) : !areas.data ? (
        <Skeleton label="Loading" shape="list" />
      ) : areas.data.length === 0 ? (
        <p className={styles.meta}>This agent excludes no ZIP codes.</p>
      ) : (
        <ul className={styles.chips} aria-label="Excluded areas">
          {areas.data.map((a) => (
            <li key={a.id} className={styles.inlineForm}>
              <span>{a.zip}</span>
              <Button
                variant="text"
                aria-label={`Remove exclusion ${a.zip}`}
                disabled={busy}
                onClick={() => remove.mutate(a.zip)}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      {formError && (
        <p role="alert" className={styles.formError}>
          {formError}
        </p>
      )}
      <form ref={form} className={styles.inlineForm} onSubmit={submit} noValidate>
        <ZipField label="Excluded ZIP" name="zip" value={zip} error={error} onChange={(e) => setZip(e.target.value)} />
        <Button type="submit" disabled={busy}>
          Add Excluded Area
        </Button>
      </form>
    </section>
  );
}
