import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';

import { brokerageNamesQueryOptions } from '../../api/brokerages.ts';
import {
  addSupplierLimitWrite,
  addSupplierZipsWrite,
  addSupplierZipWrite,
  removeSupplierZipWrite,
  setSupplierLimitWrite,
  supplierLimitsQueryOptions,
  supplierQueryOptions,
  supplierZipsQueryOptions,
} from '../../api/lead-suppliers.ts';
import { serverMessage } from '../../api/staff.ts';
import { useWrite } from '../../api/write.ts';
import {
  BulkLeadSupplierZips,
  NewLeadSupplierLimit,
  NewLeadSupplierZip,
  PatchLeadSupplierLimit,
  QuarterlyCap,
  type BulkZipResult,
  type LeadSupplierLimit,
  type LeadSupplierZip,
} from '../../contract/lead-suppliers.ts';
import { maxDigitsOf, maxLengthOf } from '../../contract/limits.ts';
import { isNoCap } from '../../lib/cap.ts';
import { formatCount, formatDate } from '../../lib/format.ts';
import { recordId } from '../../lib/record-params.ts';
import { useStore } from '../../session/persisted-store.ts';
import { profileStore } from '../../session/state.ts';
import { Button } from '../../ui/button.tsx';
import { SelectField, TextArea } from '../../ui/choice.tsx';
import { DataTable, type Column } from '../../ui/data-table.tsx';
import { DetailList } from '../../ui/detail-list.tsx';
import { Pagination } from '../../ui/pagination.tsx';
import { RecordScreen } from '../../ui/record-screen.tsx';
import { SearchField } from '../../ui/search-field.tsx';
import { useSnackbar } from '../../ui/snackbar.tsx';
import * as styles from '../../ui/staff.css.ts';
import { Tabs } from '../../ui/tabs.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { useListState } from '../../ui/use-list-state.ts';
import { ruleError, useForm } from '../../widgets/form.ts';
import { useZipPlaces, ZipField } from '../../widgets/zip-field.tsx';

/** A cap's digits: the server's largest cap (QuarterlyCap). */
const CAP_DIGITS = maxDigitsOf(QuarterlyCap);
/** The pasted list's length: the server's (BulkLeadSupplierZips). */
const PASTED_MAX = maxLengthOf(BulkLeadSupplierZips.entries.zips);
/** A typed number as the contract reads it: an empty field is no number. */
const numberOf = (raw: string) => (raw.trim() === '' ? Number.NaN : Number(raw));

const capText = (cap: number) => (isNoCap(cap) ? 'No cap' : formatCount(cap));

/** One lead supplier (view/:id): its figures, ZIP coverage and quarterly limits per brokerage. ADMIN edits. */
export function SupplierViewScreen({ params }: { params: Record<string, string> }) {
  const found = recordId(params['id']);
  const supplier = useQuery({ ...supplierQueryOptions(found ?? 0), enabled: found !== undefined });
  const canEdit = useStore(profileStore, (p) => !!p.user?.roles.some((r) => r.name === 'ADMIN'));
  return (
    <RecordScreen
      found={found !== undefined}
      query={supplier}
      noun="supplier"
      failure="This lead supplier could not be loaded."
      title={(s) => s.name}
    >
      {(s) => (
        <>
          <DetailList
            items={[
              ['ZIP Codes', formatCount(s.zipCount)],
              ['Brokerage Limits', formatCount(s.limitCount)],
              ['Leads This Quarter', formatCount(s.leadsThisQuarter)],
              ['Created', formatDate(s.created)],
            ]}
          />
          <Tabs
            label="Supplier"
            items={[
              { value: 'zips', label: 'ZIP Coverage', content: <ZipCoverage id={s.id} canEdit={canEdit} /> },
              { value: 'limits', label: 'Limits', content: <Limits id={s.id} canEdit={canEdit} /> },
            ]}
          />
        </>
      )}
    </RecordScreen>
  );
}

