import type { IncomingMessage } from 'node:http';
import { Server, type ServerOptions } from '@tus/server';

/** The request @tus/server hands its hooks. */
type TusRequest = Parameters<NonNullable<ServerOptions['onUploadCreate']>>[0];
import { VIDEO_UPLOADS_PATH } from '@portal/shared/constants/learning';
import { formatMessage, messages } from '@portal/shared/messages';
import { videoUploadedAnswerSchema } from '@portal/shared/schemas/staff-content';
import { actorOf, type StaffApp, type StaffRoutesPlugin } from '../../../plugins/staff-guard';
import type { Actor } from '../../audit/audit';
import { LocalVideoStorage, sniffVideoType } from '../../../storage/video-storage';
import { answers } from '../../../routes/answers';

const staffRoles = ['content'] as const;

const tusCreation =
  "tus creation (Tus-Resumable 1.0.0, Upload-Length, Upload-Metadata filename): 201 with the upload's Location; " +
  'over VIDEO_UPLOAD_MAX_BYTES 413. A creation that carries the whole file answers as the last PATCH.';
const tusPatch =
  'tus PATCH (application/offset+octet-stream at Upload-Offset): 204 with the new offset; the last one answers ' +
  '200 with the video once its content is checked, or 415 (not MP4/MOV/WebM, deleted); another staff ' +
  "member's upload 403; a wrong offset 409.";

/** A refusal in tus's form: the status and a body with the message the console shows (tus-js-client hands it over). */
const refusal = (status_code: number, message: string) => ({
  status_code,
  body: JSON.stringify({ success: false, message }),
});

/** What a tus hook throws to refuse: @tus/server answers its `status_code` and `body`. */
class TusRefusal extends Error {
  readonly status_code: number;
  readonly body: string;
  constructor(status: number, message: string) {
    super(message);
    ({ status_code: this.status_code, body: this.body } = refusal(status, message));
  }
}

/**
 * `/staffapi/content/uploads` (decision 0024): lecture videos through the tus resumable-upload protocol,
 * served by @tus/server into the video storage (a folder or S3 multipart). The staff guard runs on every tus
 * request (POST, HEAD, PATCH, DELETE) before tus sees it; an upload can be continued only by whoever began
 * it. When the last byte arrives, the file's first bytes must be an MP4/MOV or WebM header, or it is deleted
 * and the finishing PATCH answers 415; otherwise it becomes a `videos` row (audited `video.upload`) and the
 * answer carries it.
 */
export const contentUploadRoutes: StaffRoutesPlugin = async (app) => {
  /** The staff member behind each tus request, for the hooks (which see only the raw request). */
  const actors = new WeakMap<IncomingMessage, Actor>();
  const tus = tusServer(app, actors);
  sweepExpiredUploads(app, tus);

  // tus bodies are raw bytes that @tus/server reads itself: Fastify leaves the stream alone.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));

  tusRoutes(app, tus, actors);
};

/** The staff member the route handler recorded for a tus request, or a 401 refusal. */
function actorFor(actors: WeakMap<IncomingMessage, Actor>, req: TusRequest): Actor {
  const raw = req.runtime?.node?.req as IncomingMessage | undefined;
  const actor = raw && actors.get(raw);
  if (!actor) throw new TusRefusal(401, messages.staffSessionExpired);
  return actor;
}

/** The tus server: records who began an upload, checks a finished one's content and records it. */
function tusServer(app: StaffApp, actors: WeakMap<IncomingMessage, Actor>): Server {
  const { videos, config, outline } = app.services;
  return new Server({
    path: VIDEO_UPLOADS_PATH,
    datastore: videos.datastore,
    maxSize: config.videoUploadMaxBytes,
    relativeLocation: true,
    async onUploadCreate(req, upload) {
      const actor = actorFor(actors, req);
      // Who began it; the client's own metadata keeps only the file's name and type.
      return {
        metadata: {
          filename: (upload.metadata?.filename ?? 'video').slice(0, 255),
          uploader: actor.staffId ?? '',
        },
      };
    },
    async onUploadFinish(req, upload) {
      const actor = actorFor(actors, req);
      const type = sniffVideoType(await videos.head(upload.id, 16));
      if (!type) {
        await videos.remove(upload.id);
        throw new TusRefusal(415, messages.videoNotVideo);
      }
      const video = await outline.recordVideo(actor, upload, type);
      return {
        status_code: 200,
        headers: { 'content-type': 'application/json; charset=utf-8' },
        body: JSON.stringify({ success: true, message: messages.videoUploaded, data: video }),
      };
    },
    onResponseError(_req, error) {
      if ('status_code' in error && error.status_code === 413)
        return refusal(
          413,
          formatMessage(messages.videoTooLarge, {
            size: +(config.videoUploadMaxBytes / 1024 ** 3).toFixed(2),
          }),
        );
      return undefined;
    },
  });
}

/** Unfinished uploads in the folder expire after a day (the S3 store leaves them to the bucket's lifecycle). */
function sweepExpiredUploads(app: StaffApp, tus: Server): void {
  const { videos } = app.services;
  if (videos instanceof LocalVideoStorage) {
    const sweep = setInterval(() => {
      tus
        .cleanUpExpiredUploads()
        .catch((error: unknown) => app.log.warn({ err: error }, 'upload sweep failed'));
    }, 3_600_000).unref();
    app.addHook('onClose', () => clearInterval(sweep));
  }
}

/** The tus routes: the staff guard and the uploader check run, then tus answers (the reply is hijacked). */
function tusRoutes(app: StaffApp, tus: Server, actors: WeakMap<IncomingMessage, Actor>): void {
  const { videos } = app.services;
  // The schemas describe tus's answers for the published document.
  const routes = [
    { method: 'POST', url: VIDEO_UPLOADS_PATH, description: tusCreation },
    {
      method: 'HEAD',
      url: `${VIDEO_UPLOADS_PATH}/:id`,
      description: 'tus: the upload offset (Upload-Offset)',
    },
    { method: 'PATCH', url: `${VIDEO_UPLOADS_PATH}/:id`, description: tusPatch },
    {
      method: 'DELETE',
      url: `${VIDEO_UPLOADS_PATH}/:id`,
      description: 'tus termination: 204, the partial upload deleted',
    },
  ] as const;
  for (const { method, url, description } of routes)
    app.route({
      method,
      url,
      config: { staffRoles },
      schema: {
        description,
        // Fastify's own HEAD of a GET is never described; this one is tus's, and described with PATCH.
        ...(method === 'HEAD' ? { hide: true } : { response: answers(videoUploadedAnswerSchema) }),
      },
      async handler(request, reply) {
        const actor = actorOf(request);
        const id = (request.params as { id?: string }).id;
        if (id) {
          // Only whoever began an upload may continue, inspect or end it (an admin may end any).
          const upload = await videos.datastore.getUpload(id).catch(() => undefined);
          const uploader = upload?.metadata?.uploader;
          if (upload && uploader !== actor.staffId && !(method === 'DELETE' && actor.role === 'admin'))
            return reply.code(403).send({ success: false, message: messages.videoUploadNotYours });
        }
        actors.set(request.raw, actor);
        reply.hijack();
        await tus.handle(request.raw, reply.raw);
      },
    });
}
