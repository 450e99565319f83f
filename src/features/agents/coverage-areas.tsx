import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { serverMessage } from '../../api/staff.ts';
import { addCoverageZip, coverageQueryOptions, removeCoverageArea, staffAgentKeys } from '../../api/staff-agents.ts';
import { zipProblem } from '../../lib/validation.ts';
import { Button } from '../../ui/button.tsx';
import { Spinner } from '../../ui/layout.tsx';
import { useSnackbar } from '../../ui/snackbar.tsx';
import * as styles from '../../ui/staff.css.ts';
import { useZipPlaces, ZipField } from '../../ui/zip-field.tsx';

const areaLabel = (a: { zip: string | null; city: string | null; state: string | null }) =>
  a.zip ?? [a.city, a.state].filter(Boolean).join(', ');

/** The agent's coverage areas: ZIP codes (exactly 5 digits, spec 1 section 5) or cities, added and removed. */
export function CoverageAreas({ id }: { id: number }) {
  const client = useQueryClient();
  const snackbar = useSnackbar();
  const areas = useQuery(coverageQueryOptions(id));
  const placeOf = useZipPlaces((areas.data ?? []).flatMap((a) => (a.zip ? [a.zip] : [])));
  const [zip, setZip] = useState('');
  const [error, setError] = useState<string>();
  const refresh = () => client.invalidateQueries({ queryKey: staffAgentKeys.coverage(id) });
  const add = useMutation({
    mutationFn: (z: string) => addCoverageZip(id, z),
    onSuccess: (a) => { setZip(''); snackbar(`Added ${areaLabel(a)} to the coverage areas.`, { tone: 'success' }); },
    onError: (err) => setError(serverMessage(err)),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (areaId: number) => removeCoverageArea(id, areaId),
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
  if (areas.isError) return <p role="alert">Coverage areas could not be loaded.</p>;
  if (!areas.data) return <Spinner />;
  return (
    <div className={styles.stack}>
      {areas.data.length === 0 ? <p className={styles.meta}>This agent has no coverage areas.</p> : (
        <ul className={styles.chips} aria-label="Coverage areas">
          {areas.data.map((a) => (
            <li key={a.id} className={styles.inlineForm}>
              <span>{areaLabel(a)}{a.zip && placeOf(a.zip) ? <span className={styles.meta}> ({placeOf(a.zip)})</span> : null}</span>
              <Button variant="text" aria-label={`Remove ${areaLabel(a)}`} disabled={remove.isPending} onClick={() => remove.mutate(a.id)}>Remove</Button>
            </li>
          ))}
        </ul>
      )}
      <form className={styles.inlineForm} onSubmit={submit} noValidate>
        <ZipField label="ZIP" value={zip} error={error} onChange={(e) => setZip(e.target.value)} />
        <Button type="submit" disabled={add.isPending}>Add Coverage Area</Button>
      </form>
    </div>
  );
}
