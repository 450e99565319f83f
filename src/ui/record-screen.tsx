import { useId, type ReactNode } from 'react';
import { Link } from 'wouter';

import { ActionBar } from './action-bar.tsx';
import { Card, Page } from './layout.tsx';
import { useIsMobile } from './media.ts';
import { QueryFailure } from './query-failure.tsx';
import { RecordSkeleton } from './skeleton.tsx';
import * as styles from './staff.css.ts';

// The scaffold every record screen starts from (docs/CONTRIBUTING.md): the id read once and checked
// (`recordId` / `recordIds` of src/lib/record-params.ts; a bad one is the not-found state), the skeleton
// while the record loads, the one load-failure state, and the frame: the title, the header row with the
// desktop actions and the way back, the record's first card, more cards, and the phone's action bar.
//
//   const id = recordId(params['id']);
//   const agent = useQuery({ ...agentQueryOptions(id ?? 0), enabled: id !== undefined });
//   return (
//     <RecordScreen found={id !== undefined} query={agent} noun="agent" back={{ href: pathTo('agents'), label: 'Back' }}
//       title={(a) => a.name} actions={(a) => <Button ...>Edit</Button>} more={(a) => <Card>...</Card>}>
//       {(a) => <DetailList items={...} />}
//     </RecordScreen>
//   );

/** The part of a query result the scaffold reads (a TanStack `useQuery` result fits). */
export interface RecordQuery<T> {
  data?: T | undefined;
  isError: boolean;
  refetch?: () => unknown;
}

export interface RecordScreenProps<T> {
  /** False when the address's id is malformed: the not-found state at once, no request. */
  found?: boolean;
  query: RecordQuery<T>;
  /** The record's kind, lower case ("agent", "loan officer"): "Loading agent", "This agent could not be loaded." */
  noun: string;
  /** The failure's own words (the spec's), in place of "This <noun> could not be loaded.". */
  failure?: string;
  /** The page title while the record is not there (failure). */
  failureTitle?: string;
  /** The way back to the list: beside the title, and under a failure. */
  back?: { href: string; label: string } | undefined;
  /** The record's title (the top bar and the header). */
  title: (record: T) => string;
  /** The top bar's title, when it says more than the header ("QA Review: <name>"). */
  pageTitle?: (record: T) => string;
  /** Buttons beside the title; below 768 px they move to the action bar when `phoneActions` is not given. */
  actions?: (record: T) => ReactNode;
  /** The phone's action bar (below 768 px), in place of `actions`. */
  phoneActions?: (record: T) => ReactNode;
  /** The first card's body, under the header. */
  children: (record: T) => ReactNode;
  /** The cards after the first. */
  more?: (record: T) => ReactNode;
}

/** A record screen: not found, skeleton, or the record's frame with its actions on both widths. */
export function RecordScreen<T>({
  found = true,
  query,
  noun,
  failure,
  failureTitle,
  back,
  title,
  pageTitle,
  actions,
  phoneActions,
  children,
  more,
}: RecordScreenProps<T>) {
  const mobile = useIsMobile();
  const record = query.data;
  if (!found || query.isError) {
    return (
      <Page {...(failureTitle ? { title: failureTitle } : {})}>
        <QueryFailure text={failure ?? `This ${noun} could not be loaded.`} retry={found ? query.refetch : undefined}>
          {back && <Link href={back.href}>{back.label}</Link>}
        </QueryFailure>
      </Page>
    );
  }
  if (record === undefined) return <RecordSkeleton label={`Loading ${noun}`} />;
  return (
    <RecordFrame
      title={title(record)}
      {...(pageTitle ? { pageTitle: pageTitle(record) } : {})}
      back={back}
      actions={phoneActions && mobile ? undefined : actions?.(record)}
      phoneBar={
        phoneActions && mobile ? (
          <ActionBar label={`${capitalised(noun)} actions`}>{phoneActions(record)}</ActionBar>
        ) : undefined
      }
      more={more?.(record)}
    >
      {children(record)}
    </RecordFrame>
  );
}

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export interface RecordFrameProps {
  title: string;
  /** The top bar's title, when it differs from the header's. */
  pageTitle?: string;
  back?: { href: string; label: string } | undefined;
  actions?: ReactNode;
  children?: ReactNode;
  more?: ReactNode;
  /** Last in the column: a bar stuck to the bottom of a phone's screen. */
  phoneBar?: ReactNode;
}

/** The frame of a record that is there: title, header row (actions, way back), first card, more cards. */
export function RecordFrame({ title, pageTitle, back, actions, children, more, phoneBar }: RecordFrameProps) {
  const heading = useId();
  return (
    <Page title={pageTitle ?? title}>
      <div className={styles.stack}>
        <Card aria-labelledby={heading}>
          <div className={styles.headerRow}>
            <h2 id={heading} className={styles.heading}>
              {title}
            </h2>
            {actions}
            {back && <Link href={back.href}>{back.label}</Link>}
          </div>
          {children}
        </Card>
        {more}
        {phoneBar}
      </div>
    </Page>
  );
}
