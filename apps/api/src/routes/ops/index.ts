import type { FastifyPluginAsync } from 'fastify';
import { listRecentMail } from '../../db/repositories/mail-outbox';

/** Health for the load balancer and, in embedded mode, the dev mailbox. */
export const opsRoutes: FastifyPluginAsync<{ devMailbox: boolean }> = async (app, { devMailbox }) => {
  const { database } = app.services;

  app.get('/healthz', { logLevel: 'warn' }, () => ({ status: 'ok' }));

  app.get('/readyz', { logLevel: 'warn' }, async (_request, reply) => {
    try {
      await database.ping();
      return { status: 'ready' };
    } catch {
      return reply.code(503).send({ status: 'unavailable' });
    }
  });

  if (!devMailbox) return;

  app.get('/dev/mailbox', async (request, reply) => {
    const mails = await listRecentMail(database.db, 50);
    const wantsJson = (request.query as { format?: string }).format === 'json';
    if (wantsJson) return { success: true, data: mails };
    const articles = mails
      .map(
        (mail) => `<article>
<h2>${escapeHtml(mail.subject)}</h2>
<p>To: ${escapeHtml(mail.recipient)} &middot; ${mail.createdAt.toISOString()}</p>
${mail.htmlBody}
</article><hr>`,
      )
      .join('\n');
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Dev mailbox</title></head><body><h1>Dev mailbox</h1><p>E-mails the portal would have sent, newest first (embedded mode only).</p>${articles || '<p>No e-mails yet.</p>'}</body></html>`,
      );
  });
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
