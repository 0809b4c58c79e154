import { messages } from '@portal/shared/messages';
import type { SessionStudent } from '@portal/shared/schemas/student';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setLocale } from '@/lib/i18n';
import {
  fail,
  makeStudent,
  offline,
  ok,
  renderApp,
  requestsTo,
  withoutSession,
  type ApiRequest,
} from '@test/render-app';
import { stubPictureCanvas } from '@test/picture-canvas';
import { jpegHeader } from '@test/picture-headers';

const labels = ['CNIC front picture', 'CNIC back picture', 'Highest qualification document'] as const;

const PNG_START = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
function png(name: string) {
  const bytes = new Uint8Array(3_000);
  bytes.set(PNG_START);
  return new File([bytes], name, { type: 'image/png' });
}
const files = () => [png('front.png'), png('back.png'), png('matric.png')] as const;

/** Profile done, documents not yet: where the profile form leaves a student. */
function readyStudent(overrides: Partial<SessionStudent> = {}) {
  return makeStudent({ isProfileComplete: true, isDocumentUploaded: false, documents: [], ...overrides });
}

const onFile = [
  { documentType: 'Front CNIC' as const, URL: '/files/documents/front.jpg?sig=1' },
  { documentType: 'Back CNIC' as const, URL: '/files/documents/back.jpg?sig=1' },
  { documentType: 'Education Document' as const, URL: '/files/documents/education.jpg?sig=1' },
];

function uploaded(student: SessionStudent) {
  return withoutSession({ ...student, isDocumentUploaded: true, documents: onFile });
}

type User = ReturnType<typeof renderApp>['user'];

async function choose(user: User, chosen: readonly File[]) {
  for (const [index, file] of chosen.entries()) {
    await user.upload(await screen.findByLabelText(labels[index]!), file);
  }
}

async function submit(user: User) {
  await user.click(screen.getByRole('button', { name: 'Submit' }));
}

function parts(request: ApiRequest | undefined) {
  const form = request?.body as FormData;
  return Object.fromEntries([...form.keys()].map((key) => [key, form.get(key)]));
}

beforeAll(async () => {
  // The route loads lazily; compiling it on first use can outlast a query's wait on a busy machine.
  await import('./doc-upload');
});