function ZipCoverage({ id, canEdit }: { id: number; canEdit: boolean }) {
  const list = useListState({ zip: '' }, { key: 'zip', desc: false });
  const query = useQuery({
    ...supplierZipsQueryOptions(id, { ...list.params, zip: list.filter.zip }),
    placeholderData: keepPreviousData,
  });
  const snackbar = useSnackbar();
  // Undo adds the ZIP back (docs/decisions/0108).
  const undo = useWrite(addSupplierZipWrite(id), {
    onSuccess: (_, zip) => snackbar(`Undone: ZIP ${zip} is covered again.`),
    onError: (err) => snackbar(serverMessage(err), { tone: 'error' }),
  });
  const remove = useWrite(removeSupplierZipWrite(id), {
    onSuccess: (_, zip) => {
      snackbar(`ZIP ${zip} removed.`, { action: { label: 'Undo', run: () => undo.mutate(zip) } });
    },
    onError: (err) => snackbar(serverMessage(err), { tone: 'error' }),
  });
  const placeOf = useZipPlaces((query.data?.content ?? []).map((z) => z.zip));
  const columns: Column<LeadSupplierZip>[] = [
    { key: 'zip', header: 'ZIP', cell: (z) => z.zip },
    { key: 'place', header: 'Place', cell: (z) => placeOf(z.zip) ?? '' },
    { key: 'added', header: 'Added', cell: (z) => formatDate(z.created) },
    ...(canEdit
      ? [
          {
            key: 'actions',
            header: 'Actions',
            cell: (z: LeadSupplierZip) => (
              <Button
                variant="secondary"
                aria-label={`Remove ZIP ${z.zip}`}
                disabled={remove.isPending}
                onClick={() => remove.mutate(z.zip)}
              >
                Remove
              </Button>
            ),
          },
        ]
      : []),
  ];
  return (
    <div className={styles.stack}>
      {canEdit && <AddZips id={id} />}
      <SearchField
        label="Find a ZIP"
        value={list.filter.zip}
        placeholder="ZIP starts with"
        onSearch={(zip) => list.setFilter({ zip: zip.replace(/\D/g, '').slice(0, 5) })}
      />
      <DataTable
        label="Covered ZIP codes"
        columns={columns}
        rows={query.data?.content ?? []}
        rowKey={(z) => z.zip}
        loading={query.isPending}
        empty={query.isError ? 'The ZIP codes could not be loaded.' : 'This supplier covers no ZIP codes yet.'}
      />
      <Pagination rowsType="ZIP codes" state={list.paging(query.data?.totalElements ?? 0)} onChange={list.setPaging} />
    </div>
  );
}

