import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

const PHONE = '(max-width: 767.98px)';

/** The body of a referral action's dialog; on a phone the dialog around it becomes a bottom sheet. */
export const sheetBody = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, minWidth: 0, overflowWrap: 'anywhere' });

// The shared dialog (dialog.css.ts) centres a card; below 768 px these dialogs rise from the bottom
// edge at full width instead (a sheet), scroll only up and down, and keep clear of the home bar.
globalStyle(`[role="dialog"]:has(> ${sheetBody}), [role="dialog"]:has(${sheetBody})`, {
  '@media': {
    [PHONE]: {
      top: 'auto', bottom: 0, left: 0, right: 0, transform: 'none', width: '100%', maxWidth: '100%', maxHeight: '88dvh',
      borderRadius: `${vars.radius.lg} ${vars.radius.lg} 0 0`, overflowX: 'hidden', overflowY: 'auto',
      paddingBottom: `calc(${vars.space.lg} + env(safe-area-inset-bottom))`,
    },
  },
});

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, alignItems: 'center', marginBottom: vars.space.md });
export const results = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: vars.space.xs });
export const failed = style({ color: vars.color.danger });
export const error = style({ color: vars.color.danger, margin: 0 });
