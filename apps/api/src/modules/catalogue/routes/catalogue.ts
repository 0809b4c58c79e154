import * as calls from '@portal/shared/calls/catalogue';
import { STAFF_CSV_MAX_BYTES } from '@portal/shared/constants/staff';
import { messages } from '@portal/shared/messages';
import { tagRoutes } from '../../../plugins/openapi';
import { actorOf, type StaffApp, type StaffRoutesPlugin } from '../../../plugins/staff-guard';
import { routeOf } from '../../../routes/call-route';

const ok = (message: string) => ({ success: true as const, message });

/** `/staffapi/catalogue/*` (docs/api.md "Catalogue"); rules in modules/catalogue/catalogue-service.ts
 * (courses, batches), fee-schedule.ts (time slots, online fees, branches) and catalogue-file.ts. */
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
  const { catalogue } = app.services;
  app.route({
    ...routeOf(calls.catalogueCourses),
    handler: async () => ({ success: true as const, data: await catalogue.courses() }),
  });
  app.route({
    ...routeOf(calls.createCourse),
    handler: async (request) => ({
      ...ok(messages.catalogueCourseSaved),
      data: await catalogue.createCourse(actorOf(request), request.body),
    }),
  });
  app.route({
    ...routeOf(calls.editCourse),
    handler: async (request) => ({
      ...ok(messages.catalogueCourseSaved),
      data: await catalogue.editCourse(actorOf(request), request.params.id, request.body),
    }),
  });
}

function batchRoutes(app: StaffApp): void {
  const { catalogue } = app.services;
  app.route({
    ...routeOf(calls.catalogueBatches),
    handler: async () => ({ success: true as const, data: await catalogue.batchList() }),
  });
  app.route({
    ...routeOf(calls.createBatch),
    handler: async (request) => ({
      ...ok(messages.catalogueBatchSaved),
      data: await catalogue.createBatch(actorOf(request), request.body),
    }),
  });
  app.route({
    ...routeOf(calls.editBatch),
    handler: async (request) => ({
      ...ok(messages.catalogueBatchSaved),
      data: await catalogue.editBatch(actorOf(request), request.params.id, request.body),
    }),
  });
  app.route({
    ...routeOf(calls.setBatchCourses),
    handler: async (request) => ({
      ...ok(messages.catalogueBatchSaved),
      data: await catalogue.setBatchCourses(actorOf(request), request.params.id, request.body),
    }),
  });
  app.route({
    ...routeOf(calls.deleteBatch),
    handler: async (request) => {
      await catalogue.deleteBatch(actorOf(request), request.params.id);
      return ok(messages.catalogueBatchDeleted);
    },
  });
}

function timeSlotRoutes(app: StaffApp): void {
  const { feeSchedule } = app.services;
  app.route({
    ...routeOf(calls.timeSlots),
    handler: async (request) => ({ success: true as const, data: await feeSchedule.slots(request.query) }),
  });
  app.route({
    ...routeOf(calls.createTimeSlot),
    handler: async (request) => ({
      ...ok(messages.catalogueSlotSaved),
      data: await feeSchedule.createSlot(actorOf(request), request.body),
    }),
  });
  app.route({
    ...routeOf(calls.editTimeSlot),
    handler: async (request) => ({
      ...ok(messages.catalogueSlotSaved),
      data: await feeSchedule.editSlot(actorOf(request), request.params.id, request.body),
    }),
  });
  app.route({
    ...routeOf(calls.deleteTimeSlot),
    handler: async (request) => {
      await feeSchedule.deleteSlot(actorOf(request), request.params.id);
      return ok(messages.catalogueSlotDeleted);
    },
  });
}

function onlineFeeRoutes(app: StaffApp): void {
  const { feeSchedule } = app.services;
  app.route({
    ...routeOf(calls.onlineFees),
    handler: async (request) => ({
      success: true as const,
      data: await feeSchedule.onlineFees(request.query),
    }),
  });
  app.route({
    ...routeOf(calls.setOnlineFee),
    handler: async (request) => {
      await feeSchedule.putOnlineFee(actorOf(request), request.body);
      return ok(messages.catalogueFeeSaved);
    },
  });
  app.route({
    ...routeOf(calls.deleteOnlineFee),
    handler: async (request) => {
      await feeSchedule.removeOnlineFee(actorOf(request), request.body);
      return ok(messages.catalogueFeeDeleted);
    },
  });
}

function paymentBranchRoutes(app: StaffApp): void {
  const { feeSchedule } = app.services;
  app.route({
    ...routeOf(calls.catalogueBranches),
    handler: async () => ({ success: true as const, data: await feeSchedule.branches() }),
  });
  app.route({
    ...routeOf(calls.createBranch),
    handler: async (request) => ({
      ...ok(messages.catalogueBranchSaved),
      data: await feeSchedule.createBranch(actorOf(request), request.body),
    }),
  });
  app.route({
    ...routeOf(calls.editBranch),
    handler: async (request) => ({
      ...ok(messages.catalogueBranchSaved),
      data: await feeSchedule.editBranch(actorOf(request), request.params.id, request.body),
    }),
  });
  app.route({
    ...routeOf(calls.deleteBranch),
    handler: async (request) => {
      await feeSchedule.removeBranch(actorOf(request), request.params.id);
      return ok(messages.catalogueBranchDeleted);
    },
  });
}

/** The catalogue file: its export and its import. */
function catalogueFileRoutes(app: StaffApp): void {
  const { catalogueFile } = app.services;
  app.route({
    ...routeOf(calls.exportCatalogue),
    handler: async (_request, reply) => {
      const day = new Date().toISOString().slice(0, 10);
      reply
        .header('content-disposition', `attachment; filename="catalogue-${day}.json"`)
        .header('cache-control', 'no-store');
      return catalogueFile.exportAll();
    },
  });
  app.route({
    ...routeOf(calls.importCatalogue),
    // The demo catalogue is 150 kB; a file is refused at the CSV uploads' 5 MB.
    bodyLimit: STAFF_CSV_MAX_BYTES,
    handler: async (request) =>
      catalogueFile.importFromConsole(
        app.services.passwords,
        actorOf(request),
        request.body.catalogue,
        request.body.mode,
      ),
  });
}
