import { style } from '@vanilla-extract/css';

import { vars } from '../../ui/theme.css.ts';

const phone = '(max-width: 767.98px)';

export const page = style({
  padding: vars.space.lg,
  maxWidth: 960,
  margin: '0 auto',
  width: '100%',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  '@media': { [phone]: { padding: vars.space.sm, gap: vars.space.sm } },
});
export const section = style({
  background: vars.color.surface,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.card,
  padding: vars.space.md,
  minWidth: 0,
});
export const sectionTitle = style({ fontSize: vars.font.size.md, margin: `0 0 ${vars.space.sm}` });
export const list = style({ listStyle: 'none', margin: 0, padding: 0 });
export const item = style({
  borderTop: `1px solid ${vars.color.border}`,
  selectors: { '&:first-child': { borderTop: 'none' } },
});
export const rowLink = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  gap: `2px ${vars.space.sm}`,
  alignItems: 'center',
  minHeight: 56,
  padding: `${vars.space.sm} ${vars.space.xs}`,
  color: vars.color.text,
  textDecoration: 'none',
  selectors: { '&:hover': { background: vars.color.greySoft } },
});
export const rowName = style({ fontWeight: 600, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
export const rowMeta = style({ color: vars.color.muted, fontSize: vars.font.size.sm, overflowWrap: 'anywhere' });
export const badges = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs, justifyContent: 'flex-end' });
export const toolbar = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, alignItems: 'flex-end' });
export const grow = style({ flex: '1 1 200px', minWidth: 0 });
export const muted = style({ color: vars.color.muted, margin: 0 });
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });
export const notice = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  background: vars.color.warningSoft,
  color: vars.color.warning,
});
export const refused = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  background: vars.color.dangerSoft,
  color: vars.color.danger,
});
export const refusedItem = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  padding: `${vars.space.xs} 0`,
});
export const link = style({ display: 'inline-flex', alignItems: 'center', minHeight: 44, fontWeight: 600 });
export const dl = style({
  display: 'grid',
  gridTemplateColumns: 'max-content minmax(0, 1fr)',
  gap: `${vars.space.xs} ${vars.space.md}`,
  margin: 0,
  alignItems: 'center',
});
export const dt = style({ color: vars.color.muted, fontSize: vars.font.size.sm });
export const dd = style({ margin: 0, minWidth: 0, overflowWrap: 'anywhere' });
export const fullRow = style({ gridColumn: '1 / -1' });
export const sortDialogBody = style({ marginTop: vars.space.sm });
export const filterBar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  margin: `${vars.space.sm} 0`,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  background: vars.color.primarySoft,
  borderRadius: vars.radius.md,
});
export const formActions = style({
  display: 'flex',
  justifyContent: 'flex-end',
  gap: vars.space.sm,
  flexWrap: 'wrap',
  marginTop: vars.space.sm,
});
export const historyItem = style({
  display: 'flex',
  flexDirection: 'column',
  gap: 2,
  padding: `${vars.space.sm} 0`,
  borderTop: `1px solid ${vars.color.border}`,
  selectors: { '&:first-child': { borderTop: 'none' } },
});
export const noteText = style({ margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' });
export const heading = style({ fontSize: vars.font.size.lg, margin: 0, overflowWrap: 'anywhere' });
export const stageLine = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.xs });
export const sectionActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  marginTop: vars.space.md,
});
export const count = style({ fontWeight: 700, fontSize: vars.font.size.lg, textAlign: 'right' });
export const noteTitle = style({ fontWeight: 600, overflowWrap: 'anywhere' });
// Announcements: a row that opens in place.
export const toggleRow = style([
  rowLink,
  {
    width: '100%',
    background: 'none',
    border: 'none',
    textAlign: 'left',
    font: 'inherit',
    cursor: 'pointer',
    selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.primary}`, outlineOffset: -2 } },
  },
]);
export const readTitle = style({ fontWeight: 400, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
export const announcementBody = style({
  padding: `0 ${vars.space.xs} ${vars.space.sm}`,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
});
