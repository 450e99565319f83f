import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { addExclusion, exclusionsQueryOptions, lifecycleKeys, removeExclusion } from '../../api/agent-lifecycle.ts';
import { serverMessage } from '../../api/staff.ts';
import { zipProblem } from '../../lib/validation.ts';
import { Button } from '../../ui/button.tsx';
import { Spinner } from '../../ui/layout.tsx';
import { useSnackbar } from '../../ui/snackbar.tsx';
import * as styles from '../../ui/staff.css.ts';
import { ZipField } from '../../ui/zip-field.tsx';

/** ZIP codes the agent never receives referrals in, even inside a covered city (the assignment rule's exclusion check). */
export function ExcludedAreas({ id }: { id: number }) {
  const client = useQueryClient();
  const snackbar = useSnackbar();
  const areas = useQuery(exclusionsQueryOptions(id));
  const [zip, setZip] = useState('');
  const [error, setError] = useState<string>();
  const refresh = () => client.invalidateQueries({ queryKey: lifecycleKeys.exclusions(id) });
  const add = useMutation({
    mutationFn: (z: string) => addExclusion(id, z),
    onSuccess: (a) => { setZip(''); snackbar(`Excluded ZIP ${a.zip}.`, { tone: 'success' }); },
    onError: (err) => setError(serverMessage(err)),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (z: string) => removeExclusion(id, z),
    onError: (err) => snackbar(serverMessage(err), { tone: 'error' }),
    onSettled: refresh,
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = zip.trim();
    const problem = zipProblem(value);
    setError(problem);
    if (!problem) add.mutate(value);
  };
  return (
    <section aria-labelledby={`excluded-${id}`} className={styles.stack}>
      <h3 id={`excluded-${id}`} className={styles.subheading}>Excluded Areas</h3>
      {areas.isError ? <p role="alert">Excluded areas could not be loaded.</p> : !areas.data ? <Spinner /> : areas.data.length === 0
        ? <p className={styles.meta}>This agent excludes no ZIP codes.</p>
        : (
          <ul className={styles.chips} aria-label="Excluded areas">
            {areas.data.map((a) => (
              <li key={a.id} className={styles.inlineForm}>
                <span>{a.zip}</span>
                <Button variant="text" aria-label={`Remove exclusion ${a.zip}`} disabled={remove.isPending} onClick={() => remove.mutate(a.zip)}>Remove</Button>
              </li>
            ))}
          </ul>
        )}
      <form className={styles.inlineForm} onSubmit={submit} noValidate>
        <ZipField label="Excluded ZIP" value={zip} error={error} onChange={(e) => setZip(e.target.value)} />
        <Button type="submit" disabled={add.isPending}>Add Excluded Area</Button>
      </form>
    </section>
  );
}
