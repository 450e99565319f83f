import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

const PHONE = '(max-width: 767.98px)';

export const toolbar = style({
  display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.md, marginBottom: vars.space.md,
});
export const toolbarEnd = style({ marginLeft: 'auto', display: 'flex', alignItems: 'center', gap: vars.space.sm, flexWrap: 'wrap' });
export const status = style({ color: vars.color.muted, fontSize: vars.font.size.sm });
export const offline = style({
  background: vars.color.warningSoft, color: vars.color.warning, borderRadius: vars.radius.md,
  padding: `${vars.space.xs} ${vars.space.sm}`, fontSize: vars.font.size.sm, fontWeight: 600,
});

/** 12 columns; cards span 4 or 8; one column on phones. */
export const grid = style({
  display: 'grid', gridTemplateColumns: 'repeat(12, minmax(0, 1fr))', gap: vars.space.md, gridAutoFlow: 'row dense',
  '@media': { [PHONE]: { gridTemplateColumns: 'minmax(0, 1fr)' } },
});
export const span4 = style({ gridColumn: 'span 4', '@media': { [PHONE]: { gridColumn: 'auto' }, '(min-width: 768px) and (max-width: 1099.98px)': { gridColumn: 'span 6' } } });
export const span8 = style({ gridColumn: 'span 8', '@media': { [PHONE]: { gridColumn: 'auto' }, '(min-width: 768px) and (max-width: 1099.98px)': { gridColumn: 'span 12' } } });

export const card = style({ minWidth: 0, display: 'flex', flexDirection: 'column', gap: vars.space.sm, padding: vars.space.md });
export const cardHeader = style({ display: 'flex', alignItems: 'center', gap: vars.space.xs, minHeight: 44 });
export const cardTitle = style({ fontSize: vars.font.size.lg, margin: 0, flex: 1, minWidth: 0 });
export const infoText = style({ margin: 0, lineHeight: 1.6 });

export const muted = style({ color: vars.color.muted, margin: 0 });
export const disclaimer = style({ color: vars.color.muted, fontSize: vars.font.size.sm, fontStyle: 'italic', margin: 0 });
export const contents = style({ display: 'contents' });
export const tiles = style({ listStyle: 'none', padding: 0, display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(120px, 1fr))', gap: vars.space.sm, margin: 0 });
export const tile = style({
  display: 'flex', flexDirection: 'column-reverse', justifyContent: 'flex-end', gap: 2, padding: vars.space.sm,
  borderRadius: vars.radius.md, background: vars.color.background, color: 'inherit', textDecoration: 'none', minHeight: 64,
  selectors: { 'a&:hover': { background: vars.color.primarySoft } },
});
export const tileValue = style({ fontSize: vars.font.size.xl, fontWeight: 700, margin: 0, fontVariantNumeric: 'tabular-nums' });
export const tileLabel = style({ fontSize: vars.font.size.sm, color: vars.color.muted, margin: 0 });

export const tableWrap = style({ overflowX: 'auto', maxWidth: '100%' });
export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: vars.font.size.sm });
export const th = style({
  textAlign: 'left', padding: `${vars.space.xs} ${vars.space.sm}`, borderBottom: `1px solid ${vars.color.border}`,
  color: vars.color.muted, fontWeight: 600, whiteSpace: 'nowrap',
});
export const td = style({ padding: `${vars.space.xs} ${vars.space.sm}`, borderBottom: `1px solid ${vars.color.greySoft}`, height: 44 });
export const num = style({ textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' });
export const clickableRow = style({ cursor: 'pointer', selectors: { '&:hover': { background: vars.color.primarySoft } } });
export const sortButton = style({
  font: 'inherit', fontWeight: 600, color: 'inherit', background: 'none', border: 'none', padding: 0, cursor: 'pointer',
  minHeight: 32, display: 'inline-flex', alignItems: 'center', gap: 2,
});
export const rowButton = style({
  font: 'inherit', color: vars.color.primaryDark, fontWeight: 600, background: 'none', border: 'none', padding: 0,
  cursor: 'pointer', textAlign: 'left', minHeight: 32,
});
export const nameCell = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, minWidth: 0 });
export const avatar = style({
  flex: '0 0 auto', width: 32, height: 32, borderRadius: '50%', background: vars.color.primarySoft, color: vars.color.primaryDark,
  display: 'inline-flex', alignItems: 'center', justifyContent: 'center', fontWeight: 700,
});
export const list = style({ listStyle: 'none', margin: 0, padding: 0 });
export const listItem = style({
  display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: vars.space.sm, minHeight: 48,
  borderBottom: `1px solid ${vars.color.greySoft}`, flexWrap: 'wrap',
});
export const itemMain = style({ display: 'flex', flexDirection: 'column', minWidth: 0 });
export const itemMeta = style({ color: vars.color.muted, fontSize: vars.font.size.sm });
export const overdue = style({ color: vars.color.danger, fontWeight: 600, fontSize: vars.font.size.sm });
export const footer = style({ display: 'flex', justifyContent: 'flex-end', flexWrap: 'wrap', gap: vars.space.sm, marginTop: 'auto' });
export const selectLabel = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, fontWeight: 600, flexWrap: 'wrap', maxWidth: '100%', minWidth: 0 });
export const select = style({
  minHeight: 44, padding: `0 ${vars.space.sm}`, font: 'inherit', fontWeight: 400, color: vars.color.text, maxWidth: '100%', minWidth: 0,
  background: vars.color.surface, border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.md,
});
export const menuWrap = style({ position: 'relative' });
export const menu = style({
  position: 'absolute', right: 0, top: '100%', zIndex: 20, width: 'min(360px, calc(100vw - 32px))', maxHeight: '60dvh',
  overflowY: 'auto', background: vars.color.surface, borderRadius: vars.radius.md, boxShadow: vars.shadow.dialog,
  padding: vars.space.md, marginTop: vars.space.xs,
});
export const menuTitle = style({ fontSize: vars.font.size.md, margin: `0 0 ${vars.space.sm}` });
export const badge = style({
  position: 'absolute', top: 4, right: 4, minWidth: 18, height: 18, borderRadius: 9, background: vars.color.danger,
  color: '#fff', fontSize: 11, lineHeight: '18px', textAlign: 'center', padding: '0 4px', pointerEvents: 'none',
});
export const scoreBody = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.lg, justifyContent: 'space-around' });
