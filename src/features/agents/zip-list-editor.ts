import { useState, type FormEvent } from 'react';

import { serverMessage } from '../../api/staff.ts';
import { useWrite, type Write } from '../../api/write.ts';
import { AreaZip } from '../../contract/agents.ts';
import { useSnackbar } from '../../ui/snackbar.tsx';
import { ruleError, useForm } from '../../widgets/form.ts';

/**
 * An agent's list of ZIPs edited in place (coverage areas, excluded areas): the ZIP checked against
 * the contract's rule (AreaZip, which the server checks too) before it is sent, the server's refusal
 * of the ZIP (a duplicate) beside the field and what belongs to no field above the form, a removal's
 * refusal in the snackbar, and the list read again after either (the writes' own cache effects). `serverKey` is the name the server
 * gives the ZIP in its refusal (`zip` in a body, `areaId` in a path).
 */
export function useZipListEditor<A, K>({
  add,
  added,
  remove,
  serverKey,
}: {
  add: Write<A, string, unknown>;
  added: (a: A) => string;
  remove: Write<unknown, K, unknown>;
  serverKey: string;
}) {
  const snackbar = useSnackbar();
  const [zip, setZipValue] = useState('');
  const { form, errors, clear, formError, check, refused } = useForm(['zip', serverKey]);
  const adding = useWrite(add, {
    onSuccess: (a) => {
      setZipValue('');
      snackbar(added(a), { tone: 'success' });
    },
    onError: refused,
  });
  const removing = useWrite(remove, {
    onError: (err) => snackbar(serverMessage(err), { tone: 'error' }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = ruleError(AreaZip, zip);
    if (check(problem ? { zip: problem } : {})) adding.mutate(zip.trim());
  };
  const setZip = (value: string) => {
    clear('zip');
    clear(serverKey);
    setZipValue(value);
  };
  // The server names the ZIP `serverKey` (`areaId` in the exclusion's path): either way it is this one field.
  return {
    zip,
    setZip,
    error: errors.zip ?? errors[serverKey],
    formError,
    form,
    submit,
    add: adding,
    remove: removing,
  };
}