function AddZips({ id }: { id: number }) {
  const [zip, setZip] = useState('');
  const [pasted, setPasted] = useState('');
  const [result, setResult] = useState<BulkZipResult | null>(null);
  const oneErrors = useForm(['zip']);
  const bulkErrors = useForm(['zips']);
  const { form: oneForm, formError: oneFailure } = oneErrors;
  const { form: bulkForm, formError: bulkFailure } = bulkErrors;
  const snackbar = useSnackbar();
  // Undo removes the ZIP again (docs/decisions/0108).
  const undo = useWrite(removeSupplierZipWrite(id), {
    onSuccess: (_, added) => snackbar(`Undone: ZIP ${added} is no longer covered.`),
    onError: (err) => snackbar(serverMessage(err), { tone: 'error' }),
  });
  const one = useWrite(addSupplierZipWrite(id), {
    onSuccess: ({ zip: added }) => {
      snackbar(`ZIP ${added} added.`, { action: { label: 'Undo', run: () => undo.mutate(added) } });
      setZip('');
    },
    onError: oneErrors.refused,
  });
  const bulk = useWrite(addSupplierZipsWrite(id), {
    onSuccess: (r) => {
      setResult(r);
      if (r.invalid.length === 0) setPasted('');
    },
    onError: bulkErrors.refused,
  });
  const submitOne = (e: FormEvent) => {
    e.preventDefault();
    if (oneErrors.check({ zip: ruleError(NewLeadSupplierZip.entries.zip, zip) })) one.mutate(zip);
  };
  const submitBulk = (e: FormEvent) => {
    e.preventDefault();
    setResult(null);
    if (bulkErrors.check({ zips: ruleError(BulkLeadSupplierZips.entries.zips, pasted) })) bulk.mutate(pasted);
  };
  return (
    <div className={styles.stack}>
      <form ref={oneForm} onSubmit={submitOne} noValidate aria-label="Add one ZIP">
        {oneFailure && (
          <p role="alert" className={styles.formError}>
            {oneFailure}
          </p>
        )}
        <div className={styles.inlineForm}>
          <ZipField
            label="ZIP"
            name="zip"
            value={zip}
            onChange={(e) => {
              oneErrors.clear('zip');
              setZip(e.target.value);
            }}
            error={oneErrors.errors.zip}
          />
          <Button type="submit" disabled={one.isPending}>
            Add ZIP
          </Button>
        </div>
      </form>
      <form ref={bulkForm} onSubmit={submitBulk} noValidate className={styles.stack} aria-label="Add ZIP codes in bulk">
        {bulkFailure && (
          <p role="alert" className={styles.formError}>
            {bulkFailure}
          </p>
        )}
        <TextArea
          label="Paste ZIP codes (one per line)"
          name="zips"
          rows={5}
          maxLength={PASTED_MAX}
          value={pasted}
          onChange={(e) => {
            bulkErrors.clear('zips');
            setPasted(e.target.value);
          }}
          error={bulkErrors.errors.zips}
        />
        <div>
          <Button type="submit" disabled={bulk.isPending}>
            Add ZIP Codes
          </Button>
        </div>
      </form>
      {result && (
        <div role="status">
          <p>{`${formatCount(result.saved)} saved, ${formatCount(result.alreadyCovered)} already covered, ${formatCount(result.invalid.length)} invalid.`}</p>
          {result.invalid.length > 0 && (
            <ul className={styles.list} aria-label="Invalid lines">
              {result.invalid.map((i) => (
                <li
                  key={`${i.line}-${i.value}`}
                  className={styles.listItem}
                >{`Line ${i.line}: ${i.value}: ${i.message}`}</li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}

function Limits({ id, canEdit }: { id: number; canEdit: boolean }) {
  const query = useQuery(supplierLimitsQueryOptions(id));
  const columns: Column<LeadSupplierLimit>[] = [
    { key: 'brokerage', header: 'Brokerage', cell: (l) => l.brokerageName },
    {
      key: 'cap',
      header: 'Quarterly Cap',
      cell: (l) => (canEdit ? <CapEditor supplierId={id} limit={l} /> : capText(l.quarterlyCap)),
    },
    { key: 'intake', header: 'Leads This Quarter', cell: (l) => formatCount(l.quarterIngestedCount) },
    {
      key: 'left',
      header: 'Remaining',
      cell: (l) =>
        isNoCap(l.quarterlyCap) ? 'No cap' : formatCount(Math.max(0, l.quarterlyCap - l.quarterIngestedCount)),
    },
    { key: 'updated', header: 'Updated', cell: (l) => formatDate(l.updated) },
  ];
  return (
    <div className={styles.stack}>
      <p className={styles.meta}>
        Each brokerage’s quarterly cap on its dashboard is the sum of its suppliers’ limits (0 or 99999: no cap).
      </p>
      <DataTable
        label="Quarterly limits by brokerage"
        columns={columns}
        rows={query.data ?? []}
        rowKey={(l) => l.id}
        loading={query.isPending}
        empty={query.isError ? 'The limits could not be loaded.' : 'This supplier has no brokerage limits.'}
      />
      {canEdit && <AddLimit id={id} taken={(query.data ?? []).map((l) => l.brokerageId)} />}
    </div>
  );
}

function CapEditor({ supplierId, limit }: { supplierId: number; limit: LeadSupplierLimit }) {
  const [value, setValue] = useState(String(limit.quarterlyCap));
  const { form, errors, clear, formError: failure, check, refused } = useForm(['quarterlyCap']);
  const snackbar = useSnackbar();
  const save = useWrite(setSupplierLimitWrite(supplierId, limit.id), {
    onSuccess: () => {
      snackbar(`The ${limit.brokerageName} limit is saved.`);
    },
    onError: refused,
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (check({ quarterlyCap: ruleError(PatchLeadSupplierLimit.entries.quarterlyCap, numberOf(value)) }))
      save.mutate(Number(value));
  };
  return (
    <form ref={form} onSubmit={submit} noValidate aria-label={`Quarterly cap for ${limit.brokerageName}`}>
      {failure && (
        <p role="alert" className={styles.formError}>
          {failure}
        </p>
      )}
      <div className={styles.inlineForm}>
        <TextField
          label={`Cap for ${limit.brokerageName}`}
          name="quarterlyCap"
          value={value}
          keyFilter="digits"
          inputMode="numeric"
          maxLength={CAP_DIGITS}
          onChange={(e) => {
            clear('quarterlyCap');
            setValue(e.target.value);
          }}
          error={errors.quarterlyCap}
        />
        <Button type="submit" variant="secondary" disabled={save.isPending || value === String(limit.quarterlyCap)}>
          Save
        </Button>
      </div>
    </form>
  );
}

const LIMIT_KEYS = ['brokerageId', 'quarterlyCap'] as const;

function AddLimit({ id, taken }: { id: number; taken: number[] }) {
  const names = useQuery(brokerageNamesQueryOptions());
  const [brokerageId, setBrokerageId] = useState('');
  const [cap, setCap] = useState('');
  const { form, errors, clear, formError: failure, check, refused } = useForm(LIMIT_KEYS);
  const snackbar = useSnackbar();
  const add = useWrite(addSupplierLimitWrite(id), {
    onSuccess: () => {
      snackbar('Limit added.');
      setBrokerageId('');
      setCap('');
    },
    // A limit another admin added meanwhile is refused at the brokerage; a vanished brokerage above the form.
    onError: refused,
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = {
      brokerageId: ruleError(NewLeadSupplierLimit.entries.brokerageId, numberOf(brokerageId)),
      quarterlyCap: ruleError(NewLeadSupplierLimit.entries.quarterlyCap, numberOf(cap)),
    };
    if (check(found)) add.mutate({ brokerageId: Number(brokerageId), quarterlyCap: Number(cap) });
  };
  const options = (names.data ?? []).filter((b) => !taken.includes(b.id));
  return (
    <form ref={form} onSubmit={submit} noValidate aria-label="Add a brokerage limit">
      {failure && (
        <p role="alert" className={styles.formError}>
          {failure}
        </p>
      )}
      <div className={styles.inlineForm}>
        <SelectField
          label="Brokerage"
          name="brokerageId"
          value={brokerageId}
          onChange={(e) => {
            clear('brokerageId');
            setBrokerageId(e.target.value);
          }}
          error={errors.brokerageId}
        >
          <option value="">Choose a brokerage</option>
          {options.map((b) => (
            <option key={b.id} value={b.id}>
              {b.name}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Quarterly cap"
          name="quarterlyCap"
          value={cap}
          keyFilter="digits"
          inputMode="numeric"
          maxLength={CAP_DIGITS}
          onChange={(e) => {
            clear('quarterlyCap');
            setCap(e.target.value);
          }}
          error={errors.quarterlyCap}
        />
        <Button type="submit" disabled={add.isPending}>
          Add Limit
        </Button>
      </div>
    </form>
  );
}
