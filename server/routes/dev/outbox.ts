import { sql } from 'kysely';
import * as v from 'valibot';

import type { OutboxPage } from '../../../src/contract/dev.ts';
import { escapeHtml, htmlPage, linkify } from '../../auth/html.ts';
import { route, type RouteDef } from '../../http/route.ts';
import { Paging, query } from '../../http/validate.ts';

const OutboxQuery = v.object({ ...Paging, pageSize: v.optional(Paging.pageSize.wrapped, '100') });

function renderHtml(page: OutboxPage): string {
  const items = page.content
    .map(
      (m) => `
<article>
<p class="meta">${escapeHtml(m.channel)} · to <strong>${escapeHtml(m.recipient)}</strong> · ${escapeHtml(m.createdAt)}</p>
${m.subject !== null ? `<h2>${escapeHtml(m.subject)}</h2>` : ''}
<pre>${linkify(m.body)}</pre>
</article>`,
    )
    .join('\n<hr>');
  return htmlPage(
    'Outbox',
    `
<h1>Outbox</h1>
<p class="meta">Every email and SMS the platform sent, newest first (${page.totalElements} in all). Demo mode only.</p>
${items || '<p>Nothing has been sent yet.</p>'}`,
    true,
  );
}

export const outboxRoutes: RouteDef[] = [
  route({
    // A development mail catcher: it shows sign-in codes and reset links, so it exists only in demo mode.
    method: 'GET',
    path: '/dev/outbox',
    policy: 'public',
    demoOnly: true,
    handler: async (c) => {
      const { pageIndex, pageSize } = query(c, OutboxQuery);
      const db = c.get('db');
      const rows = await db
        .selectFrom('outbox')
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(pageSize)
        .offset(pageIndex * pageSize)
        .execute();
      const total = await db
        .selectFrom('outbox')
        .select(sql<number>`count(*)::int`.as('n'))
        .executeTakeFirstOrThrow();
      const page: OutboxPage = {
        content: rows.map((r) => ({
          id: r.id,
          channel: r.channel,
          recipient: r.recipient,
          subject: r.subject,
          body: r.body,
          createdAt: r.created_at.toISOString(),
        })),
        totalElements: total.n,
      };
      c.header('Vary', 'Accept');
      // It shows sign-in codes and reset links: never kept by a browser or a proxy.
      c.header('Cache-Control', 'no-store');
      if ((c.req.header('Accept') ?? '').includes('application/json')) return c.json(page satisfies OutboxPage);
      return c.html(renderHtml(page));
    },
  }),
];
