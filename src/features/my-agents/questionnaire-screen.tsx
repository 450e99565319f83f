import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';

import { pathTo } from '../../access/route-table.ts';
import { myAgentQueryOptions, questionnaireQueryOptions, saveQuestionnaireWrite } from '../../api/my-agents.ts';
import { useWrite } from '../../api/write.ts';
import { LANGUAGES, QuestionnaireUpdate, type Questionnaire } from '../../contract/questionnaires.ts';
import { formatDateTime } from '../../lib/format.ts';
import { PRICE_RANGES, priceRangeLabel } from '../../lib/price-ranges.ts';
import { recordId } from '../../lib/record-params.ts';
import { US_STATES_AND_TERRITORIES } from '../../lib/us-states.ts';
import { Button } from '../../ui/button.tsx';
import { SelectField } from '../../ui/choice.tsx';
import { RecordScreen } from '../../ui/record-screen.tsx';
import { useSnackbar } from '../../ui/snackbar.tsx';
import * as styles from '../../ui/staff.css.ts';
import { TextField } from '../../ui/text-field.tsx';
import { ruleError, schemaErrors, useForm, type FieldErrors } from '../../widgets/form.ts';
import { useZipPlaces, ZipField } from '../../widgets/zip-field.tsx';

type Draft = Omit<Questionnaire, 'agentId' | 'updated' | 'updatedBy' | 'yearsExperience'> & { yearsExperience: string };
/** The form's fields: the body's (QuestionnaireUpdate) and the ZIP being added, where the ZIP codes' errors show. */
const FIELD_KEYS = ['states', 'zip', 'priceMin', 'priceMax', 'languages', 'yearsExperience'] as const;
type Key = (typeof FIELD_KEYS)[number];

/** Errors keyed as the form shows them: an issue of the ZIP codes (zipCodes or zipCodes.3) at the ZIP field. */
const atFields = (errors: FieldErrors<string>): FieldErrors<Key> =>
  Object.fromEntries(
    Object.entries(errors)
      .map(([k, message]) => [k.startsWith('zipCodes') ? 'zip' : k.split('.')[0], message])
      .filter(([k]) => (FIELD_KEYS as readonly (string | undefined)[]).includes(k)),
  );

function Checkboxes({
  legend,
  options,
  value,
  onChange,
}: {
  legend: string;
  options: readonly string[];
  value: readonly string[];
  onChange: (v: string[]) => void;
}) {
  return (
    <fieldset className={styles.chips}>
      <legend className={styles.subheading}>{legend}</legend>
      {options.map((o) => (
        <label key={o}>
          <input
            type="checkbox"
            checked={value.includes(o)}
            onChange={(e) => onChange(e.target.checked ? [...value, o] : value.filter((x) => x !== o))}
          />{' '}
          {o}
        </label>
      ))}
    </fieldset>
  );
}

