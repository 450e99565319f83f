import { useState, type FormEvent } from 'react';

import { saveQaReviewWrite } from '../../api/qa-review.ts';
import { useWrite } from '../../api/write.ts';
import { maxLengthOf } from '../../contract/limits.ts';
import {
  QA_CRITERIA,
  QaReviewRequest,
  type QaCriteria,
  type QaCriterionKey,
  type QaQueueItem,
} from '../../contract/qa-review.ts';
import { Button } from '../../ui/button.tsx';
import { RadioGroup, TextArea } from '../../ui/choice.tsx';
import { useSnackbar } from '../../ui/snackbar.tsx';
import * as styles from '../../ui/staff.css.ts';
import { schemaErrors, useForm } from '../../widgets/form.ts';

type Choice = 'pass' | 'fail';
const OPTIONS = [
  { value: 'pass', label: 'Pass' },
  { value: 'fail', label: 'Fail' },
] as const;
/** The scorecard's fields as QaReviewRequest's paths name them: each criterion, then the comment. */
const FIELD_KEYS = [...QA_CRITERIA.map((c) => `criteria.${c.key}` as const), 'comment'] as const;
type FieldKey = (typeof FIELD_KEYS)[number];
/** Beside a criterion's Pass and Fail, its legend names it: the message only says what to do. */
const CHOOSE = 'Choose pass or fail.';

/** The scorecard of one call: pass or fail on each criterion and a comment (required when any fails). */
export function Scorecard({ call }: { call: QaQueueItem }) {
  const initial = call.review?.criteria;
  const [choices, setChoices] = useState<Partial<Record<QaCriterionKey, Choice>>>(() =>
    initial ? Object.fromEntries(QA_CRITERIA.map((c) => [c.key, initial[c.key] ? 'pass' : 'fail'])) : {},
  );
  const [comment, setComment] = useState(call.review?.comment ?? '');
  const { form, errors, clear, formError: failure, check, refused } = useForm(FIELD_KEYS);
  const [busy, setBusy] = useState(false);
  const snackbar = useSnackbar();
  const review = useWrite(saveQaReviewWrite(call.interactionId));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    // The body the server checks, a criterion not yet chosen left out: the contract's rules say what is missing.
    const body = {
      criteria: Object.fromEntries(
        QA_CRITERIA.map((c) => [c.key, choices[c.key] === undefined ? undefined : choices[c.key] === 'pass']),
      ),
      comment: comment.trim() || null,
    };
    const found = schemaErrors<FieldKey>(QaReviewRequest, body, (key, issue) =>
      key === 'comment' ? issue.message : CHOOSE,
    );
    if (!check(found)) return;
    setBusy(true);
    try {
      const saved = await review.mutateAsync({ criteria: body.criteria as QaCriteria, comment: body.comment });
      snackbar(`Scorecard saved: ${saved.status === 'PASSED' ? 'passed' : 'failed'}.`, { tone: 'success' });
    } catch (err) {
      refused(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      ref={form}
      onSubmit={(e) => {
        void submit(e);
      }}
      aria-label={`Scorecard of the call ${call.interactionId}`}
      noValidate
    >
      <div className={styles.stack}>
        {failure && (
          <p role="alert" className={styles.formError}>
            {failure}
          </p>
        )}
        {QA_CRITERIA.map((c) => (
          <div key={c.key}>
            <RadioGroup
              legend={c.label}
              name={`qa-${call.interactionId}-${c.key}`}
              options={OPTIONS}
              value={choices[c.key] ?? null}
              onChange={(value) => {
                clear(`criteria.${c.key}`);
                clear('comment');
                setChoices((s) => ({ ...s, [c.key]: value }));
              }}
              error={errors[`criteria.${c.key}`]}
            />
            <p className={styles.meta}>{c.hint}</p>
          </div>
        ))}
        <TextArea
          label="Comment"
          name="comment"
          value={comment}
          maxLength={maxLengthOf(QaReviewRequest.entries.comment)}
          rows={3}
          onChange={(e) => {
            clear('comment');
            setComment(e.target.value);
          }}
          error={errors.comment}
        />
        <div>
          <Button type="submit" disabled={busy}>
            Save Scorecard
          </Button>
        </div>
      </div>
    </form>
  );
}
