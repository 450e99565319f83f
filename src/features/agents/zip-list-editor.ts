import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { serverMessage } from '../../api/staff.ts';
import { AreaZip } from '../../contract/agents.ts';
import { formFailureText, ruleError, serverFieldErrors, useFieldErrors } from '../../ui/form-errors.ts';
import { useSnackbar } from '../../ui/snackbar.tsx';

/**
 * An agent's list of ZIPs edited in place (coverage areas, excluded areas): the ZIP checked against
 * the contract's rule (AreaZip, which the server checks too) before it is sent, the server's refusal
 * of the ZIP (a duplicate) beside the field and what belongs to no field above the form, a removal's
 * refusal in the snackbar, and the list read again after either. `serverKey` is the name the server
 * gives the ZIP in its refusal (`zip` in a body, `areaId` in a path).
 */
export function useZipListEditor<A, K>({ queryKey, add, added, remove, serverKey }: {
  queryKey: QueryKey; add: (zip: string) => Promise<A>; added: (a: A) => string; remove: (key: K) => Promise<unknown>; serverKey: string;
}) {
  const client = useQueryClient();
  const snackbar = useSnackbar();
  const [zip, setZipValue] = useState('');
  const form = useRef<HTMLFormElement>(null);
  const { errors, show, clear } = useFieldErrors<'zip'>(form);
  const [formError, setFormError] = useState<string>();
  const refresh = () => client.invalidateQueries({ queryKey });
  const adding = useMutation({
    mutationFn: add,
    onSuccess: (a) => { setZipValue(''); snackbar(added(a), { tone: 'success' }); },
    onError: (err) => {
      const { fields, other } = serverFieldErrors(err, [serverKey]);
      show(fields[serverKey] ? { zip: fields[serverKey] } : {});
      setFormError([formFailureText(err), ...other].filter(Boolean).join(' ') || undefined);
    },
    onSettled: refresh,
  });
  const removing = useMutation({
    mutationFn: remove,
    onError: (err) => snackbar(serverMessage(err), { tone: 'error' }),
    onSettled: refresh,
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = ruleError(AreaZip, zip);
    show(problem ? { zip: problem } : {});
    setFormError(undefined);
    if (!problem) adding.mutate(zip.trim());
  };
  const setZip = (value: string) => { clear('zip'); setZipValue(value); };
  return { zip, setZip, error: errors.zip, formError, form, submit, add: adding, remove: removing };
}
