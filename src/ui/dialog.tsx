import { useBackCloses } from './back-closes.ts';
import { useOverlayModule } from './overlay-loader.ts';
import type { DialogProps as OverlayDialogProps } from './overlay-types.ts';

export interface DialogProps extends OverlayDialogProps {
  /**
   * Opened by its address (?settings=true, ?invite=true), whose history entry is already its own:
   * it pushes none, and Back closes it through the address.
   */
  openedByAddress?: boolean;
}

/**
 * A modal dialog named by its title (role "dialog"); its code loads on demand (overlay-loader.ts).
 * While open it owns a history entry, so Back closes it and keeps the page (back-closes.ts); not a
 * dialog that must be answered, nor one whose address opened it (that address is its entry).
 */
export function Dialog(props: DialogProps) {
  const { open, onOpenChange, modalLocked, openedByAddress } = props;
  useBackCloses(open && !modalLocked && !openedByAddress, () => onOpenChange(false));
  const overlays = useOverlayModule(open);
  return overlays ? <overlays.RadixDialogView {...props} /> : null;
}
