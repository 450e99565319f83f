import { style } from '@vanilla-extract/css';

import { vars } from './theme.css.ts';

// Layout pieces the staff console's list and detail screens share.

export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: vars.space.md,
  marginBottom: vars.space.md,
});
export const toolbarSpacer = style({ flex: '1 1 auto' });
export const stack = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg });
export const headerRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.md,
  marginBottom: vars.space.md,
});
export const heading = style({ fontSize: vars.font.size.lg, margin: 0, flex: '1 1 auto' });
export const subheading = style({ fontSize: vars.font.size.md, margin: `0 0 ${vars.space.sm}` });
export const details = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
  gap: `${vars.space.sm} ${vars.space.lg}`,
  margin: 0,
});
export const term = style({ fontSize: vars.font.size.sm, color: vars.color.muted });
export const definition = style({ margin: 0, fontWeight: 600, overflowWrap: 'anywhere' });
export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
});
// A note of one unbroken 4,000-character word wraps inside the list, never widening the page.
export const listItem = style({
  borderBottom: `1px solid ${vars.color.border}`,
  paddingBottom: vars.space.sm,
  minWidth: 0,
  overflowWrap: 'anywhere',
  whiteSpace: 'pre-wrap',
});
export const meta = style({ fontSize: vars.font.size.sm, color: vars.color.muted });
export const chips = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  listStyle: 'none',
  margin: 0,
  padding: 0,
});
// minWidth 0: a form in a toolbar row shrinks with it on a phone (a select's long option would widen the page).
export const inlineForm = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-start',
  gap: vars.space.sm,
  minWidth: 0,
  maxWidth: '100%',
});
export const formError = style({ color: vars.color.danger, margin: `0 0 ${vars.space.md}` });
/** A load failure (query-failure.tsx): the words, Retry and a way on, in one row that wraps. */
export const failure = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: vars.space.md });
export const failureText = style({ margin: 0, flex: '1 1 100%' });
