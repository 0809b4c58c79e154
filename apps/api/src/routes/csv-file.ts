import type { FastifyReply } from 'fastify';
import type { Readable } from 'node:stream';

/**
 * Answers a CSV export as a download named `<stem>-<today>.csv`, never cached. The stream is sent as it is,
 * the route's JSON answer schema serialises only its paged answer.
 */
export function sendCsvFile(reply: FastifyReply, stem: string, csv: Readable) {
  const day = new Date().toISOString().slice(0, 10);
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${stem}-${day}.csv"`)
    .header('cache-control', 'no-store')
    .send(csv);
}
