import { useBackCloses } from './back-closes.ts';
import { useOverlayModule } from './overlay-loader.ts';
import type { SheetProps } from './overlay-types.ts';

/**
 * A side sheet (the navigation drawer on phones): modal, closes on Escape and outside taps, and on
 * Back, which keeps the page (back-closes.ts).
 */
export function Sheet(props: SheetProps) {
  useBackCloses(props.open, () => props.onOpenChange(false));
  const overlays = useOverlayModule(props.open);
  return overlays ? <overlays.RadixSheetView {...props} /> : null;
}
