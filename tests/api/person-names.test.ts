import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { signIn, startTestServer, type Caller, type TestServer } from '../setup/test-server.ts';

// One name rule (docs/spec/DECISIONS.md, src/contract/person-name.ts) on every route that takes a person's name.

let server: TestServer;
let admin: Caller;
let broker: Caller;
let lender: Caller;

beforeAll(async () => {
  server = await startTestServer();
  admin = await signIn(server, 'admin@demo.test');
  broker = await signIn(server, 'broker@demo.test');
  lender = await signIn(server, 'lender@demo.test');
});
afterAll(async () => {
  await server.close();
});

const nameOf = async (table: 'users' | 'loan_officers', email: string) =>
  server.db.selectFrom(table).select(['first_name', 'last_name']).where('email', '=', email).executeTakeFirst();

describe('names with apostrophes, spaces, accents and periods', () => {
  it("keeps them as typed on Create User, the broker's admin invitation and a new loan officer", async () => {
    const first = 'D’Angelo';
    const last = "O'Brien-Núñez Jr.";
    const created = await admin.post('/users-api/users', {
      firstName: first,
      lastName: last,
      email: 'dangelo@example.test',
      roles: ['MANAGER'],
    });
    expect(created.status).toBe(201);
    expect(await nameOf('users', 'dangelo@example.test')).toEqual({ first_name: first, last_name: last });

    const invited = await broker.post('/users-api/invites', {
      firstName: 'Mary Ann',
      lastName: 'Zoe\u0301',
      email: 'maryann@example.test',
    });
    expect(invited.status).toBeLessThan(300);
    expect(await nameOf('users', 'maryann@example.test')).toEqual({ first_name: 'Mary Ann', last_name: 'Zoe\u0301' });

    const officer = await lender.post('/lenders-api/loan-officers', {
      firstName: 'Anne Marie',
      lastName: "D'Souza",
      email: 'annemarie@example.test',
      phone: '(555) 301-0099',
      nmls: '889977',
    });
    expect(officer.status).toBe(201);
    expect(await nameOf('loan_officers', 'annemarie@example.test')).toEqual({
      first_name: 'Anne Marie',
      last_name: "D'Souza",
    });
  });

  it('refuses digits, markup and over-long names with a 400 naming the field, and writes nothing', async () => {
    for (const [firstName, expected] of [
      ['R2D2', /letters/],
      ['<b>', /letters/],
      ['a'.repeat(255), /less than 255/],
    ] as const) {
      const res = await admin.post('/users-api/users', {
        firstName,
        lastName: 'Tester',
        email: 'refused@example.test',
        roles: ['MANAGER'],
      });
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toMatch(expected);
    }
    expect(await nameOf('users', 'refused@example.test')).toBeUndefined();
    const me = (await admin.get<{ id: number }>('/users-api/users/me')).body.id;
    expect((await admin.patch(`/users-api/users/${me}`, { firstName: 'Ad3' })).status).toBe(400);
  });
});

describe('the demo seed', () => {
  it('holds only names the name rule admits', async () => {
    const { personNameError } = await import('../../src/contract/person-name.ts');
    const rows = [
      ...(await server.db.selectFrom('users').select(['first_name', 'last_name']).execute()),
      ...(await server.db.selectFrom('agents').select(['first_name', 'last_name']).execute()),
      ...(await server.db.selectFrom('loan_officers').select(['first_name', 'last_name']).execute()),
    ];
    expect(rows.length).toBeGreaterThan(50);
    const bad = rows
      .flatMap((r) => [r.first_name, r.last_name])
      .filter((n): n is string => n !== null && personNameError('Name', n) !== undefined);
    expect(bad).toEqual([]);
  });
});
