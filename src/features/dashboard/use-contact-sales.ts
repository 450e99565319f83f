import { useMutation } from '@tanstack/react-query';

import { ApiError } from '../../api/client.ts';
import { sendInquiry } from '../../api/dashboard.ts';
import { BRAND } from '../../lib/brand.ts';
import { useSnackbar } from '../../ui/snackbar.tsx';
import { useDashboard } from './dashboard-context.ts';

// Spec 2 section 8, verbatim.
export const INQUIRY_SENT = 'Inquiry Sent: Contact info sent to sales';
export const INQUIRY_FAILED = 'Unable to send an inquiry, please try again';
export const IMPERSONATION_REFUSED = 'Email not sent due to impersonation.';

/** The provider's sales desk, on the brand's own domain (src/lib/brand.ts). */
export const SALES_ADDRESS = `sales@${BRAND.supportEmailBrokers.split('@')[1] ?? 'porchlight.example'}`;

/** The contact-sales inquiry: refused while impersonating; otherwise the broker's details go to sales. */
export function useContactSales() {
  const { user, brokerageName, impersonating } = useDashboard();
  const show = useSnackbar();
  const mutation = useMutation({
    mutationFn: (widgetTitle: string) =>
      sendInquiry({
        bccAddresses: [],
        toAddresses: [SALES_ADDRESS],
        fromAddress: user.email ?? '',
        subject: `${user.name} asked about ${widgetTitle}`,
        messageBody: [
          `${user.name} would like to hear about IRIS (${widgetTitle}).`,
          `Broker name: ${user.name}`,
          `Email: ${user.email ?? 'Not Available'}`,
          `Brokerage: ${brokerageName}`,
        ].join('\n'),
      }),
    networkMode: 'online',
    onSuccess: () => show(INQUIRY_SENT, { tone: 'success' }),
    onError: (err) =>
      show(err instanceof ApiError && err.status === 403 ? IMPERSONATION_REFUSED : INQUIRY_FAILED, { tone: 'error' }),
  });
  const send = (widgetTitle: string) => {
    if (impersonating) {
      show(IMPERSONATION_REFUSED, { tone: 'error' });
      return;
    }
    mutation.mutate(widgetTitle);
  };
  return { send, pending: mutation.isPending };
}
