import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { qaKeys, saveQaReview } from '../../api/qa-review.ts';
import { serverMessage } from '../../api/staff.ts';
import { maxLengthOf } from '../../contract/limits.ts';
import { QA_CRITERIA, QaReviewRequest, type QaCriteria, type QaCriterionKey, type QaQueueItem } from '../../contract/qa-review.ts';
import { Button } from '../../ui/button.tsx';
import { RadioGroup, TextArea } from '../../ui/choice.tsx';
import { useSnackbar } from '../../ui/snackbar.tsx';
import * as styles from '../../ui/staff.css.ts';

type Choice = 'pass' | 'fail';
const OPTIONS = [{ value: 'pass', label: 'Pass' }, { value: 'fail', label: 'Fail' }] as const;

/** The scorecard of one call: pass or fail on each criterion and a comment (required when any fails). */
export function Scorecard({ call }: { call: QaQueueItem }) {
  const initial = call.review?.criteria;
  const [choices, setChoices] = useState<Partial<Record<QaCriterionKey, Choice>>>(() =>
    initial ? Object.fromEntries(QA_CRITERIA.map((c) => [c.key, initial[c.key] ? 'pass' : 'fail'])) : {});
  const [comment, setComment] = useState(call.review?.comment ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next: Record<string, string> = {};
    for (const c of QA_CRITERIA) if (!choices[c.key]) next[c.key] = 'Choose pass or fail.';
    const anyFail = QA_CRITERIA.some((c) => choices[c.key] === 'fail');
    if (anyFail && comment.trim() === '') next['comment'] = 'Say what went wrong: a comment is required when a criterion fails.';
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    setBusy(true);
    try {
      const criteria = Object.fromEntries(QA_CRITERIA.map((c) => [c.key, choices[c.key] === 'pass'])) as QaCriteria;
      const saved = await saveQaReview(call.interactionId, { criteria, comment: comment.trim() || null });
      snackbar(`Scorecard saved: ${saved.status === 'PASSED' ? 'passed' : 'failed'}.`, { tone: 'success' });
      await queryClient.invalidateQueries({ queryKey: qaKeys.all });
    } catch (err) {
      snackbar(serverMessage(err), { tone: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => { void submit(e); }} aria-label={`Scorecard of the call ${call.interactionId}`} noValidate>
      <div className={styles.stack}>
        {QA_CRITERIA.map((c) => (
          <div key={c.key}>
            <RadioGroup legend={c.label} name={`qa-${call.interactionId}-${c.key}`} options={OPTIONS} value={choices[c.key] ?? null}
              onChange={(value) => setChoices((s) => ({ ...s, [c.key]: value }))} error={errors[c.key]} />
            <p className={styles.meta}>{c.hint}</p>
          </div>
        ))}
        <TextArea label="Comment" value={comment} maxLength={maxLengthOf(QaReviewRequest.entries.comment)} rows={3} onChange={(e) => setComment(e.target.value)} error={errors['comment']} />
        <div><Button type="submit" disabled={busy}>Save Scorecard</Button></div>
      </div>
    </form>
  );
}
