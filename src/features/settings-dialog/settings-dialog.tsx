import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useLocation, useSearch } from 'wouter';

import { pathTo } from '../../access/route-table.ts';
import { ApiError } from '../../api/client.ts';
import { clozeInfoQueryOptions, disconnectClozeWrite, startClozeConnection } from '../../api/connector-settings.ts';
import { useWrite } from '../../api/write.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useStore } from '../../session/persisted-store.ts';
import { impersonationStore, profileStore } from '../../session/state.ts';
import { Button } from '../../ui/button.tsx';
import { DetailList } from '../../ui/detail-list.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { mutedText } from '../../ui/layout.tsx';
import { QueryFailure } from '../../ui/query-failure.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { useSnackbar } from '../../ui/snackbar.tsx';
import * as staff from '../../ui/staff.css.ts';

const failure = (e: unknown) => (e instanceof ApiError ? e.message : 'Whoops, Something went wrong. Try again.');

function ClozeConnection() {
  const info = useQuery(clozeInfoQueryOptions());
  const snackbar = useSnackbar();
  // The user the calls run as: the impersonated administrator while impersonating.
  const impersonatedId = useStore(impersonationStore, (i) => i?.user.id);
  const ownId = useStore(profileStore, (p) => p.user?.id);
  const userId = impersonatedId ?? ownId;
  const connect = useMutation({
    mutationFn: startClozeConnection,
    onSuccess: (start) => window.location.assign(start.authorizeUrl),
    onError: (e) => snackbar(failure(e), { tone: 'error' }),
  });
  const disconnect = useWrite(disconnectClozeWrite(userId ?? 0), {
    onSuccess: () => {
      snackbar('Cloze is disconnected.');
    },
    onError: (e) => snackbar(failure(e), { tone: 'error' }),
  });
  if (info.isError) return <QueryFailure thing="The Cloze connection" retry={info.refetch} />;
  if (!info.data) return <Skeleton label="Loading the Cloze connection" shape="record" />;
  return (
    <section aria-labelledby="cloze-heading">
      <h3 id="cloze-heading" className={staff.subheading}>
        Cloze (email and calendar)
      </h3>
      {info.data.connected ? (
        <>
          <DetailList
            items={[
              ['Connected account', info.data.account ?? '-'],
              ['Connected', formatDateTime(info.data.connectedAt)],
            ]}
          />
          <Button variant="secondary" disabled={disconnect.isPending} onClick={() => disconnect.mutate()}>
            Disconnect Cloze
          </Button>
        </>
      ) : (
        <>
          <p className={mutedText}>Not connected. Connect Cloze to log your emails and meetings with clients.</p>
          <Button disabled={connect.isPending} onClick={() => connect.mutate()}>
            Connect Cloze
          </Button>
        </>
      )}
    </section>
  );
}

/** The settings dialog: open while the console's address carries settings=true (the Cloze callback's Return goes there). */
export function SettingsDialog() {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const params = new URLSearchParams(search);
  const open = params.get('settings') === 'true';
  const brokerAdmin = useStore(profileStore, (p) => !!p.user?.roles.some((r) => r.name === 'BROKERAGE_ADMIN'));
  const close = () => {
    params.delete('settings');
    const qs = params.toString();
    navigate(`${location}${qs ? `?${qs}` : ''}`, { replace: true });
  };
  if (!open) return null;
  return (
    <Dialog
      open
      openedByAddress
      onOpenChange={(o) => {
        if (!o) close();
      }}
      title="Settings"
      actions={
        <Button variant="text" onClick={close}>
          Close
        </Button>
      }
    >
      <div className={staff.stack}>
        <ClozeConnection />
        {brokerAdmin && (
          <section aria-labelledby="email-heading">
            <h3 id="email-heading" className={staff.subheading}>
              Email settings
            </h3>
            <Link href={pathTo('settings-email')} onClick={close}>
              Choose which emails your brokerage receives
            </Link>
          </section>
        )}
      </div>
    </Dialog>
  );
}
