import { useState } from 'react';

import type { BrokerReferral } from '../../contract/broker-referrals.ts';
import { personName } from '../../lib/format.ts';
import { Button } from '../../ui/button.tsx';
import { ReassignDialog, type ReassignItem } from '../../widgets/referral-reassign-dialog.tsx';
import * as styles from './my-referrals.css.ts';

/** The referrals ticked on My Referrals, by id, kept across pages until reassigned or cleared. */
export function useReferralSelection() {
  const [selected, setSelected] = useState<ReadonlyMap<number, ReassignItem>>(new Map());
  const itemOf = (r: BrokerReferral): ReassignItem => ({
    id: r.id,
    agentId: r.agentId,
    name: personName(r.prospect.name.first, r.prospect.name.last, 'Not Available'),
  });
  const toggle = (r: BrokerReferral, on: boolean) =>
    setSelected((s) => {
      const next = new Map(s);
      if (on) next.set(r.id, itemOf(r));
      else next.delete(r.id);
      return next;
    });
  const setPage = (rows: readonly BrokerReferral[], on: boolean) =>
    setSelected((s) => {
      const next = new Map(s);
      for (const r of rows) {
        if (on) next.set(r.id, itemOf(r));
        else next.delete(r.id);
      }
      return next;
    });
  /** Keeps only these (the ones a bulk reassignment could not move). */
  const keep = (ids: readonly number[]) => setSelected((s) => new Map([...s].filter(([id]) => ids.includes(id))));
  return {
    selected,
    isSelected: (id: number) => selected.has(id),
    toggle,
    setPage,
    keep,
    clear: () => setSelected(new Map()),
  };
}
export type ReferralSelection = ReturnType<typeof useReferralSelection>;

/** A checkbox that ticks one referral, named after its prospect. */
export function SelectReferral({ row, selection }: { row: BrokerReferral; selection: ReferralSelection }) {
  const name = personName(row.prospect.name.first, row.prospect.name.last, 'Not Available');
  return (
    <input
      type="checkbox"
      className={styles.checkbox}
      aria-label={`Select ${name}`}
      checked={selection.isSelected(row.id)}
      onChange={(e) => selection.toggle(row, e.target.checked)}
    />
  );
}

/** "Select all on this page", the count selected, Clear and Reassign (one agent for all, one request each). */
export function SelectionBar({
  rows,
  selection,
  brokerageId,
}: {
  rows: readonly BrokerReferral[];
  selection: ReferralSelection;
  brokerageId: number | null;
}) {
  const [open, setOpen] = useState(false);
  const onPage = rows.filter((r) => selection.isSelected(r.id)).length;
  const all = rows.length > 0 && onPage === rows.length;
  const count = selection.selected.size;
  return (
    <div role="group" aria-label="Selected referrals" className={styles.selectionBar}>
      <label className={styles.selectAll}>
        <input
          type="checkbox"
          className={styles.checkbox}
          checked={all}
          disabled={rows.length === 0}
          ref={(el) => {
            if (el) el.indeterminate = onPage > 0 && !all;
          }}
          onChange={(e) => selection.setPage(rows, e.target.checked)}
        />
        Select all on this page
      </label>
      <span role="status" className={styles.count}>
        {count === 0 ? 'None selected' : `${count} selected`}
      </span>
      {count > 0 && (
        <Button variant="text" onClick={selection.clear}>
          Clear selection
        </Button>
      )}
      {brokerageId !== null && (
        <>
          <Button variant="secondary" disabled={count === 0} onClick={() => setOpen(true)}>
            Reassign selected
          </Button>
          <ReassignDialog
            open={open}
            onOpenChange={setOpen}
            brokerageId={brokerageId}
            referrals={[...selection.selected.values()]}
            onFinished={(outcomes) => selection.keep(outcomes.filter((o) => o.error).map((o) => o.id))}
          />
        </>
      )}
    </div>
  );
}
