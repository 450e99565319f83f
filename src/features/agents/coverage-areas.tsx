import { useQuery } from '@tanstack/react-query';

import {
  addCoverageZipWrite,
  coverageQueryOptions,
  removeCoverageAreaWrite,
  restoreCoverageAreaWrite,
} from '../../api/staff-agents.ts';
import { Button } from '../../ui/button.tsx';
import { QueryFailure } from '../../ui/query-failure.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import * as styles from '../../ui/staff.css.ts';
import { useZipPlaces, ZipField } from '../../widgets/zip-field.tsx';
import { useZipListEditor } from './zip-list-editor.ts';

const areaLabel = (a: { zip: string | null; city: string | null; state: string | null }) =>
  a.zip ?? [a.city, a.state].filter(Boolean).join(', ');

/** The agent's coverage areas: ZIP codes (exactly 5 digits, spec 1 section 5) or cities, added and removed. */
export function CoverageAreas({ id }: { id: number }) {
  const areas = useQuery(coverageQueryOptions(id));
  const placeOf = useZipPlaces((areas.data ?? []).flatMap((a) => (a.zip ? [a.zip] : [])));
  const { zip, setZip, error, formError, form, submit, remove, busy } = useZipListEditor({
    serverKey: 'zip',
    add: addCoverageZipWrite(id),
    remove: removeCoverageAreaWrite(id),
    restore: restoreCoverageAreaWrite(id),
    keyOf: (a) => a,
    words: {
      added: (a) => `Added ${areaLabel(a)} to the coverage areas.`,
      addUndone: (a) => `Undone: ${areaLabel(a)} is off the coverage areas.`,
      removed: (a) => `Removed ${areaLabel(a)} from the coverage areas.`,
      removeUndone: (a) => `Undone: ${areaLabel(a)} is back in the coverage areas.`,
    },
  });
  if (areas.isError) return <QueryFailure thing="Coverage areas" />;
  if (!areas.data) return <Skeleton label="Loading" shape="list" />;
  return (
    <div className={styles.stack}>
      {areas.data.length === 0 ? (
        <p className={styles.meta}>This agent has no coverage areas.</p>
      ) : (
        <ul className={styles.chips} aria-label="Coverage areas">
          {areas.data.map((a) => (
            <li key={a.id} className={styles.inlineForm}>
              <span>
                {areaLabel(a)}
                {a.zip && placeOf(a.zip) ? <span className={styles.meta}> ({placeOf(a.zip)})</span> : null}
              </span>
              <Button
                variant="text"
                aria-label={`Remove ${areaLabel(a)}`}
                disabled={busy}
                onClick={() => remove.mutate(a)}
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
        <ZipField label="ZIP" name="zip" value={zip} error={error} onChange={(e) => setZip(e.target.value)} />
        <Button type="submit" disabled={busy}>
          Add Coverage Area
        </Button>
      </form>
    </div>
  );
}
