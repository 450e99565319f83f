import { useState, type FormEvent } from 'react';

import { serverMessage } from '../../api/staff.ts';
import { useWrite, type Write } from '../../api/write.ts';
import { AreaZip } from '../../contract/agents.ts';
import { useSnackbar } from '../../ui/snackbar.tsx';
import { ruleError, useForm } from '../../widgets/form.ts';

/** What the editor says after each step and after its Undo. */
interface ZipListWords<A, K> {
  added: (a: A) => string;
  addUndone: (a: A) => string;
  removed: (k: K) => string;
  removeUndone: (k: K) => string;
}

/**
 * An agent's list of ZIPs edited in place (coverage areas, excluded areas): the ZIP checked against
 * the contract's rule (AreaZip, which the server checks too) before it is sent, the server's refusal
 * of the ZIP (a duplicate) beside the field and what belongs to no field above the form, a removal's
 * refusal in the snackbar, and the list read again after either (the writes' own cache effects). `serverKey` is the name the server
 * gives the ZIP in its refusal (`zip` in a body, `areaId` in a path). Adding and removing each offer
 * Undo (docs/decisions/0108): `keyOf` is what removes an added entry, `restore` adds a removed one back.
 */
export function useZipListEditor<A, K, R>({
  add,
  remove,
  restore,
  keyOf,
  words,
  serverKey,
}: {
  add: Write<A, string, unknown>;
  remove: Write<unknown, K, unknown>;
  restore: Write<R, K, unknown>;
  keyOf: (a: A) => K;
  words: ZipListWords<A, K>;
  serverKey: string;
}) {
  const snackbar = useSnackbar();
  const [zip, setZipValue] = useState('');
  const { form, errors, clear, formError, check, refused } = useForm(['zip', serverKey]);
  const undoFailed = (err: Error) => snackbar(serverMessage(err), { tone: 'error' });
  const undoAdd = useWrite(remove, { onError: undoFailed });
  const undoRemove = useWrite(restore, { onError: undoFailed });
  const adding = useWrite(add, {
    onSuccess: (a) => {
      setZipValue('');
      snackbar(words.added(a), {
        tone: 'success',
        action: {
          label: 'Undo',
          run: () => undoAdd.mutate(keyOf(a), { onSuccess: () => snackbar(words.addUndone(a), { tone: 'success' }) }),
        },
      });
    },
    onError: refused,
  });
  const removing = useWrite(remove, {
    onSuccess: (_d, k) =>
      snackbar(words.removed(k), {
        tone: 'success',
        action: {
          label: 'Undo',
          run: () => undoRemove.mutate(k, { onSuccess: () => snackbar(words.removeUndone(k), { tone: 'success' }) }),
        },
      }),
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
    remove: removing,
    busy: adding.isPending || removing.isPending || undoAdd.isPending || undoRemove.isPending,
  };
}
