import { style } from '@vanilla-extract/css';

import { vars } from '../../ui/theme.css.ts';

/** 768-1199 px (a 1024 px laptop): a narrower drawer, so lists keep their words whole without a sideways scroll. */
const NARROW_DESKTOP = 'screen and (min-width: 768px) and (max-width: 1199.98px)';
const NARROW_DRAWER = '240px';
export const layout = style({
  display: 'grid',
  gridTemplateColumns: `${vars.layout.drawer} minmax(0, 1fr)`,
  minHeight: '100dvh',
  '@media': {
    '(max-width: 767.98px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
    [NARROW_DESKTOP]: { gridTemplateColumns: `${NARROW_DRAWER} minmax(0, 1fr)` },
  },
});
export const drawer = style({
  width: vars.layout.drawer,
  background: vars.color.surface,
  borderRight: `1px solid ${vars.color.border}`,
  position: 'sticky',
  top: 0,
  height: '100dvh',
  overflowY: 'auto',
  display: 'flex',
  flexDirection: 'column',
  '@media': { [NARROW_DESKTOP]: { width: NARROW_DRAWER } },
});
export const drawerInner = style({ display: 'flex', flexDirection: 'column', minHeight: '100%' });
export const brand = style({
  padding: vars.space.md,
  fontWeight: 700,
  fontSize: vars.font.size.lg,
  color: vars.color.primaryDark,
});
export const nav = style({ flex: 1, padding: `0 ${vars.space.sm}` });
export const navList = style({ listStyle: 'none', margin: 0, padding: 0 });
export const navLink = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  minHeight: 44,
  padding: `0 ${vars.space.md}`,
  borderRadius: vars.radius.md,
  color: vars.color.text,
  textDecoration: 'none',
  selectors: {
    '&[aria-current="page"]': { background: vars.color.primarySoft, color: vars.color.primaryDark, fontWeight: 600 },
    '&:hover': { background: vars.color.greySoft },
  },
});
export const groupLabel = style({
  padding: `${vars.space.sm} ${vars.space.md} 0`,
  fontSize: vars.font.size.sm,
  color: vars.color.muted,
  fontWeight: 600,
  margin: 0,
});
export const chip = style({
  background: vars.color.primary,
  color: '#fff',
  borderRadius: vars.radius.round,
  padding: '0 8px',
  fontSize: vars.font.size.sm,
});
export const footer = style({
  padding: vars.space.md,
  borderTop: `1px solid ${vars.color.border}`,
  fontSize: vars.font.size.sm,
  color: vars.color.muted,
});
export const footerLinks = style({ display: 'flex', gap: vars.space.md, flexWrap: 'wrap' });
export const main = style({ display: 'flex', flexDirection: 'column', minWidth: 0 });
export const topBar = style({
  position: 'sticky',
  top: 0,
  zIndex: 10,
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: vars.layout.topBar,
  padding: `0 ${vars.space.md}`,
  background: vars.color.primary,
  color: vars.color.onPrimary,
});
export const title = style({
  fontSize: vars.font.size.lg,
  margin: 0,
  flex: 1,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});
export const topBarButton = style({
  color: vars.color.onPrimary,
  borderColor: 'rgba(255,255,255,.7)',
  background: 'transparent',
});
export const nameButton = style({
  color: vars.color.onPrimary,
  background: 'transparent',
  maxWidth: '40vw',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
});
export const content = style({ flex: 1 });
export const sheetProfile = style({
  margin: `${vars.space.sm} ${vars.space.sm} 0`,
  justifyContent: 'flex-start',
  maxWidth: '100%',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
});
