import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { signIn, startTestServer, type Caller, type TestServer } from '../setup/test-server.ts';

let server: TestServer;
let admin: Caller;
beforeAll(async () => {
  server = await startTestServer();
  admin = await signIn(server, 'admin@demo.test');
});
afterAll(async () => {
  await server.close();
});

/** Parses RFC 4180 CSV (quoted cells, doubled quotes, CRLF); text() has already dropped the byte-order mark. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  return rows;
}

const exportOf = async (caller: Caller, path: string) => {
  const res = await caller.get<string>(path);
  expect(res.status).toBe(200);
  expect(res.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
  expect(res.headers.get('Content-Disposition')).toMatch(/^attachment; filename="[a-z-]+-\d{4}-\d{2}-\d{2}\.csv"$/);
  return parseCsv(res.body);
};
const lastAudit = () =>
  server.db.selectFrom('audit_log').selectAll().where('action', '=', 'EXPORT').orderBy('id', 'desc').executeTakeFirst();

describe('CSV exports', () => {
  it('exports the whole filtered DNC list, newest first, and records it in the audit log', async () => {
    const rows = await exportOf(admin, '/interviews-api/DNC/export.csv?blocked=true');
    const total = (await admin.get('/interviews-api/DNC/search?blocked=true')).body.totalElements;
    expect(rows[0]).toEqual([
      'Id',
      'Type',
      'Phone/Email',
      'Owner Type',
      'Channel',
      'Disposition',
      'Inbound Blocked',
      'Date Received',
    ]);
    expect(rows).toHaveLength(total + 1);
    expect(rows.slice(1).every((r) => r[6] === 'true')).toBe(true);
    // Named as the list names them (one label table): Phone, Web Form, the brand; never PHONE or WEB_FORM.
    expect(new Set(rows.slice(1).map((r) => r[1]))).toEqual(new Set(['Phone', 'Email']));
    expect(rows.slice(1).filter((r) => /^[A-Z_]+$/.test(r[4]!) && r[4] !== 'SMS')).toEqual([]);
    const ids = rows.slice(1).map((r) => Number(r[0]));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const audit = await lastAudit();
    expect(audit).toMatchObject({ detail: `dnc-list blocked=true rows=${total}`, as_user_id: null });
  });

  it('streams more than one batch of opportunities without losing or repeating a row', async () => {
    const rows = await exportOf(admin, '/interviews-api/opportunities/export.csv');
    expect(rows.length - 1).toBe(1500);
    expect(new Set(rows.slice(1).map((r) => r[0])).size).toBe(1500);
    const closed = await exportOf(admin, '/interviews-api/opportunities/export.csv?status=CLOSED');
    const listed = (await admin.get('/interviews-api/opportunities?status=CLOSED')).body.totalElements;
    expect(closed.length - 1).toBe(listed);
    expect(closed.slice(1).every((r) => r[2] === 'Closed')).toBe(true);
    // Exports name values as the screens do (one label table, src/contract/labels.ts).
  });

  it('exports brokerages and agents with the list filters', async () => {
    const brokerages = await exportOf(admin, '/agents-api/brokerages/export.csv?productFamily=PORCHLIGHT');
    expect(brokerages.slice(1).map((r) => r[1])).toEqual(['Maple & Main Homes', 'Cedar Ridge Properties']);
    const agents = await exportOf(admin, '/agents-api/agents/export.csv?status=PAUSED');
    const paused = await server.db.selectFrom('agents').select('id').where('status', '=', 'PAUSED').execute();
    expect(agents.length - 1).toBe(paused.length);
    // The score reads as every screen shows it (formatScore: 93.49%), never as the stored fraction.
    const scores = await server.db
      .selectFrom('agents')
      .select(['id', 'display_score'])
      .where('status', '=', 'PAUSED')
      .execute();
    const shown = new Map(agents.slice(1).map((r) => [Number(r[0]), r[7]]));
    for (const a of scores)
      expect(shown.get(a.id)).toBe(a.display_score === null ? '-' : `${(Number(a.display_score) * 100).toFixed(2)}%`);
    expect((await lastAudit())?.detail).toBe(`agents status=PAUSED rows=${paused.length}`);
  });

  it('neutralises cells that a spreadsheet would run as a formula, and keeps phone numbers as they are', async () => {
    await admin.post('/interviews-api/DNC', {
      type: 'EMAIL',
      value: '=HYPERLINK(x)@evil.example',
      disposition: '@SUM(1,2)',
      channel: '-2+3',
    });
    const rows = await exportOf(admin, '/interviews-api/DNC/export.csv?value=evil.example');
    expect(rows[1]!.slice(1, 6)).toEqual(['Email', "'=hyperlink(x)@evil.example", 'Porchlight', "'-2+3", "'@SUM(1,2)"]);
    const phones = await exportOf(admin, '/interviews-api/DNC/export.csv?value=%2B15555550100');
    expect(phones[1]![2]).toBe('+15555550100');
  });

  it('starts the file with a UTF-8 byte-order mark so spreadsheets read names like Zoë right', async () => {
    const res = await server.app.request('/agents-api/brokerages/export.csv', {
      headers: { Authorization: `Bearer ${admin.token}` },
    });
    expect([...new Uint8Array(await res.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it('refuses roles the list refuses, without an audit row', async () => {
    const before = await lastAudit();
    const csr = await signIn(server, 'csr@demo.test');
    expect((await csr.get('/agents-api/brokerages/export.csv')).status).toBe(403);
    expect((await lastAudit())?.id).toBe(before?.id);
  });

  it('refuses exports to a brokerage admin being impersonated, whose role has none', async () => {
    const broker = await server.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'broker@demo.test')
      .executeTakeFirstOrThrow();
    const engagement = await signIn(server, 'engagement@demo.test');
    const res = await engagement.get('/interviews-api/DNC/export.csv', { 'X-Impersonated-User-Id': String(broker.id) });
    expect(res.status).toBe(403);
  });
});
