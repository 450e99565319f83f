import { waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';

import { SmsRequest } from '../../src/contract/bulk-sms.ts';
import { ContentItemPatch } from '../../src/contract/content-items.ts';
import {
  BulkLeadSupplierZips,
  NewLeadSupplierLimit,
  PatchLeadSupplierLimit,
} from '../../src/contract/lead-suppliers.ts';
import { QA_CRITERIA, QaReviewRequest } from '../../src/contract/qa-review.ts';
import { checkFormCase, type App, type FormCase } from '../setup/form-cases.ts';
import { renderApp, testServer } from '../setup/render-app.tsx';
import { signIn } from '../setup/test-server.ts';

// Forms from the contract, the staff's admin forms: the content editor, a supplier's ZIPs
// and caps, the Bulk SMS composer and the QA scorecard. A value the contract refuses shows its
// message beside its field, focused, gone as the field changes, each input limited to the schema's
// length; what only the server knows (a ZIP already covered, a limit added meanwhile, an audience
// gone, recipients opted out since the pre-flight, a call gone) shows at its field or above the form
// in words.

const SLOW = { timeout: 60_000 };
const db = async () => (await testServer()).db;

/** The first content item of the seed (an email template when there is one, so Subject shows too). */
async function contentItemUrl(): Promise<string> {
  const item = await (
    await db()
  )
    .selectFrom('content_items as i')
    .innerJoin('content_usages as u', 'u.id', 'i.usage_id')
    .select('i.id')
    .orderBy((eb) => eb.case().when('u.usage_type', '=', 'EMAIL_TEMPLATE').then(0).else(1).end())
    .orderBy('i.id')
    .executeTakeFirstOrThrow();
  return `/console/content-search/view/${item.id}`;
}

/** The editor's card (the page also holds the history and its version pickers). */
const editCard = async ({ screen }: App) => screen.findByRole('region', { name: 'Edit (saves a new version)' }, SLOW);

/** A supplier of the seed with at least one brokerage limit, and that limit's brokerage. */
async function supplierWithLimit(): Promise<{ supplierId: number; brokerage: string }> {
  const row = await (
    await db()
  )
    .selectFrom('lead_supplier_limits as l')
    .innerJoin('brokerages as b', 'b.id', 'l.brokerage_id')
    .select(['l.supplier_id', 'b.name'])
    .orderBy('l.id')
    .executeTakeFirstOrThrow();
  return { supplierId: row.supplier_id, brokerage: row.name };
}
const supplierUrl = (id: number) => `/console/supplier-management/view/${id}`;

/** The supplier's Limits tab. */
const limitsTab = async ({ screen, user }: App) => {
  await user.click(await screen.findByRole('tab', { name: 'Limits' }, SLOW));
  return screen.findByRole('tabpanel', { name: 'Limits' });
};

/** A call awaiting review and its review page. */
async function awaitingCall(): Promise<{ interactionId: number; url: string }> {
  const call = await (
    await db()
  )
    .selectFrom('qa_reviews')
    .select(['interaction_id', 'opportunity_id'])
    .where('status', '=', 'AWAITING')
    .orderBy('interaction_id', 'desc')
    .executeTakeFirstOrThrow();
  return {
    interactionId: call.interaction_id,
    url: `/console/qa-review/opportunity/${call.opportunity_id}?call=${call.interaction_id}`,
  };
}

/** Every criterion passed but the needs discovery, which fails (so a comment is required). */
async function scoreAllButNeeds({ user }: App, form: HTMLElement) {
  for (const c of QA_CRITERIA)
    await user.click(
      within(within(form).getByRole('group', { name: c.label })).getByLabelText(c.key === 'needs' ? 'Fail' : 'Pass'),
    );
}

/** An audience of no content item, made before any page loads its audiences, and deleted by one test. */
let spareAudience = 0;
beforeAll(async () => {
  spareAudience = (
    await (
      await db()
    )
      .insertInto('content_audiences')
      .values({ name: 'A forms contract audience', product: null, lead_type: null, client_type: null, state: 'VT' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
});

let callUnderTest: { interactionId: number; url: string } | undefined;

const CASES: FormCase[] = [
  {
    form: 'Edit Content',
    url: contentItemUrl,
    as: 'admin@demo.test',
    open: editCard,
    field: 'Name',
    bad: ' ',
    message: 'A name is required',
    submit: 'Save',
    schema: ContentItemPatch,
    digits: ['priority'],
  },
  {
    form: 'Edit Content (priority)',
    url: contentItemUrl,
    as: 'admin@demo.test',
    open: editCard,
    field: 'Priority',
    bad: '1001',
    message: /^Priority must be a whole number from 0 to 1000/,
    submit: 'Save',
    change: async ({ user }, field) => {
      await user.type(field, '{Backspace}');
    }, // the field is full: four digits
  },
  {
    form: 'Add one ZIP',
    url: async () => supplierUrl((await supplierWithLimit()).supplierId),
    as: 'admin@demo.test',
    open: async ({ screen }) => screen.findByRole('form', { name: 'Add one ZIP' }, SLOW),
    // The ZIP's length is the one ZIP_LENGTH of every ZIP field (the contract's rule is a pattern).
    field: 'ZIP',
    bad: '3030',
    message: 'ZIP must be exactly 5 digits',
    submit: 'Add ZIP',
  },
  {
    form: 'Add ZIP codes in bulk',
    url: async () => supplierUrl((await supplierWithLimit()).supplierId),
    as: 'admin@demo.test',
    open: async ({ screen }) => screen.findByRole('form', { name: 'Add ZIP codes in bulk' }, SLOW),
    field: 'Paste ZIP codes (one per line)',
    bad: ' , ',
    message: 'Paste at least one ZIP',
    submit: 'Add ZIP Codes',
    schema: BulkLeadSupplierZips,
  },
  {
    form: 'Quarterly cap',
    url: async () => supplierUrl((await supplierWithLimit()).supplierId),
    as: 'admin@demo.test',
    open: async (app) => {
      await limitsTab(app);
      return app.screen.findByRole(
        'form',
        { name: `Quarterly cap for ${(await supplierWithLimit()).brokerage}` },
        SLOW,
      );
    },
    field: /^Cap for /,
    bad: '',
    message: 'Enter a whole number from 0 to 99999',
    submit: 'Save',
    schema: PatchLeadSupplierLimit,
    digits: ['quarterlyCap'],
  },
  {
    form: 'Add a brokerage limit',
    url: async () => supplierUrl((await supplierWithLimit()).supplierId),
    as: 'admin@demo.test',
    open: async (app) => {
      await limitsTab(app);
      return app.screen.findByRole('form', { name: 'Add a brokerage limit' }, SLOW);
    },
    before: async ({ user }, form) => {
      const brokerage = within(form).getByRole('combobox', { name: 'Brokerage' });
      await waitFor(() => expect(within(brokerage).getAllByRole('option').length).toBeGreaterThan(1), SLOW);
      await user.selectOptions(brokerage, within(brokerage).getAllByRole('option')[1]!);
    },
    field: 'Quarterly cap',
    bad: '',
    message: 'Enter a whole number from 0 to 99999',
    submit: 'Add Limit',
    schema: NewLeadSupplierLimit,
    digits: ['quarterlyCap'],
  },
  {
    form: 'Bulk SMS Send',
    url: '/console/bulk-sms-send',
    as: 'admin@demo.test',
    open: async ({ screen }) => screen.findByRole('form', { name: 'Recipients and message' }, SLOW),
    field: 'Message',
    bad: '   ',
    message: 'Message is required',
    submit: 'Run Pre-flight',
    schema: SmsRequest,
  },
  {
    form: 'QA scorecard',
    url: async () => (callUnderTest = await awaitingCall()).url,
    as: 'qa@demo.test',
    open: async ({ screen }) =>
      screen.findByRole('form', { name: `Scorecard of the call ${callUnderTest!.interactionId}` }, SLOW),
    before: scoreAllButNeeds,
    field: 'Comment',
    bad: '   ',
    message: 'Say what went wrong: a comment is required when a criterion fails',
    submit: 'Save Scorecard',
    schema: QaReviewRequest,
  },
];

describe('forms from the contract: content, suppliers, bulk SMS and QA', () => {
  it.each(CASES)(
    "$form: the refused value's message is beside its field, focused, and gone as the field changes",
    checkFormCase,
    120_000,
  );
});

describe('what only the server knows shows at its field, in words', () => {
  it('a ZIP the supplier already covers is refused beside the ZIP', async () => {
    const { supplierId } = await supplierWithLimit();
    const covered = await (
      await db()
    )
      .selectFrom('lead_supplier_zip_codes')
      .select('zip')
      .where('supplier_id', '=', supplierId)
      .orderBy('zip')
      .executeTakeFirstOrThrow();
    const { screen, user } = await renderApp(supplierUrl(supplierId), { as: 'admin@demo.test' });
    const form = await screen.findByRole('form', { name: 'Add one ZIP' }, SLOW);
    const zip = within(form).getByLabelText('ZIP');
    await user.type(zip, covered.zip);
    await user.click(within(form).getByRole('button', { name: 'Add ZIP' }));
    await waitFor(() => expect(zip).toHaveAccessibleDescription('Already covered by this supplier'), SLOW);
    await waitFor(() => expect(zip).toHaveFocus());
    expect(form).not.toHaveTextContent('is not valid');
  }, 120_000);

  it('a limit another admin added meanwhile is refused beside the brokerage', async () => {
    const server = await testServer();
    const app = await renderApp(supplierUrl((await supplierWithLimit()).supplierId), { as: 'admin@demo.test' });
    const form = await (async () => {
      await limitsTab(app);
      return app.screen.findByRole('form', { name: 'Add a brokerage limit' }, SLOW);
    })();
    const brokerage = within(form).getByRole('combobox', { name: 'Brokerage' });
    await waitFor(() => expect(within(brokerage).getAllByRole('option').length).toBeGreaterThan(2), SLOW);
    const option = within(brokerage).getAllByRole('option')[2] as HTMLOptionElement;
    const { supplierId } = await supplierWithLimit();
    const added = await (
      await signIn(server, 'admin@demo.test')
    ).post('/leads-api/lead-supplier-limit', { supplierId, brokerageId: Number(option.value), quarterlyCap: 10 });
    expect(added.status).toBe(201);

    await app.user.selectOptions(brokerage, option);
    await app.user.type(within(form).getByLabelText('Quarterly cap'), '25');
    await app.user.click(within(form).getByRole('button', { name: 'Add Limit' }));
    await waitFor(() => expect(brokerage).toHaveAccessibleDescription('Already has a limit: change it instead'), SLOW);
    await waitFor(() => expect(brokerage).toHaveFocus());
    await app.user.selectOptions(brokerage, within(brokerage).getAllByRole('option')[0]!);
    expect(brokerage).not.toHaveAttribute('aria-invalid');
  }, 120_000);

  it('an audience deleted since the page opened is refused beside the audience', async () => {
    const server = await testServer();
    const audience = { id: spareAudience };
    const { screen, user } = await renderApp(await contentItemUrl(), { as: 'admin@demo.test' });
    const select = await screen.findByRole('combobox', { name: 'Audience' }, SLOW);
    await waitFor(() => expect(select.querySelector(`option[value="${audience.id}"]`)).not.toBeNull(), SLOW);
    await server.db.deleteFrom('content_audiences').where('id', '=', audience.id).execute();

    await user.selectOptions(select, String(audience.id));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(
      () => expect(select).toHaveAccessibleDescription('This audience no longer exists: choose another'),
      SLOW,
    );
    await waitFor(() => expect(select).toHaveFocus());
    expect(select.closest('form')).not.toHaveTextContent('is not valid');
  }, 120_000);

  it('an unchanged version is refused above the form, in words', async () => {
    const { screen, user } = await renderApp(await contentItemUrl(), { as: 'admin@demo.test' });
    await user.click(await screen.findByRole('button', { name: 'Save' }, SLOW));
    const form = screen.getByRole('button', { name: 'Save' }).closest('form')!;
    expect(await within(form).findByRole('alert')).toHaveTextContent('Nothing to save: the version is unchanged');
    expect(form.querySelector('[aria-invalid="true"]')).toBeNull();
  }, 120_000);

  it('recipients opted out since the pre-flight are refused beside the send button', async () => {
    const server = await testServer();
    server.setNow(new Date('2026-11-24T18:00:00Z')); // noon in Chicago: inside the sending window
    try {
      const { screen, user } = await renderApp('/console/bulk-sms-send', { as: 'admin@demo.test' });
      await user.type(await screen.findByLabelText('Phone numbers (one per line)', {}, SLOW), '(312) 555-0142');
      await user.type(
        screen.getByLabelText('Message', { selector: 'textarea' }),
        'Porchlight: a new listing near you. Reply STOP to opt out.',
      );
      await user.click(screen.getByRole('button', { name: 'Run Pre-flight' }));
      const send = await screen.findByRole('button', { name: 'Send to 1 recipients (1 parts)' }, SLOW);
      const dnc = await (
        await signIn(server, 'csr@demo.test')
      ).post('/interviews-api/DNC', { type: 'PHONE', value: '+13125550142' });
      expect(dnc.status).toBe(201);

      await user.click(send);
      expect(await screen.findByText('No recipient can be texted now', {}, SLOW)).toHaveAttribute('role', 'alert');
      expect(screen.queryByText(/not valid|Unexpected answer/)).toBeNull();
    } finally {
      server.setNow(new Date());
    }
  }, 120_000);

  it('a call gone since the page opened is refused above the scorecard, in words', async () => {
    const server = await testServer();
    const call = await awaitingCall();
    const app = await renderApp(call.url, { as: 'qa@demo.test' });
    const form = await app.screen.findByRole('form', { name: `Scorecard of the call ${call.interactionId}` }, SLOW);
    for (const c of QA_CRITERIA)
      await app.user.click(within(within(form).getByRole('group', { name: c.label })).getByLabelText('Pass'));
    await server.db.deleteFrom('qa_reviews').where('interaction_id', '=', call.interactionId).execute();

    await app.user.click(within(form).getByRole('button', { name: 'Save Scorecard' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('No such recorded call');
    expect(form.querySelector('[aria-invalid="true"]')).toBeNull();
  }, 120_000);

  it('a criterion left unchosen reads "Choose pass or fail." beside it, and the first one takes focus', async () => {
    const call = await awaitingCall();
    const app = await renderApp(call.url, { as: 'qa@demo.test' });
    const form = await app.screen.findByRole('form', { name: `Scorecard of the call ${call.interactionId}` }, SLOW);
    await app.user.click(
      within(within(form).getByRole('group', { name: QA_CRITERIA[0].label })).getByLabelText('Pass'),
    );
    await app.user.click(within(form).getByRole('button', { name: 'Save Scorecard' }));
    const second = within(form).getByRole('group', { name: QA_CRITERIA[1].label });
    await waitFor(() => expect(second).toHaveAccessibleDescription('Choose pass or fail.'));
    expect(within(form).getByRole('group', { name: QA_CRITERIA[0].label })).not.toHaveAccessibleDescription(
      'Choose pass or fail.',
    );
    await waitFor(() => expect(within(second).getByLabelText('Pass')).toHaveFocus());
    await app.user.click(within(second).getByLabelText('Fail'));
    expect(second).not.toHaveAccessibleDescription('Choose pass or fail.');
  }, 120_000);
});
