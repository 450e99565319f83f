import type { DialogProps } from './overlay-types.ts';
import { useOverlayModule } from './overlay-loader.ts';

export type { DialogProps } from './overlay-types.ts';

/** A modal dialog named by its title (role "dialog"); its code loads on demand (overlay-loader.ts). */
export function Dialog(props: DialogProps) {
  const overlays = useOverlayModule(props.open);
  return overlays ? <overlays.RadixDialogView {...props} /> : null;
}
