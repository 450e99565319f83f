import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { serverMessage } from '../../api/staff.ts';
import { zipProblem } from '../../lib/validation.ts';
import { useSnackbar } from '../../ui/snackbar.tsx';

/**
 * An agent's list of ZIPs edited in place (coverage areas, excluded areas): the ZIP field checked
 * against the spec's 5-digit rule before it is sent, the server's refusal under the field, a removal's
 * refusal in the snackbar, and the list read again after either.
 */
export function useZipListEditor<A, K>({ queryKey, add, added, remove }: {
  queryKey: QueryKey; add: (zip: string) => Promise<A>; added: (a: A) => string; remove: (key: K) => Promise<unknown>;
}) {
  const client = useQueryClient();
  const snackbar = useSnackbar();
  const [zip, setZip] = useState('');
  const [error, setError] = useState<string>();
  const refresh = () => client.invalidateQueries({ queryKey });
  const adding = useMutation({
    mutationFn: add,
    onSuccess: (a) => { setZip(''); snackbar(added(a), { tone: 'success' }); },
    onError: (err) => setError(serverMessage(err)),
    onSettled: refresh,
  });
  const removing = useMutation({
    mutationFn: remove,
    onError: (err) => snackbar(serverMessage(err), { tone: 'error' }),
    onSettled: refresh,
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = zip.trim();
    const problem = zipProblem(value);
    setError(problem);
    if (!problem) adding.mutate(value);
  };
  return { zip, setZip, error, submit, add: adding, remove: removing };
}
