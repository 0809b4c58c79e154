import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatMessage, messages } from '@portal/shared/messages';
import type { StaffSection, StaffVideo } from '@portal/shared/schemas/staff-content';
import { callsTo, fail, ok, renderConsole } from '@test/render-console';
import type * as UploadModule from '@/console/features/content/api/upload-video';
import type { UploadHandlers } from '@/console/features/content/api/upload-video';

// The tus client itself is tested against the real server (apps/api/test/staff-content.test.ts, the bench);
// here the page's behaviour around it: progress, completion, refusal.
const uploads: { file: File; handlers: UploadHandlers }[] = [];
vi.mock('@/console/features/content/api/upload-video', async (original) => ({
  ...(await original<typeof UploadModule>()),
  uploadVideo: (file: File, handlers: UploadHandlers) => {
    uploads.push({ file, handlers });
    return () => {};
  },
}));
beforeAll(async () => {
  // The shell and the route load lazily; compiling them on first use can outlast a query's wait on a busy
  // machine (CI once found the first test still on the console's spinner).
  await Promise.all([import('@/console/app/layouts/console-shell'), import('./lessons')]);
});
beforeEach(() => {
  uploads.length = 0;
});

const sectionId = '11111111-1111-4111-8111-111111111111';
const lessonId = '22222222-2222-4222-8222-222222222222';
const topicId = '33333333-3333-4333-8333-333333333333';
const tree = (topics: StaffSection['lessons'][number]['topics'] = []): StaffSection[] => [
  {
    _id: sectionId,
    title: 'Week 1',
    position: 0,
    lessons: [{ _id: lessonId, title: 'Intro', description: '', position: 0, topics }],
  },
];
const video: StaffVideo = {
  _id: '44444444-4444-4444-8444-444444444444',
  originalName: 'week-1.mp4',
  size: 2048,
  contentType: 'video/mp4',
  url: '/media/videos/44444444-4444-4444-8444-444444444444',
  createdAt: '2026-11-23T10:00:00.000Z',
};
const entry = '/staff/content/lessons?course=AIC&batchNumber=0&quarter=Q1';