describe('document upload (/doc-upload)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('offers three labelled picture slots, the warning, Submit and Skip for now', async () => {
    const { user, router } = renderApp('/doc-upload', { student: readyStudent() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Document Upload' })).toBeInTheDocument();
    for (const label of labels) {
      expect(screen.getByLabelText(label)).toHaveAttribute('type', 'file');
      expect(screen.getByLabelText(label)).toHaveAttribute('accept', 'image/png,image/jpeg');
    }
    expect(screen.getByText(messages.documentsWarning)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Skip for now' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Courses' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/courses');
  });

  it.each([
    {
      who: 'a student without a complete profile',
      student: () => readyStudent({ isProfileComplete: false }),
      to: '/profile',
    },
    { who: 'a student whose documents are uploaded', student: () => makeStudent(), to: '/courses' },
  ])('sends $who to $to', async ({ student, to }) => {
    const { router } = renderApp('/doc-upload', { student: student() });
    await waitFor(() => expect(router.state.location.pathname).toBe(to));
  });

  it("asks for all three documents in an 'Incomplete Documents' dialog and sends nothing", async () => {
    const { user, requests } = renderApp('/doc-upload', { student: readyStudent() });
    await choose(user, files().slice(0, 2));
    await submit(user);

    const dialog = await screen.findByRole('dialog', { name: messages.documentsIncompleteTitle });
    expect(within(dialog).getByText(messages.documentsIncomplete)).toBeInTheDocument();
    expect(requestsTo(requests, '/studentapi/uploaddocuments')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it.each([
    { what: 'a PDF named .png', file: () => new File(['%PDF-1.7 scan'], 'front.png', { type: 'image/png' }) },
    { what: 'a .gif name', file: () => png('front.gif') },
  ])("refuses $what with the 'Incorrect Fornmat' dialog", async ({ file }) => {
    const { user, requests } = renderApp('/doc-upload', { student: readyStudent() });
    await choose(user, [file()]);

    const dialog = await screen.findByRole('dialog', { name: messages.documentsFormatTitle });
    expect(within(dialog).getByText(messages.documentsFormat)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.getByLabelText(labels[0])).toHaveAccessibleDescription('No picture chosen yet');
    expect(screen.queryByRole('img', { name: /CNIC front picture/ })).not.toBeInTheDocument();

    await choose(user, files().slice(1));
    await submit(user);
    expect(
      await screen.findByRole('dialog', { name: messages.documentsIncompleteTitle }),
    ).toBeInTheDocument();
    expect(requestsTo(requests, '/studentapi/uploaddocuments')).toHaveLength(0);
  });

  it('uploads the three pictures with progress, stores the answer and opens /courses', async () => {
    const student = readyStudent();
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    const { user, requests, router } = renderApp('/doc-upload', {
      student,
      api: {
        '/studentapi/uploaddocuments': async () => {
          await released;
          return ok({ success: true, message: messages.documentsUploaded, data: uploaded(student) });
        },
      },
    });
    const chosen = files();
    await choose(user, chosen);
    for (const label of labels) {
      expect(screen.getByRole('img', { name: `${label}: new picture` })).toHaveAttribute(
        'src',
        expect.stringMatching(/^blob:/),
      );
    }
    await submit(user);

    const progress = await screen.findByRole('progressbar', { name: 'Uploading documents' });
    expect(progress).toHaveAttribute('value', '50');
    const [request] = requestsTo(requests, '/studentapi/uploaddocuments');
    expect(request?.headers.get('Authorization')).toBe(`Bearer ${student.databaseToken}`);
    expect(parts(request)).toEqual({
      studentId: student._id,
      isEditing: 'false',
      'Front CNIC': chosen[0],
      'Back CNIC': chosen[1],
      'Education Document': chosen[2],
    });

    release();
    expect(await screen.findByRole('heading', { level: 1, name: 'Courses' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/courses');
    expect(JSON.parse(sessionStorage.getItem('studentData')!)).toEqual({
      ...uploaded(student),
      databaseToken: student.databaseToken,
      tokenId: student.tokenId,
    });
  });

  it('sends a camera picture redrawn at 2048 px, with Submit busy and the preparing shown while it is redrawn', async () => {
    const student = readyStudent();
    // A 12 MP camera JPEG by its header (4032 × 3024), which the page decodes and redraws before sending.
    const camera = new File([jpegHeader(4032, 3024, 5_000)], 'IMG_2042.JPG', { type: 'image/jpeg' });
    const { canvases } = stubPictureCanvas(
      { width: 4032, height: 3024, close: () => {} },
      { encoded: 1_200 },
    );
    let decoded = () => {};
    // The decode waits until the test lets it finish, to see the page while it works.
    const decoding = new Promise<void>((resolve) => (decoded = resolve));
    vi.mocked(createImageBitmap).mockImplementation(async () => {
      await decoding;
      return { width: 4032, height: 3024, close: () => {} };
    });
    const { user, requests } = renderApp('/doc-upload', {
      student,
      api: {
        '/studentapi/uploaddocuments': () =>
          ok({ success: true, message: messages.documentsUploaded, data: uploaded(student) }),
      },
    });
    const [front, back] = files();
    await choose(user, [front, back, camera]);
    await submit(user);

    await waitFor(() => expect(createImageBitmap).toHaveBeenCalledWith(camera));
    expect(screen.getByRole('button', { name: 'Submit' })).toHaveAttribute('aria-busy', 'true');
    // The two small pictures are ready as chosen; the camera picture, third, is being redrawn.
    expect(screen.getByRole('progressbar', { name: 'Preparing your pictures' })).toHaveAttribute(
      'value',
      '67',
    );
    expect(screen.queryByRole('progressbar', { name: 'Uploading documents' })).not.toBeInTheDocument();
    expect(requestsTo(requests, '/studentapi/uploaddocuments')).toHaveLength(0);
    decoded();

    expect(await screen.findByRole('heading', { level: 1, name: 'Courses' })).toBeInTheDocument();
    expect(canvases).toEqual([{ width: 2048, height: 1536 }]);
    const sent = parts(requestsTo(requests, '/studentapi/uploaddocuments')[0]);
    expect(sent['Front CNIC']).toBe(front);
    expect(sent['Back CNIC']).toBe(back);
    expect(sent['Education Document']).toMatchObject({
      name: 'IMG_2042.jpg',
      type: 'image/jpeg',
      size: 1_200,
    });
  });

  it("shows the server's refusal in red and retries the same files without choosing them again", async () => {
    const student = readyStudent();
    let attempts = 0;
    const { user, requests, router } = renderApp('/doc-upload', {
      student,
      api: {
        '/studentapi/uploaddocuments': () =>
          ++attempts === 1
            ? fail(500, 'The file store is not answering')
            : ok({ success: true, message: messages.documentsUploaded, data: uploaded(student) }),
      },
    });
    const chosen = files();
    await choose(user, chosen);
    await submit(user);

    expect(await screen.findByRole('alert')).toHaveTextContent('The file store is not answering');
    expect(router.state.location.pathname).toBe('/doc-upload');
    await user.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Courses' })).toBeInTheDocument();
    const [first, second] = requestsTo(requests, '/studentapi/uploaddocuments');
    expect(parts(second)).toEqual(parts(first));
    expect(Object.values(parts(second)).map((part) => (part instanceof File ? part.name : part))).toEqual([
      student._id,
      'false',
      ...chosen.map((file) => file.name),
    ]);
  });

  it(`says "${messages.uploadNetworkFailure}" when the network fails`, async () => {
    const { user } = renderApp('/doc-upload', {
      student: readyStudent(),
      api: { '/studentapi/uploaddocuments': () => offline() },
    });
    await choose(user, files());
    await submit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.uploadNetworkFailure);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('shows the reason prominently when the documents were rejected, and lets the student replace them', async () => {
    const student = makeStudent({
      status: 'Rejected',
      rejectreason: 'The CNIC picture is blurred',
      documents: onFile,
    });
    renderApp('/doc-upload', { student });
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Your documents were not accepted' }),
    ).toBeInTheDocument();
    expect(screen.getByText('The CNIC picture is blurred')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'CNIC front picture: picture on file' })).toBeInTheDocument();
  });

  describe('editing (navigation state isEditing, studentDocuments)', () => {
    const student = makeStudent({ documents: onFile });
    const editing = { pathname: '/doc-upload', state: { isEditing: true, studentDocuments: onFile } };

    it('shows the pictures on file in their slots', async () => {
      renderApp(editing, { student });
      for (const [index, label] of labels.entries()) {
        expect(await screen.findByRole('img', { name: `${label}: picture on file` })).toHaveAttribute(
          'src',
          onFile[index]!.URL,
        );
      }
    });

    it('goes to /courses without sending anything when no picture was changed', async () => {
      const { user, requests, router } = renderApp(editing, { student });
      await screen.findByRole('heading', { level: 1, name: 'Document Upload' });
      await submit(user);
      await waitFor(() => expect(router.state.location.pathname).toBe('/courses'));
      expect(requestsTo(requests, '/studentapi/uploaddocuments')).toHaveLength(0);
    });

    it('sends only the changed picture, with isEditing', async () => {
      const { user, requests, router } = renderApp(editing, {
        student,
        api: {
          '/studentapi/uploaddocuments': () =>
            ok({ success: true, message: messages.documentsUploaded, data: uploaded(student) }),
        },
      });
      const back = png('new-back.png');
      await user.upload(await screen.findByLabelText('CNIC back picture'), back);
      expect(screen.getByRole('img', { name: 'CNIC back picture: new picture' })).toBeInTheDocument();
      await submit(user);
      await waitFor(() => expect(router.state.location.pathname).toBe('/courses'));
      expect(parts(requestsTo(requests, '/studentapi/uploaddocuments')[0])).toEqual({
        studentId: student._id,
        isEditing: 'true',
        'Back CNIC': back,
      });
    });

    it.each(['Pending', 'Rejected'] as const)('allows editing while the status is %s', async (status) => {
      renderApp(editing, { student: makeStudent({ status, documents: onFile }) });
      expect(await screen.findByLabelText('CNIC front picture')).toBeEnabled();
    });

    it('explains that approved documents cannot be changed, with a way back', async () => {
      const { user, router } = renderApp(editing, {
        student: makeStudent({ status: 'Approved', documents: onFile }),
      });
      expect(await screen.findByText(messages.documentsEditNotAllowed)).toBeInTheDocument();
      expect(screen.queryByLabelText('CNIC front picture')).not.toBeInTheDocument();
      await user.click(screen.getByRole('link', { name: 'Back to my profile' }));
      expect(await screen.findByLabelText('Full name')).toBeInTheDocument();
      expect(router.state.location).toMatchObject({ pathname: '/profile', state: { isEditing: true } });
    });
  });

  it('refreshes the stored student on arrival (status and signed addresses change on the server)', async () => {
    const student = readyStudent();
    const { requests } = renderApp('/doc-upload', {
      student,
      api: {
        '/studentapi/getinfo': () =>
          ok({
            success: true,
            studentData: withoutSession({ ...student, status: 'Rejected', rejectreason: 'Blurred' }),
          }),
      },
    });
    expect(await screen.findByText('Blurred')).toBeInTheDocument();
    expect(requestsTo(requests, '/studentapi/getinfo')[0]?.headers.get('Authorization')).toBe(
      `Bearer ${student.databaseToken}`,
    );
    expect(JSON.parse(sessionStorage.getItem('studentData')!)).toMatchObject({
      status: 'Rejected',
      databaseToken: student.databaseToken,
    });
  });
});

describe('document upload (/doc-upload) in Urdu', () => {
  afterEach(async () => {
    await setLocale('en');
  });

  it('labels the slots, their state and the actions in Urdu', async () => {
    await setLocale('ur');
    const { user } = renderApp('/doc-upload', { student: readyStudent() });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'دستاویزات اپ لوڈ کریں' }),
    ).toBeInTheDocument();
    const front = screen.getByLabelText('CNIC کے سامنے کے رخ کی تصویر');
    expect(front).toHaveAttribute('type', 'file');
    expect(front).toHaveAccessibleDescription('ابھی کوئی تصویر منتخب نہیں کی گئی');
    await user.upload(front, png('front.png'));
    expect(await screen.findByText('نئی تصویر منتخب کر لی گئی: front.png')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'فی الحال چھوڑ دیں' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'جمع کرائیں' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'ٹھیک ہے' })).toBeInTheDocument();
  });

  it('shows the rejection note in Urdu, with the reason staff wrote as written', async () => {
    await setLocale('ur');
    renderApp(
      { pathname: '/doc-upload', state: { isEditing: true } },
      {
        student: readyStudent({
          isDocumentUploaded: true,
          status: 'Rejected',
          rejectreason: 'The CNIC picture is blurred',
          documents: onFile,
        }),
      },
    );
    expect(
      await screen.findByRole('heading', { name: 'آپ کی دستاویزات قبول نہیں کی گئیں' }),
    ).toBeInTheDocument();
    expect(screen.getByText('The CNIC picture is blurred')).toBeInTheDocument();
  });
});
