import { STAFF_CSV_MAX_BYTES } from '@portal/shared/constants/staff';
import { messages } from '@portal/shared/messages';
import { idParamsSchema } from '@portal/shared/schemas/staff';
import {
  batchCoursesSchema,
  batchCreateSchema,
  batchUpdateSchema,
  branchAnswerSchema,
  branchInputSchema,
  branchesAnswerSchema,
  catalogueBatchAnswerSchema,
  catalogueBatchesAnswerSchema,
  catalogueConflictSchema,
  catalogueExportSchema,
  catalogueImportAnswerSchema,
  catalogueImportRequestSchema,
  catalogueOkAnswerSchema,
  courseAnswerSchema,
  courseCreateSchema,
  courseUpdateSchema,
  coursesAnswerSchema,
  onlineFeeKeySchema,
  onlineFeeSetSchema,
  onlineFeesAnswerSchema,
  onlineFeesQuerySchema,
  timeSlotAnswerSchema,
  timeSlotInputSchema,
  timeSlotsAnswerSchema,
  timeSlotsQuerySchema,
} from '@portal/shared/schemas/staff-catalogue';
import { tagRoutes } from '../../plugins/openapi';
import { actorOf, type StaffApp, type StaffRoutesPlugin } from '../../plugins/staff-guard';
import { exportCatalogue, importFromConsole } from '../../services/catalogue-file';
import * as catalogue from '../../services/staff-catalogue';
import { answers } from '../answers';

const staffRoles = ['content'] as const;
const config = { staffRoles };
const ok = (message: string) => ({ success: true as const, message });
/** Answers whose refusals carry what they refer to (the seats booked, or each refusal of a file). */
const withConflict = <T extends Parameters<typeof answers>[0]>(success: T) => ({
  ...answers(success),
  '4xx': catalogueConflictSchema,
});

/** `/staffapi/catalogue/*` (docs/api.md "Catalogue"); rules in services/staff-catalogue.ts. */
export const catalogueRoutes: StaffRoutesPlugin = async (app) => {
  tagRoutes(app, 'Catalogue');
  courseRoutes(app);
  batchRoutes(app);
  timeSlotRoutes(app);
  onlineFeeRoutes(app);
  paymentBranchRoutes(app);
  catalogueFileRoutes(app);
};

function courseRoutes(app: StaffApp): void {
  const { db } = app.services.database;
  app.get(
    '/staffapi/catalogue/courses',
    { config, schema: { response: answers(coursesAnswerSchema) } },
    async () => ({
      success: true as const,
      data: await catalogue.courses(db),
    }),
  );
  app.post(
    '/staffapi/catalogue/courses',
    { config, schema: { body: courseCreateSchema, response: answers(courseAnswerSchema) } },
    async (request) => ({
      ...ok(messages.catalogueCourseSaved),
      data: await catalogue.createCourse(db, actorOf(request), request.body),
    }),
  );
  app.post(
    '/staffapi/catalogue/courses/:id',
    {
      config,
      schema: { params: idParamsSchema, body: courseUpdateSchema, response: answers(courseAnswerSchema) },
    },
    async (request) => ({
      ...ok(messages.catalogueCourseSaved),
      data: await catalogue.editCourse(db, actorOf(request), request.params.id, request.body),
    }),
  );
}

function batchRoutes(app: StaffApp): void {
  const { db } = app.services.database;
  app.get(
    '/staffapi/catalogue/batches',
    { config, schema: { response: answers(catalogueBatchesAnswerSchema) } },
    async () => ({ success: true as const, data: await catalogue.batchList(db) }),
  );
  app.post(
    '/staffapi/catalogue/batches',
    { config, schema: { body: batchCreateSchema, response: answers(catalogueBatchAnswerSchema) } },
    async (request) => ({
      ...ok(messages.catalogueBatchSaved),
      data: await catalogue.createBatch(db, actorOf(request), request.body),
    }),
  );
  app.post(
    '/staffapi/catalogue/batches/:id',
    {
      config,
      schema: {
        params: idParamsSchema,
        body: batchUpdateSchema,
        response: answers(catalogueBatchAnswerSchema),
      },
    },
    async (request) => ({
      ...ok(messages.catalogueBatchSaved),
      data: await catalogue.editBatch(db, actorOf(request), request.params.id, request.body),
    }),
  );
  app.post(
    '/staffapi/catalogue/batches/:id/courses',
    {
      config,
      schema: {
        params: idParamsSchema,
        body: batchCoursesSchema,
        response: answers(catalogueBatchAnswerSchema),
      },
    },
    async (request) => ({
      ...ok(messages.catalogueBatchSaved),
      data: await catalogue.setBatchCourses(db, actorOf(request), request.params.id, request.body),
    }),
  );
  app.post(
    '/staffapi/catalogue/batches/:id/delete',
    { config, schema: { params: idParamsSchema, response: answers(catalogueOkAnswerSchema) } },
    async (request) => {
      await catalogue.deleteBatch(db, actorOf(request), request.params.id);
      return ok(messages.catalogueBatchDeleted);
    },
  );
}

