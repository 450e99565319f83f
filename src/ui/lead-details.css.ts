import { style } from '@vanilla-extract/css';

import { vars } from './theme.css.ts';

// Spec 2's lead detail content, shared by the overview's dialog and My Leads' side view.

export const header = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm });
export const avatar = style({
  width: 40,
  height: 40,
  borderRadius: '50%',
  background: vars.color.primary,
  color: vars.color.onPrimary,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  fontWeight: 700,
  flex: '0 0 auto',
});
export const section = style({ fontSize: vars.font.size.md, margin: `${vars.space.sm} 0` });
export const details = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(180px, 1fr))',
  gap: vars.space.md,
  margin: `0 0 ${vars.space.lg}`,
});
export const term = style({ fontSize: vars.font.size.sm, color: vars.color.muted, fontWeight: 600 });
export const value = style({ margin: 0, minWidth: 0 });
// An email address may break at any letter: it is one long word that must not widen the dialog.
export const address = style({ overflowWrap: 'anywhere' });
export const error = style({
  background: vars.color.dangerSoft,
  color: vars.color.danger,
  borderRadius: vars.radius.md,
  padding: vars.space.md,
  fontWeight: 600,
});