describe('the lessons page', () => {
  it('uploads a video with a progress bar, then adds the topic that plays it', async () => {
    const { user, requests } = renderConsole(entry, {
      staff: { _id: 's', email: 'c@example.org', name: 'C', role: 'content' },
      api: {
        'GET /staffapi/content/lessons': () => ok({ success: true, data: tree() }),
        'POST /staffapi/content/topics': () => ok({ success: true, message: 'Saved', _id: topicId }),
      },
    });
    const form = await screen.findByRole('form', { name: 'Add a topic to Intro' });
    await user.type(within(form).getByLabelText('Topic title'), 'Welcome');
    const file = new File([new Uint8Array(2048)], 'week-1.mp4', { type: 'video/mp4' });
    await user.upload(within(form).getByLabelText('Video file'), file);
    expect(within(form).getByRole('button', { name: 'Add topic' })).toBeDisabled();
    await user.click(within(form).getByRole('button', { name: 'Upload video' }));
    expect(uploads).toHaveLength(1);
    expect(uploads[0]!.file.name).toBe('week-1.mp4');

    act(() => uploads[0]!.handlers.onProgress(512, 2048));
    const bar = within(form).getByRole('progressbar', { name: 'Uploading week-1.mp4' });
    expect(bar).toHaveAttribute('aria-valuenow', '25');
    expect(bar).toHaveAttribute('aria-valuetext', '25%, 512 bytes of 2.0 KB');
    expect(bar).toHaveTextContent('25% · 512 bytes of 2.0 KB');

    act(() => uploads[0]!.handlers.onDone(video));
    expect(within(form).getByText(/Upload complete/)).toHaveTextContent(
      `${messages.videoUploaded}: week-1.mp4 (2.0 KB)`,
    );
    await user.click(within(form).getByRole('button', { name: 'Add topic' }));
    await waitFor(() => expect(callsTo(requests, 'POST', '/staffapi/content/topics')).toHaveLength(1));
    expect(callsTo(requests, 'POST', '/staffapi/content/topics')[0]!.body).toEqual({
      lessonId,
      title: 'Welcome',
      description: '',
      videoId: video._id,
    });
  });

  it('shows why the server refused a file, and offers to try again', async () => {
    const { user } = renderConsole(entry, {
      api: { 'GET /staffapi/content/lessons': () => ok({ success: true, data: tree() }) },
    });
    const form = await screen.findByRole('form', { name: 'Add a topic to Intro' });
    await user.upload(within(form).getByLabelText('Video file'), new File(['%PDF'], 'notes.mp4'));
    await user.click(within(form).getByRole('button', { name: 'Upload video' }));
    act(() => uploads[0]!.handlers.onFailed(messages.videoNotVideo));
    expect(within(form).getByRole('alert')).toHaveTextContent(messages.videoNotVideo);
    await user.click(within(form).getByRole('button', { name: 'Try the upload again' }));
    expect(uploads).toHaveLength(2);
  });

  it('creates a section and a lesson with the fields named', async () => {
    const { user, requests } = renderConsole(entry, {
      api: {
        'GET /staffapi/content/lessons': () => ok({ success: true, data: tree() }),
        'POST /staffapi/content/sections': () => ok({ success: true, message: 'Saved', _id: sectionId }),
        'POST /staffapi/content/lessons': () => ok({ success: true, message: 'Saved', _id: lessonId }),
      },
    });
    const add = await screen.findByRole('form', { name: 'Add a section' });
    await user.type(within(add).getByLabelText('Section title'), 'Week 2');
    await user.click(within(add).getByRole('button', { name: 'Add section' }));
    await waitFor(() => expect(callsTo(requests, 'POST', '/staffapi/content/sections')).toHaveLength(1));
    expect(callsTo(requests, 'POST', '/staffapi/content/sections')[0]!.body).toEqual({
      course: 'AIC',
      batchNumber: '0',
      quarter: 'Q1',
      title: 'Week 2',
    });
    const lesson = screen.getByRole('form', { name: 'Add a lesson to Week 1' });
    await user.type(within(lesson).getByLabelText('Lesson title'), 'Setup');
    await user.type(within(lesson).getByLabelText('Lesson description'), '<p>Install</p>');
    await user.click(within(lesson).getByRole('button', { name: 'Add lesson' }));
    await waitFor(() => expect(callsTo(requests, 'POST', '/staffapi/content/lessons')).toHaveLength(1));
    expect(callsTo(requests, 'POST', '/staffapi/content/lessons')[0]!.body).toEqual({
      sectionId,
      title: 'Setup',
      description: '<p>Install</p>',
    });
  });

  it('deletes a watched topic only when told to drop the progress (the 409 is shown)', async () => {
    const topic = {
      _id: topicId,
      title: 'Old',
      description: '',
      videoURL: '/media/lectures/demo-1.mp4',
      sequence: 1,
      video: null,
    };
    const refusal = formatMessage(messages.contentWatched, { students: 3 });
    const { user, requests } = renderConsole(entry, {
      api: {
        'GET /staffapi/content/lessons': () => ok({ success: true, data: tree([topic]) }),
        'POST /staffapi/content/topics/:id/delete': (request) =>
          (request.body as { dropProgress: boolean }).dropProgress
            ? ok({ success: true, message: 'Deleted' })
            : fail(409, refusal),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Delete topic Old' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText(refusal)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete anyway' }));
    await waitFor(() =>
      expect(callsTo(requests, 'POST', `/staffapi/content/topics/${topicId}/delete`)).toHaveLength(2),
    );
    expect(
      callsTo(requests, 'POST', `/staffapi/content/topics/${topicId}/delete`).map((call) => call.body),
    ).toEqual([{ dropProgress: false }, { dropProgress: true }]);
  });

  it('moves a topic down by sending the lesson’s whole new order', async () => {
    const topics = ['A', 'B'].map((title, index) => ({
      _id: `3333333${index}-3333-4333-8333-333333333333`,
      title,
      description: '',
      videoURL: '/media/lectures/demo-1.mp4',
      sequence: index + 1,
      video: null,
    }));
    const { user, requests } = renderConsole(entry, {
      api: {
        'GET /staffapi/content/lessons': () => ok({ success: true, data: tree(topics) }),
        'POST /staffapi/content/lessons/:id/topics/reorder': () =>
          ok({ success: true, message: 'Order saved' }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Move topic A down' }));
    const path = `/staffapi/content/lessons/${lessonId}/topics/reorder`;
    await waitFor(() => expect(callsTo(requests, 'POST', path)).toHaveLength(1));
    expect(callsTo(requests, 'POST', path)[0]!.body).toEqual({ ids: [topics[1]!._id, topics[0]!._id] });
  });

  it('refuses an empty section or lesson title with the schema’s message, sending nothing', async () => {
    const { user, requests } = renderConsole(entry, {
      api: { 'GET /staffapi/content/lessons': () => ok({ success: true, data: tree() }) },
    });
    const add = await screen.findByRole('form', { name: 'Add a section' });
    await user.click(within(add).getByRole('button', { name: 'Add section' }));
    const section = within(add).getByLabelText('Section title');
    await waitFor(() => expect(section).toHaveAccessibleDescription(messages.contentTitleRequired));
    const lesson = screen.getByRole('form', { name: 'Add a lesson to Week 1' });
    await user.type(within(lesson).getByLabelText('Lesson description'), '<p>Install</p>');
    await user.click(within(lesson).getByRole('button', { name: 'Add lesson' }));
    const title = within(lesson).getByLabelText('Lesson title');
    await waitFor(() => expect(title).toHaveAccessibleDescription(messages.contentTitleRequired));
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(within(lesson).getByLabelText('Lesson description')).toHaveValue('<p>Install</p>');
    expect(callsTo(requests, 'POST', '/staffapi/content/sections')).toHaveLength(0);
    expect(callsTo(requests, 'POST', '/staffapi/content/lessons')).toHaveLength(0);
  });

  it('adds a topic at an address only once one is given, checked by the shared rule', async () => {
    const { user, requests } = renderConsole(entry, {
      api: {
        'GET /staffapi/content/lessons': () => ok({ success: true, data: tree() }),
        'POST /staffapi/content/topics': () => ok({ success: true, message: 'Saved', _id: topicId }),
      },
    });
    const form = await screen.findByRole('form', { name: 'Add a topic to Intro' });
    const add = within(form).getByRole('button', { name: 'Add topic' });
    expect(within(form).getByText('Upload the video first.')).toBeInTheDocument();
    await user.click(within(form).getByRole('radio', { name: 'Video at an address' }));
    expect(add).toBeDisabled();
    expect(within(form).getByText('Give the video address.')).toBeInTheDocument();

    const address = within(form).getByLabelText('Video address');
    await user.type(address, 'lecture one');
    expect(add).toBeEnabled();
    await user.click(add);
    const title = within(form).getByLabelText('Topic title');
    await waitFor(() => expect(title).toHaveAccessibleDescription(messages.contentTitleRequired));
    await user.type(title, 'Welcome');
    await user.click(add);
    await waitFor(() =>
      expect(address).toHaveAccessibleDescription(
        `https://… or a path on the portal ${messages.contentLinkInvalid}`,
      ),
    );
    expect(callsTo(requests, 'POST', '/staffapi/content/topics')).toHaveLength(0);

    await user.clear(address);
    await user.type(address, '/media/lectures/demo-1.mp4');
    await user.click(add);
    await waitFor(() => expect(callsTo(requests, 'POST', '/staffapi/content/topics')).toHaveLength(1));
    expect(callsTo(requests, 'POST', '/staffapi/content/topics')[0]!.body).toEqual({
      lessonId,
      title: 'Welcome',
      description: '',
      videoURL: '/media/lectures/demo-1.mp4',
    });
    await waitFor(() => expect(title).toHaveValue(''));
    expect(within(form).getByLabelText('Video address')).toHaveValue('');
  });

  it('edits a topic in its dialog: an empty address keeps the uploaded video', async () => {
    const topic = {
      _id: topicId,
      title: 'Old',
      description: '<p>Before</p>',
      videoURL: video.url,
      sequence: 1,
      video: { _id: video._id, originalName: video.originalName, size: video.size },
    };
    const path = `/staffapi/content/topics/${topicId}`;
    const { user, requests } = renderConsole(entry, {
      api: {
        'GET /staffapi/content/lessons': () => ok({ success: true, data: tree([topic]) }),
        'POST /staffapi/content/topics/:id': () => ok({ success: true, message: 'Saved' }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Edit topic Old' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit topic Old' });
    const address = within(dialog).getByLabelText('Video address');
    expect(address).toHaveValue('');
    expect(address).toHaveAccessibleDescription('Leave empty to keep the uploaded video');
    await user.type(address, 'elsewhere');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(address).toHaveAccessibleDescription(
        `Leave empty to keep the uploaded video ${messages.contentLinkInvalid}`,
      ),
    );
    expect(callsTo(requests, 'POST', path)).toHaveLength(0);

    await user.clear(address);
    const title = within(dialog).getByLabelText('Topic title');
    await user.clear(title);
    await user.type(title, 'Welcome');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(requests, 'POST', path).map((call) => call.body)).toEqual([
      { title: 'Welcome', description: '<p>Before</p>', videoId: video._id },
    ]);
  });

  it('edits a section’s title, and Cancel closes the dialog sending nothing', async () => {
    const path = `/staffapi/content/sections/${sectionId}`;
    const { user, requests } = renderConsole(entry, {
      api: {
        'GET /staffapi/content/lessons': () => ok({ success: true, data: tree() }),
        'POST /staffapi/content/sections/:id': () => ok({ success: true, message: 'Saved' }),
      },
    });
    const edit = await screen.findByRole('button', { name: 'Edit section Week 1' });
    await user.click(edit);
    let dialog = await screen.findByRole('dialog', { name: 'Edit section Week 1' });
    await user.type(within(dialog).getByLabelText('Section title'), ' and 2');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(edit);
    dialog = await screen.findByRole('dialog', { name: 'Edit section Week 1' });
    const title = within(dialog).getByLabelText('Section title');
    expect(title).toHaveValue('Week 1');
    await user.type(title, ' and 2');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(requests, 'POST', path).map((call) => call.body)).toEqual([{ title: 'Week 1 and 2' }]);
  });
});
