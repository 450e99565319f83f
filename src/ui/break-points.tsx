import { Fragment, type ReactNode } from 'react';

/** An email address or a host: one long CSS word, which may break only where these marks are. */
const ADDRESS = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Text with line-break opportunities after the "@" and before each "." of an email address (a <wbr>),
 * so a narrow column breaks "ella.nguyen@harbor.example" between its parts, never inside "example",
 * and the column's narrowest width is its longest part, not the whole address. Other text is as given.
 */
export function withBreakPoints(value: ReactNode): ReactNode {
  if (typeof value !== 'string' || !ADDRESS.test(value)) return value;
  const parts = value.split(/(?<=@)|(?=\.)/);
  return parts.map((p, i) => (
    <Fragment key={i}>
      {i > 0 && <wbr />}
      {p}
    </Fragment>
  ));
}
