import { ImpersonationDialog } from '../../features/impersonation/impersonation-dialog.tsx';
import { requestStopImpersonation } from '../../session/impersonation.ts';
import { useStore } from '../../session/persisted-store.ts';
import { impersonationStore } from '../../session/state.ts';
import { Banner } from '../../ui/banner.tsx';
import { Button } from '../../ui/button.tsx';
import { Icon } from '../../ui/icons.tsx';

/**
 * While impersonating, the closable warning "You're currently impersonating: {name}" (spec 1 section 2);
 * closing it opens the disable-impersonation dialog. Also hosts the impersonation dialog that the
 * brokerage and lender views open with their Impersonate button.
 */
export function ImpersonationBanner() {
  const impersonation = useStore(impersonationStore);
  return (
    <>
      {impersonation && (
        <Banner
          tone="warning"
          label="Impersonation"
          action={
            <Button variant="icon" aria-label="Close" onClick={requestStopImpersonation}>
              <Icon name="close" />
            </Button>
          }
        >
          You're currently impersonating: {impersonation.target.name}
        </Banner>
      )}
      <ImpersonationDialog />
    </>
  );
}