function timeSlotRoutes(app: StaffApp): void {
  const { db } = app.services.database;
  app.get(
    '/staffapi/catalogue/time-slots',
    { config, schema: { querystring: timeSlotsQuerySchema, response: answers(timeSlotsAnswerSchema) } },
    async (request) => ({ success: true as const, data: await catalogue.slots(db, request.query) }),
  );
  app.post(
    '/staffapi/catalogue/time-slots',
    { config, schema: { body: timeSlotInputSchema, response: answers(timeSlotAnswerSchema) } },
    async (request) => ({
      ...ok(messages.catalogueSlotSaved),
      data: await catalogue.createSlot(db, actorOf(request), request.body),
    }),
  );
  app.post(
    '/staffapi/catalogue/time-slots/:id',
    {
      config,
      schema: {
        params: idParamsSchema,
        body: timeSlotInputSchema,
        response: withConflict(timeSlotAnswerSchema),
      },
    },
    async (request) => ({
      ...ok(messages.catalogueSlotSaved),
      data: await catalogue.editSlot(db, actorOf(request), request.params.id, request.body),
    }),
  );
  app.post(
    '/staffapi/catalogue/time-slots/:id/delete',
    { config, schema: { params: idParamsSchema, response: answers(catalogueOkAnswerSchema) } },
    async (request) => {
      await catalogue.deleteSlot(db, actorOf(request), request.params.id);
      return ok(messages.catalogueSlotDeleted);
    },
  );
}

function onlineFeeRoutes(app: StaffApp): void {
  const { db } = app.services.database;
  app.get(
    '/staffapi/catalogue/online-fees',
    { config, schema: { querystring: onlineFeesQuerySchema, response: answers(onlineFeesAnswerSchema) } },
    async (request) => ({ success: true as const, data: await catalogue.onlineFees(db, request.query) }),
  );
  app.post(
    '/staffapi/catalogue/online-fees',
    { config, schema: { body: onlineFeeSetSchema, response: answers(catalogueOkAnswerSchema) } },
    async (request) => {
      await catalogue.putOnlineFee(db, actorOf(request), request.body);
      return ok(messages.catalogueFeeSaved);
    },
  );
  app.post(
    '/staffapi/catalogue/online-fees/delete',
    { config, schema: { body: onlineFeeKeySchema, response: answers(catalogueOkAnswerSchema) } },
    async (request) => {
      await catalogue.removeOnlineFee(db, actorOf(request), request.body);
      return ok(messages.catalogueFeeDeleted);
    },
  );
}

function paymentBranchRoutes(app: StaffApp): void {
  const { db } = app.services.database;
  app.get(
    '/staffapi/catalogue/branches',
    { config, schema: { response: answers(branchesAnswerSchema) } },
    async () => ({ success: true as const, data: await catalogue.branches(db) }),
  );
  app.post(
    '/staffapi/catalogue/branches',
    { config, schema: { body: branchInputSchema, response: answers(branchAnswerSchema) } },
    async (request) => ({
      ...ok(messages.catalogueBranchSaved),
      data: await catalogue.createBranch(db, actorOf(request), request.body),
    }),
  );
  app.post(
    '/staffapi/catalogue/branches/:id',
    {
      config,
      schema: { params: idParamsSchema, body: branchInputSchema, response: answers(branchAnswerSchema) },
    },
    async (request) => ({
      ...ok(messages.catalogueBranchSaved),
      data: await catalogue.editBranch(db, actorOf(request), request.params.id, request.body),
    }),
  );
  app.post(
    '/staffapi/catalogue/branches/:id/delete',
    { config, schema: { params: idParamsSchema, response: answers(catalogueOkAnswerSchema) } },
    async (request) => {
      await catalogue.removeBranch(db, actorOf(request), request.params.id);
      return ok(messages.catalogueBranchDeleted);
    },
  );
}

/** The catalogue file: its export and its import. */
function catalogueFileRoutes(app: StaffApp): void {
  const { db } = app.services.database;
  app.get(
    '/staffapi/catalogue/export',
    { config, schema: { response: answers(catalogueExportSchema) } },
    async (_request, reply) => {
      const day = new Date().toISOString().slice(0, 10);
      reply
        .header('content-disposition', `attachment; filename="catalogue-${day}.json"`)
        .header('cache-control', 'no-store');
      return exportCatalogue(db);
    },
  );
  app.post(
    '/staffapi/catalogue/import',
    {
      // The demo catalogue is 150 kB; a file is refused at the CSV uploads' 5 MB.
      bodyLimit: STAFF_CSV_MAX_BYTES,
      config,
      schema: { body: catalogueImportRequestSchema, response: withConflict(catalogueImportAnswerSchema) },
    },
    async (request) =>
      importFromConsole(
        db,
        app.services.passwords,
        actorOf(request),
        request.body.catalogue,
        request.body.mode,
      ),
  );
}
