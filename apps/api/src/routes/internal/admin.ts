import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messages } from '@portal/shared/messages';
import { adminAnswerSchema } from '@portal/shared/schemas/ops-answers';
import { AdminError, runAdminCommand } from '../../admin/commands';
import { HttpError, forbidden } from '../../lib/http-error';
import { safeEqual } from '../../lib/tokens';
import { answers } from '../answers';
import { tagRoutes } from '../../plugins/openapi';

const loopback = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

const adminRequestSchema = z.object({
  command: z.string().max(64),
  args: z.array(z.string().max(500)).max(500),
  options: z.record(z.string(), z.union([z.string().max(2000), z.literal(true)])),
});

/**
 * `/internal/admin`: the staff command line's way in while an embedded server holds the database: loopback only, with the
 * admin token kept in DATA_DIR (which only the machine's operator can read).
 */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  tagRoutes(app, 'Staff');
  const { database, config, passwords } = app.services;

  app.post(
    '/internal/admin',
    {
      schema: {
        body: adminRequestSchema,
        response: answers(adminAnswerSchema),
        security: [{ adminToken: [] }],
      },
    },
    async (request) => {
      const token = request.headers['x-admin-token'];
      if (
        !loopback.has(request.socket.remoteAddress ?? '') ||
        typeof token !== 'string' ||
        !safeEqual(token, config.secrets.adminToken)
      ) {
        throw forbidden(messages.forbidden);
      }
      try {
        return {
          success: true as const,
          message: messages.adminCommandDone,
          output: await runAdminCommand(database.db, request.body, passwords, {
            publicUrl: config.publicUrl,
            sessionSecret: config.secrets.sessionSecret,
          }),
        };
      } catch (error) {
        if (error instanceof AdminError) throw new HttpError(400, error.message);
        throw error;
      }
    },
  );
};
