import { useLocation } from 'wouter';

import { useDraft, type DraftValues } from '../session/draft.ts';

/**
 * A form's draft (session/draft.ts) that belongs to the page it is typed on: the stage chosen for one
 * referral is not offered on another's. Back closing the form's dialog keeps it, so does leaving the
 * page; the form clears it when it is sent or cancelled. Returns [values, update(patch), clear].
 */
export function usePageDraft<T extends DraftValues>(name: string, initial: T) {
  const [path] = useLocation();
  return useDraft(`${name}@${path}`, initial);
}
