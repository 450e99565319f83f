import { useState } from 'react';

import { Button } from './button.tsx';
import { useSnackbar } from './snackbar.tsx';

export interface ExportButtonProps {
  /** Fetches the whole filtered result as CSV text. */
  load: () => Promise<string>;
  /** File name offered to the browser, without the date. */
  name: string;
  label?: string;
}

/** Downloads a CSV export (the bearer token rules out a plain link, so the file is fetched, then saved). */
export function ExportButton({ load, name, label = 'Export CSV' }: ExportButtonProps) {
  const [busy, setBusy] = useState(false);
  const snackbar = useSnackbar();
  const run = async () => {
    setBusy(true);
    try {
      const csv = await load();
      const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = `${name}-${new Date().toISOString().slice(0, 10)}.csv`;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 0);
    } catch {
      snackbar('Whoops, Something went wrong. Try again.', { tone: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="secondary"
      disabled={busy}
      onClick={() => {
        void run();
      }}
    >
      {label}
    </Button>
  );
}
