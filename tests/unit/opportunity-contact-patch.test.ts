import * as v from 'valibot';
import { describe, expect, it } from 'vitest';

import { OpportunityPatch, type Opportunity } from '../../src/contract/interviews.ts';
import { contactPatchOf } from '../../src/features/opportunities/edit-contact-dialog.tsx';

// Edit Contact sends only what changed, in the form the server's schema checks.

const opp = {
  contact: { nameFirst: 'Ann', nameLast: 'Lee', phoneNumber: '+12075550100', emailAddress: 'ann@mail.example' },
} as Opportunity;
const none = { contact: { nameFirst: null, nameLast: null, phoneNumber: null, emailAddress: null } } as Opportunity;
const form = { nameFirst: 'Ann', nameLast: 'Lee', phoneNumber: '(207) 555-0100', emailAddress: 'ann@mail.example' };

describe('the Edit Contact body', () => {
  it.each([
    ['nothing changed, the phone shown formatted', opp, form, {}],
    ['a name with spaces around it is unchanged', opp, { ...form, nameFirst: ' Ann ' }, {}],
    ['the email in capitals is unchanged', opp, { ...form, emailAddress: 'ANN@mail.example' }, {}],
    ['a new phone, as typed', opp, { ...form, phoneNumber: '207.555.0199' }, { phoneNumber: '207.555.0199' }],
    [
      'a cleared phone and email are removed',
      opp,
      { ...form, phoneNumber: '', emailAddress: ' ' },
      { phoneNumber: null, emailAddress: null },
    ],
    ['a cleared name is sent, for the schema to refuse', opp, { ...form, nameLast: '' }, { nameLast: '' }],
    [
      'empty fields of a contact without them are unchanged',
      none,
      { nameFirst: '', nameLast: '', phoneNumber: '', emailAddress: '' },
      {},
    ],
  ] as const)('%s', (_, o, f, expected) => {
    expect(contactPatchOf(o, f)).toEqual(expected);
  });

  it('is checked by the server’s schema: a good change passes, a bad one names its field', () => {
    expect(v.parse(OpportunityPatch, contactPatchOf(opp, { ...form, phoneNumber: '207.555.0199' }))).toEqual({
      phoneNumber: '+12075550199',
    });
    const bad = v.safeParse(OpportunityPatch, contactPatchOf(opp, { ...form, nameLast: '', emailAddress: 'nope' }));
    // Each field's first issue is its message (the form and the server's answer show that one).
    const first = new Map<unknown, string>();
    for (const i of bad.issues ?? []) if (!first.has(v.getDotPath(i))) first.set(v.getDotPath(i), i.message);
    expect([...first]).toEqual([
      ['nameLast', 'Name is required'],
      ['emailAddress', 'Invalid e-mail.'],
    ]);
  });
});