function Form({ id, initial }: { id: number; initial: Questionnaire }) {
  const save = useWrite(saveQuestionnaireWrite(id));
  const snackbar = useSnackbar();
  const [d, setD] = useState<Draft>({
    ...initial,
    yearsExperience: initial.yearsExperience === null ? '' : String(initial.yearsExperience),
  });
  const [zip, setZip] = useState('');
  const { form, errors, clear, formError, check, refused } = useForm(FIELD_KEYS, { serverNames: { zipCodes: 'zip' } });
  const [busy, setBusy] = useState(false);
  const placeOf = useZipPlaces(d.zipCodes);
  const change = (key: Key, next: Partial<Draft>) => {
    clear(key);
    setD({ ...d, ...next });
  };
  const addZip = () => {
    const zipCodes = [...new Set([...d.zipCodes, zip])].sort();
    // The ZIP and the number of ZIPs under the contract's rule (the server checks the same).
    if (!check({ zip: ruleError(QuestionnaireUpdate.entries.zipCodes, zipCodes) })) return;
    setD({ ...d, zipCodes });
    setZip('');
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const years = d.yearsExperience.trim() === '' ? null : Number(d.yearsExperience);
    const body: QuestionnaireUpdate = {
      states: d.states,
      zipCodes: d.zipCodes,
      priceMin: d.priceMin,
      priceMax: d.priceMax,
      buyer: d.buyer,
      seller: d.seller,
      rental: d.rental,
      languages: d.languages as QuestionnaireUpdate['languages'],
      yearsExperience: years,
    };
    if (!check(atFields(schemaErrors(QuestionnaireUpdate, body)))) return;
    setBusy(true);
    try {
      await save.mutateAsync(body);
      check({});
      snackbar('Questionnaire saved');
    } catch (err) {
      refused(err);
    } finally {
      setBusy(false);
    }
  };
  const price = (key: 'priceMin' | 'priceMax', label: string) => (
    <SelectField
      label={label}
      name={key}
      value={d[key] ?? ''}
      error={errors[key]}
      // The highest price is refused against the lowest: changing either answers it.
      onChange={(e) => change('priceMax', { [key]: e.target.value ? Number(e.target.value) : null })}
    >
      <option value="">Any</option>
      {PRICE_RANGES.map((p) => (
        <option key={p} value={p}>
          {priceRangeLabel(p)}
        </option>
      ))}
    </SelectField>
  );
  return (
    <form
      ref={form}
      onSubmit={(e) => {
        void submit(e);
      }}
      noValidate
      className={styles.stack}
    >
      {formError && (
        <p role="alert" className={styles.formError}>
          {formError}
        </p>
      )}
      <SelectField
        label="States"
        name="states"
        multiple
        size={8}
        value={d.states}
        error={errors.states}
        onChange={(e) => change('states', { states: [...e.target.selectedOptions].map((o) => o.value) })}
      >
        {US_STATES_AND_TERRITORIES.map((s) => (
          <option key={s.code} value={s.code}>
            {s.name}
          </option>
        ))}
      </SelectField>
      <div>
        <div className={styles.inlineForm}>
          <ZipField
            label="ZIP Code"
            name="zip"
            value={zip}
            error={errors.zip}
            onChange={(e) => {
              clear('zip');
              setZip(e.target.value);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                addZip();
              }
            }}
          />
          <Button variant="secondary" onClick={addZip}>
            Add ZIP
          </Button>
        </div>
        <ul className={styles.chips} aria-label="ZIP codes">
          {d.zipCodes.map((z) => (
            <li key={z}>
              {z}
              {placeOf(z) ? <span className={styles.meta}> ({placeOf(z)})</span> : null}{' '}
              <Button
                variant="text"
                aria-label={`Remove ZIP ${z}`}
                onClick={() => change('zip', { zipCodes: d.zipCodes.filter((x) => x !== z) })}
              >
                ×
              </Button>
            </li>
          ))}
        </ul>
      </div>
      <div className={styles.inlineForm}>
        {price('priceMin', 'Lowest Price')}
        {price('priceMax', 'Highest Price')}
      </div>
      <Checkboxes
        legend="Works With"
        options={['Buyers', 'Sellers', 'Renters']}
        value={[d.buyer && 'Buyers', d.seller && 'Sellers', d.rental && 'Renters'].filter((x): x is string => !!x)}
        onChange={(v) =>
          setD({ ...d, buyer: v.includes('Buyers'), seller: v.includes('Sellers'), rental: v.includes('Renters') })
        }
      />
      <Checkboxes
        legend="Languages"
        options={LANGUAGES}
        value={d.languages}
        onChange={(languages) => change('languages', { languages })}
      />
      <TextField
        label="Years of Experience"
        name="yearsExperience"
        value={d.yearsExperience}
        keyFilter="numeric"
        inputMode="decimal"
        error={errors.yearsExperience}
        onChange={(e) => change('yearsExperience', { yearsExperience: e.target.value })}
      />
      <div>
        <Button type="submit" disabled={busy}>
          Save Questionnaire
        </Button>
      </div>
    </form>
  );
}

/** An agent's questionnaire (my-agents questionnaire/:id): coverage and preferences, editable by the brokerage. */
export function QuestionnaireScreen({ params }: { params: Record<string, string> }) {
  const found = recordId(params['id']);
  const id = found ?? 0;
  const valid = found !== undefined;
  const agent = useQuery({ ...myAgentQueryOptions(id), enabled: valid });
  const q = useQuery({ ...questionnaireQueryOptions(id), enabled: valid });
  const both = q.data && agent.data ? { questionnaire: q.data, agent: agent.data } : undefined;
  const nameOf = (a: NonNullable<typeof agent.data>) => a.name.display ?? 'Not Available';
  return (
    <RecordScreen
      found={valid}
      query={{ data: both, isError: q.isError || agent.isError }}
      noun="questionnaire"
      back={
        both
          ? { href: pathTo('view-my-agent', { id }), label: 'Back to agent' }
          : { href: pathTo('my-agents'), label: 'Back to My Agents' }
      }
      title={(b) => nameOf(b.agent)}
      pageTitle={(b) => `${nameOf(b.agent)}: Questionnaire`}
    >
      {({ questionnaire }) => (
        <>
          <p className={styles.meta}>
            {questionnaire.updated
              ? `Last saved ${formatDateTime(questionnaire.updated)}${questionnaire.updatedBy ? ` by ${questionnaire.updatedBy}` : ''}`
              : 'Not filled in yet.'}
          </p>
          <Form key={questionnaire.updated ?? 'new'} id={id} initial={questionnaire} />
        </>
      )}
    </RecordScreen>
  );
}
