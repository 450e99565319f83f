import type { SheetProps } from './overlay-types.ts';
import { useOverlayModule } from './overlay-loader.ts';

/** A side sheet (the navigation drawer on phones): modal, closes on Escape and outside taps. */
export function Sheet(props: SheetProps) {
  const overlays = useOverlayModule(props.open);
  return overlays ? <overlays.RadixSheetView {...props} /> : null;
}
