import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { signIn, startTestServer, type Caller, type TestServer } from '../setup/test-server.ts';

let server: TestServer;
let broker: Caller;
let other: Caller;
beforeAll(async () => {
  server = await startTestServer();
  [broker, other] = await Promise.all([signIn(server, 'broker@demo.test'), signIn(server, 'broker.basic@demo.test')]);
});
afterAll(async () => {
  await server.close();
});

const base = '/users-api/users/viewed-item-tracking/location/marketplace';

describe('viewed-item tracking', () => {
  it("records a viewed item once per user and lists only that user's rows", async () => {
    expect((await broker.get(`${base}?pageNumber=0&pageSize=10&viewed=true`)).body).toEqual({
      content: [],
      totalElements: 0,
    });
    for (let i = 0; i < 2; i++) {
      const res = await broker.put(`${base}/item/iris`, { item: 'iris', location: 'marketplace', viewed: true });
      expect(res.status).toBe(200);
    }
    expect((await broker.get(`${base}?viewed=true`)).body).toEqual({
      content: [{ item: 'iris', location: 'marketplace', viewed: true }],
      totalElements: 1,
    });
    expect((await other.get(`${base}?viewed=true`)).body.totalElements).toBe(0);
  });

  it('refuses unknown items and locations, and a body that disagrees with the path', async () => {
    expect(
      (await broker.put(`${base}/item/casino`, { item: 'casino', location: 'marketplace', viewed: true })).status,
    ).toBe(400);
    expect((await broker.get('/users-api/users/viewed-item-tracking/location/elsewhere')).status).toBe(400);
    expect(
      (await broker.put(`${base}/item/iris`, { item: 'rialto', location: 'marketplace', viewed: true })).status,
    ).toBe(400);
  });
});
