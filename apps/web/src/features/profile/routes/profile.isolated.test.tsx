import { messages } from '@portal/shared/messages';
import type { CaptchaChallenge } from '@portal/shared/schemas/profile';
import type { SessionStudent } from '@portal/shared/schemas/student';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  fail,
  makeStudent,
  offline,
  ok,
  renderApp,
  requestsTo,
  withoutSession,
  type ApiHandlers,
} from '@test/render-app';
import { solveChallenge } from '@/features/profile/captcha/solve-challenge';
import type * as SquarePhoto from '@/features/profile/utils/square-photo';
import { toSquareJpeg } from '@/features/profile/utils/square-photo';

// Tests have no Web Workers and no image decoder: the solver and the canvas step get stand-ins.
vi.mock('@/features/profile/captcha/solve-challenge', () => ({ solveChallenge: vi.fn() }));
vi.mock('@/features/profile/utils/square-photo', async (importOriginal) => ({
  ...(await importOriginal<typeof SquarePhoto>()),
  toSquareJpeg: vi.fn(),
}));

const SOLUTION = 4711;
const challenge: CaptchaChallenge = {
  algorithm: 'SHA-256',
  challenge: 'c0ffee'.padEnd(64, '0'),
  maxnumber: 100_000,
  salt: 'a1b2c3?expires=1893456000',
  signature: 'f00d'.padEnd(64, '0'),
};
const payload = btoa(
  JSON.stringify({
    algorithm: 'SHA-256',
    challenge: challenge.challenge,
    number: SOLUTION,
    salt: challenge.salt,
    signature: challenge.signature,
  }),
);
const squarePhoto = new File(['square jpeg'], 'photo.jpg', { type: 'image/jpeg' });

const JPEG_START = [0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00];
function jpeg(name = 'me.jpg', size = 2_000, type = 'image/jpeg') {
  const bytes = new Uint8Array(size);
  bytes.set(JPEG_START);
  return new File([bytes], name, { type });
}

/** A student who has just verified the e-mail: nothing of the profile filled in yet. */
function newStudent(overrides: Partial<SessionStudent> = {}) {
  return makeStudent({
    fullName: null,
    fatherName: null,
    gender: null,
    dob: null,
    phoneNumber: null,
    homeAddress: null,
    lastQualification: null,
    province: null,
    city: null,
    haveLaptop: null,
    imageUrl: null,
    isProfileComplete: false,
    isDocumentUploaded: false,
    documents: [],
    ...overrides,
  });
}

function captchaApi(handlers: ApiHandlers = {}): ApiHandlers {
  return {
    '/captcha/challenge': () => ok(challenge),
    '/captcha/verify': () => ok({ success: true, message: 'Verified' }),
    ...handlers,
  };
}

function updated(student: SessionStudent, changes: Partial<SessionStudent> = {}) {
  return withoutSession({ ...student, isProfileComplete: true, ...changes });
}

type User = ReturnType<typeof renderApp>['user'];

const valid = {
  fullName: 'Ayesha Khan',
  fatherName: 'Imran Khan',
  homeAddress: 'House 12, Street 4, Gulshan-e-Iqbal, Karachi',
  dob: '2001-05-17',
  phoneNumber: '03001234567',
};

async function fill(user: User, values: Partial<typeof valid> = {}) {
  const all = { ...valid, ...values };
  const labels = {
    fullName: 'Full name',
    fatherName: 'Father name',
    homeAddress: 'Home address',
    dob: 'Date of birth',
    phoneNumber: 'Phone number',
  } as const;
  for (const [name, label] of Object.entries(labels)) {
    const input = await screen.findByLabelText(label);
    await user.clear(input);
    const value = all[name as keyof typeof labels];
    if (value) await user.type(input, value);
  }
  await user.click(screen.getByRole('radio', { name: 'Female' }));
  await user.selectOptions(screen.getByLabelText('Last qualification'), 'Intermediate');
  await user.selectOptions(screen.getByLabelText('Province'), 'sindh');
  await user.selectOptions(screen.getByLabelText('City'), 'Karachi');
  await user.click(screen.getByRole('checkbox', { name: 'I have a laptop' }));
}

async function choosePhoto(user: User, file: File = jpeg()) {
  await user.upload(screen.getByLabelText('Your photo'), file);
}

async function solveCaptcha(user: User) {
  const check = await screen.findByRole('checkbox', { name: "I'm not a robot" });
  await user.click(check);
  await waitFor(() => expect(check).toHaveAttribute('aria-checked', 'true'));
}

async function update(user: User) {
  await user.click(screen.getByRole('button', { name: 'Update' }));
}

beforeAll(async () => {
  // The route loads lazily; compiling it on first use can outlast a query's wait on a busy machine.
  await import('./profile');
});

beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(solveChallenge).mockImplementation(async (_challenge, options) => {
    options?.onProgress?.(42);
    return SOLUTION;
  });
  vi.mocked(toSquareJpeg).mockResolvedValue(squarePhoto);
});

describe('profile (/profile)', () => {
  it('asks for the information, with the photo hints and the declaration; no captcha before a change', async () => {
    const { requests } = renderApp('/profile', { student: newStudent(), api: captchaApi() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
    for (const label of ['Full name', 'Father name', 'Home address', 'Date of birth', 'Phone number']) {
      expect(await screen.findByLabelText(label)).toBeInTheDocument();
    }
    expect(screen.getByLabelText('Date of birth')).toHaveAttribute('type', 'date');
    expect(screen.getByLabelText('Phone number')).toHaveAttribute('inputMode', 'numeric');
    expect(screen.getByLabelText('Phone number')).toBeEnabled();
    expect(screen.getByLabelText('Home address')).toHaveAttribute('maxLength', '120');
    expect(screen.getByRole('group', { name: 'Gender' })).toBeInTheDocument();
    expect(screen.getByLabelText('Your photo')).toHaveAttribute('accept', 'image/png,image/jpeg');
    expect(screen.getByLabelText('Your photo')).toHaveAccessibleDescription(
      expect.stringMatching(/White or blue background.*passport-size.*face clearly visible/),
    );
    expect(screen.getByText(/declare that the information and photo I give are true/)).toBeInTheDocument();
    expect(
      within(screen.getByLabelText('Last qualification'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Please Select Qualification',
      'Matric',
      'O Levels',
      'Intermediate',
      'A Levels',
      'Undergraduate',
      'Graduate',
      'Post-Graduate',
    ]);
    expect(screen.queryByRole('checkbox', { name: "I'm not a robot" })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update' })).toBeDisabled();
    expect(screen.queryByRole('link', { name: 'Update documents' })).not.toBeInTheDocument();
    expect(requestsTo(requests, '/captcha/challenge')).toHaveLength(0);
  });

  it('shows the captcha after the first change and enables Update once it is solved and verified', async () => {
    let finish = (_number: number) => {};
    vi.mocked(solveChallenge).mockImplementation((_challenge, options) => {
      options?.onProgress?.(42);
      return new Promise((resolve) => (finish = resolve));
    });
    const { user, requests } = renderApp('/profile', { student: newStudent(), api: captchaApi() });
    await user.type(await screen.findByLabelText('Full name'), 'A');

    const check = await screen.findByRole('checkbox', { name: "I'm not a robot" });
    expect(check).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByRole('button', { name: 'Update' })).toBeDisabled();

    await user.click(check);
    expect(await screen.findByText('Verifying you are human… 42%')).toBeInTheDocument();
    expect(check).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('button', { name: 'Update' })).toBeDisabled();
    expect(vi.mocked(solveChallenge).mock.calls[0]?.[0]).toEqual(challenge);

    finish(SOLUTION);
    await waitFor(() => expect(check).toHaveAttribute('aria-checked', 'true'));
    expect(screen.getByRole('button', { name: 'Update' })).toBeEnabled();
    expect(requestsTo(requests, '/captcha/verify').map((request) => request.body)).toEqual([
      { recaptchaToken: payload },
    ]);
  });

  it('offers Retry when the captcha cannot be verified, and solves a fresh challenge', async () => {
    let verifications = 0;
    const { user, requests } = renderApp('/profile', {
      student: newStudent(),
      api: captchaApi({
        '/captcha/verify': () =>
          ++verifications === 1 ? fail(400, messages.captchaFailed) : ok({ success: true }),
      }),
    });
    await user.type(await screen.findByLabelText('Full name'), 'A');
    await user.click(await screen.findByRole('checkbox', { name: "I'm not a robot" }));
    expect(await screen.findByText(messages.captchaFailed)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() =>
      expect(screen.getByRole('checkbox', { name: "I'm not a robot" })).toHaveAttribute(
        'aria-checked',
        'true',
      ),
    );
    expect(screen.getByRole('button', { name: 'Update' })).toBeEnabled();
    expect(requestsTo(requests, '/captcha/challenge')).toHaveLength(2);
  });

  it('shows a message under every empty field and sends nothing', async () => {
    const { user, requests } = renderApp('/profile', { student: newStudent(), api: captchaApi() });
    await user.type(await screen.findByLabelText('Full name'), 'A');
    await user.clear(screen.getByLabelText('Full name'));
    await solveCaptcha(user);
    await update(user);

    const expected: Array<[label: string, message: string]> = [
      ['Full name', messages.fullNameShort],
      ['Father name', messages.fatherNameShort],
      ['Home address', messages.addressShort],
      ['Date of birth', messages.dobInvalid],
      ['Last qualification', messages.qualificationRequired],
      ['Province', messages.provinceRequired],
      ['City', messages.cityRequired],
      ['Phone number', messages.phoneLength],
      ['Your photo', messages.imageRequired],
    ];
    for (const [label, message] of expected) {
      expect(await screen.findByLabelText(label)).toHaveAccessibleDescription(
        expect.stringContaining(message.trim()),
      );
    }
    expect(screen.getByRole('group', { name: 'Gender' })).toHaveAccessibleDescription(
      messages.genderRequired,
    );
    expect(screen.getByLabelText('Full name')).toHaveFocus();
    expect(requestsTo(requests, '/studentapi/updateprofile')).toHaveLength(0);
  });

  const sixYearsAgo = new Date(Date.now() - 6 * 365 * 24 * 3600 * 1000).toISOString().slice(0, 10);
  it.each([
    { label: 'Full name', values: { fullName: 'Ay' }, message: messages.fullNameShort },
    { label: 'Full name', values: { fullName: 'Ayesha 2' }, message: messages.nameCharacters },
    { label: 'Father name', values: { fatherName: 'Im' }, message: messages.fatherNameShort },
    { label: 'Father name', values: { fatherName: 'Imran_Khan' }, message: messages.nameCharacters },
    { label: 'Home address', values: { homeAddress: 'Karachi' }, message: messages.addressShort },
    {
      label: 'Home address',
      values: { homeAddress: 'House 1; Karachi' },
      message: messages.addressCharacters,
    },
    {
      label: 'Home address',
      values: { homeAddress: 'House <1>, Karachi' },
      message: messages.addressCharacters,
    },
    { label: 'Date of birth', values: { dob: sixYearsAgo }, message: messages.dobTooYoung },
    { label: 'Phone number', values: { phoneNumber: '0300abc4567' }, message: messages.phoneNumbersOnly },
    { label: 'Phone number', values: { phoneNumber: '0300-1234567' }, message: messages.phoneNoSpecial },
    { label: 'Phone number', values: { phoneNumber: '0300 1234567' }, message: messages.phoneNoSpecial },
    { label: 'Phone number', values: { phoneNumber: '030012' }, message: messages.phoneLength },
  ])('refuses $label "$values" with "$message"', async ({ label, values, message }) => {
    const { user, requests } = renderApp('/profile', { student: newStudent(), api: captchaApi() });
    await fill(user, values);
    await choosePhoto(user);
    await solveCaptcha(user);
    await update(user);
    expect(await screen.findByLabelText(label)).toHaveAccessibleDescription(
      expect.stringContaining(message.trim()),
    );
    expect(screen.getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
    expect(requestsTo(requests, '/studentapi/updateprofile')).toHaveLength(0);
  });

  it('refuses a date of birth that is not a date', async () => {
    const { user } = renderApp('/profile', { student: newStudent(), api: captchaApi() });
    await fill(user, { dob: '1850-01-01' });
    await choosePhoto(user);
    await solveCaptcha(user);
    await update(user);
    expect(await screen.findByLabelText('Date of birth')).toHaveAccessibleDescription(messages.dobInvalid);
  });

  it("offers the chosen province's cities only and empties the city when the province changes", async () => {
    const { user } = renderApp('/profile', { student: newStudent(), api: captchaApi() });
    const province = await screen.findByLabelText('Province');
    const city = screen.getByLabelText('City');
    expect(within(province).getAllByRole('option')[0]).toHaveTextContent('Please Select Province');
    expect(
      within(province)
        .getAllByRole('option')
        .map((o) => o.getAttribute('value')),
    ).toEqual(['', 'sindh', 'punjab', 'blochistan', 'kpk', 'ict']);
    expect(city).toBeDisabled();

    await user.selectOptions(province, 'ict');
    expect(city).toBeEnabled();
    expect(
      within(city)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Please Select City', 'Islamabad']);
    await user.selectOptions(city, 'Islamabad');
    expect(city).toHaveValue('Islamabad');

    await user.selectOptions(province, 'sindh');
    expect(city).toHaveValue('');
    expect(
      within(city)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Please Select City', 'Karachi', 'Hyderabad', 'Sukkur']);
  });

  it('takes a camera photo over 1 MB and sends only its small square', async () => {
    const { user } = renderApp('/profile', { student: newStudent(), api: captchaApi() });
    await fill(user);
    const camera = jpeg('IMG_2041.jpg', 5_000_000);
    await choosePhoto(user, camera);
    expect(toSquareJpeg).toHaveBeenCalledWith(camera);
    expect(await screen.findByRole('img', { name: 'Preview of your new photo' })).toBeInTheDocument();
    expect(screen.getByLabelText('Your photo')).not.toHaveAccessibleDescription(
      expect.stringContaining(messages.imageTooLarge),
    );
  });

  it('refuses a photo whose square is still over 1 MB', async () => {
    vi.mocked(toSquareJpeg).mockResolvedValueOnce(
      new File([new Uint8Array(1_000_001)], 'photo.jpg', { type: 'image/jpeg' }),
    );
    const { user, requests } = renderApp('/profile', { student: newStudent(), api: captchaApi() });
    await fill(user);
    await choosePhoto(user, jpeg('me.jpg', 3_000_000));
    expect(await screen.findByLabelText('Your photo')).toHaveAccessibleDescription(
      expect.stringContaining(messages.imageTooLarge.trim()),
    );
    await solveCaptcha(user);
    await update(user);
    expect(requestsTo(requests, '/studentapi/updateprofile')).toHaveLength(0);
  });

  it.each([
    {
      problem: 'is a PDF named .jpg',
      file: () => new File(['%PDF-1.7 a document'], 'me.jpg', { type: 'image/jpeg' }),
      message: messages.imageInvalid,
    },
    { problem: 'has a .gif name', file: () => jpeg('me.gif'), message: messages.imageInvalid },
  ])('refuses a photo that $problem', async ({ file, message }) => {
    const { user, requests } = renderApp('/profile', { student: newStudent(), api: captchaApi() });
    await fill(user);
    await choosePhoto(user, file());
    expect(await screen.findByLabelText('Your photo')).toHaveAccessibleDescription(
      expect.stringContaining(message.trim()),
    );
    expect(toSquareJpeg).not.toHaveBeenCalled();
    expect(screen.queryByRole('img', { name: 'Preview of your new photo' })).not.toBeInTheDocument();

    await solveCaptcha(user);
    await update(user);
    expect(requestsTo(requests, '/studentapi/updateprofile')).toHaveLength(0);
  });

  it('completes the profile: sends the fields, the square photo and the captcha, then opens /doc-upload', async () => {
    const student = newStudent();
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    const answer = updated(student, {
      ...valid,
      gender: 'female',
      lastQualification: 'Intermediate',
      province: 'sindh',
      city: 'Karachi',
      haveLaptop: true,
      imageUrl: '/files/photos/student-1.jpg?sig=abc',
    });
    const { user, requests, router } = renderApp('/profile', {
      student,
      api: captchaApi({
        '/studentapi/updateprofile': async () => {
          await released;
          return ok({ success: true, message: messages.profileUpdated, data: answer });
        },
      }),
    });
    await fill(user, { fullName: '  Ayesha Khan ' });
    const chosen = jpeg();
    await choosePhoto(user, chosen);
    expect(await screen.findByRole('img', { name: 'Preview of your new photo' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^blob:/),
    );
    expect(toSquareJpeg).toHaveBeenCalledWith(chosen);
    await solveCaptcha(user);
    await update(user);

    const progress = await screen.findByRole('progressbar', { name: 'Uploading your profile' });
    expect(progress).toHaveAttribute('value', '50');
    expect(screen.getByRole('button', { name: 'Update' })).toHaveAttribute('aria-busy', 'true');

    const [request] = requestsTo(requests, '/studentapi/updateprofile');
    expect(request?.method).toBe('POST');
    expect(request?.headers.get('Authorization')).toBe(`Bearer ${student.databaseToken}`);
    const form = request?.body as FormData;
    expect(form.get('studentId')).toBe(student._id);
    expect(JSON.parse(form.get('data') as string)).toEqual({
      fullName: 'Ayesha Khan',
      fatherName: valid.fatherName,
      homeAddress: valid.homeAddress,
      dob: valid.dob,
      gender: 'female',
      lastQualification: 'Intermediate',
      province: 'sindh',
      city: 'Karachi',
      phoneNumber: valid.phoneNumber,
      haveLaptop: true,
      isEditing: false,
    });
    expect(form.get('captcha')).toBe(payload);
    expect(form.get('image')).toBeInstanceOf(File);
    expect((form.get('image') as File).name).toBe('photo.jpg');

    release();
    expect(await screen.findByRole('heading', { level: 1, name: 'Document Upload' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/doc-upload');
    expect(JSON.parse(sessionStorage.getItem('studentData')!)).toEqual({
      ...answer,
      databaseToken: student.databaseToken,
      tokenId: student.tokenId,
    });
  });

  it("shows the server's message at the bottom and under the field, and asks for a new captcha", async () => {
    let attempts = 0;
    const student = newStudent();
    const { user, requests, router } = renderApp('/profile', {
      student,
      api: captchaApi({
        '/studentapi/updateprofile': () =>
          ++attempts === 1
            ? fail(400, messages.nameCharacters, { errors: { fullName: messages.nameCharacters } })
            : ok({ success: true, message: messages.profileUpdated, data: updated(student) }),
      }),
    });
    await fill(user);
    await choosePhoto(user);
    await solveCaptcha(user);
    await update(user);

    expect(await screen.findByLabelText('Full name')).toHaveAccessibleDescription(messages.nameCharacters);
    expect(screen.getAllByText(messages.nameCharacters)).toHaveLength(2);
    expect(screen.getByRole('checkbox', { name: "I'm not a robot" })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    expect(screen.getByRole('button', { name: 'Update' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Update' })).not.toHaveAttribute('aria-busy');
    expect(router.state.location.pathname).toBe('/profile');

    await solveCaptcha(user);
    await update(user);
    expect(await screen.findByRole('heading', { level: 1, name: 'Document Upload' })).toBeInTheDocument();
    expect(requestsTo(requests, '/captcha/verify')).toHaveLength(2);
    expect(requestsTo(requests, '/studentapi/updateprofile')).toHaveLength(2);
  });

  it.each([
    { when: 'the network fails', reply: () => offline(), shown: messages.profileUpdateFailure },
    { when: 'the server says nothing', reply: () => fail(500, ''), shown: messages.profileUpdateFailure },
    { when: 'the server refuses', reply: () => fail(403, messages.forbidden), shown: messages.forbidden },
  ])('says "$shown" at the bottom of the form when $when', async ({ reply, shown }) => {
    const { user } = renderApp('/profile', {
      student: newStudent(),
      api: captchaApi({ '/studentapi/updateprofile': reply }),
    });
    await fill(user);
    await choosePhoto(user);
    await solveCaptcha(user);
    await update(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(shown);
    expect(screen.getByRole('checkbox', { name: "I'm not a robot" })).toHaveAttribute(
      'aria-checked',
      'false',
    );
  });

  it('puts a refusal of the photo (413) under the photo too', async () => {
    const { user } = renderApp('/profile', {
      student: newStudent(),
      api: captchaApi({ '/studentapi/updateprofile': () => fail(413, messages.imageTooLarge) }),
    });
    await fill(user);
    await choosePhoto(user);
    await solveCaptcha(user);
    await update(user);
    await waitFor(() =>
      expect(screen.getByLabelText('Your photo')).toHaveAccessibleDescription(
        expect.stringContaining(messages.imageTooLarge),
      ),
    );
  });

  it('sends a profile that is already complete on to the next step unless it is being edited', async () => {
    const { router } = renderApp('/profile', {
      student: makeStudent({ isProfileComplete: true, isDocumentUploaded: false }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Document Upload' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/doc-upload');
  });

  describe('editing (navigation state isEditing)', () => {
    const documents = [
      { documentType: 'Front CNIC' as const, URL: '/files/documents/front.jpg?sig=1' },
      { documentType: 'Back CNIC' as const, URL: '/files/documents/back.jpg?sig=1' },
      { documentType: 'Education Document' as const, URL: '/files/documents/education.jpg?sig=1' },
    ];
    const student = makeStudent({ imageUrl: '/files/photos/student-1.jpg?sig=1', documents });
    const editing = { pathname: '/profile', state: { isEditing: true } };

    it('prefills the form from the stored student and keeps the phone number as it is', async () => {
      renderApp(editing, { student });
      expect(await screen.findByLabelText('Full name')).toHaveValue(student.fullName);
      expect(screen.getByLabelText('Father name')).toHaveValue(student.fatherName);
      expect(screen.getByLabelText('Home address')).toHaveValue(student.homeAddress);
      expect(screen.getByLabelText('Date of birth')).toHaveValue(student.dob);
      expect(screen.getByRole('radio', { name: 'Female' })).toBeChecked();
      expect(screen.getByLabelText('Last qualification')).toHaveValue(student.lastQualification);
      expect(screen.getByLabelText('Province')).toHaveValue(student.province);
      expect(screen.getByLabelText('City')).toHaveValue(student.city);
      expect(screen.getByRole('checkbox', { name: 'I have a laptop' })).toBeChecked();
      expect(screen.getByLabelText('Phone number')).toHaveValue(student.phoneNumber);
      expect(screen.getByLabelText('Phone number')).toBeDisabled();
      expect(screen.getByRole('img', { name: 'Your photo on file' })).toHaveAttribute(
        'src',
        student.imageUrl,
      );
    });

    it('updates without a new photo, sending the number on file and isEditing', async () => {
      const { user, requests, router } = renderApp(editing, {
        student,
        api: captchaApi({
          '/studentapi/updateprofile': () =>
            ok({
              success: true,
              message: messages.profileUpdated,
              data: updated(student, { city: 'Hyderabad' }),
            }),
        }),
      });
      await user.selectOptions(await screen.findByLabelText('City'), 'Hyderabad');
      await solveCaptcha(user);
      await update(user);

      await waitFor(() => expect(router.state.location.pathname).not.toBe('/profile'));
      const form = requestsTo(requests, '/studentapi/updateprofile')[0]?.body as FormData;
      expect(form.has('image')).toBe(false);
      expect(JSON.parse(form.get('data') as string)).toMatchObject({
        city: 'Hyderabad',
        phoneNumber: student.phoneNumber,
        isEditing: true,
      });
      expect(JSON.parse(sessionStorage.getItem('studentData')!)).toMatchObject({ city: 'Hyderabad' });
    });

    it('still checks a photo that is given', async () => {
      const { user } = renderApp(editing, { student, api: captchaApi() });
      await screen.findByLabelText('Your photo');
      await choosePhoto(user, new File(['GIF89a'], 'me.png', { type: 'image/png' }));
      expect(await screen.findByLabelText('Your photo')).toHaveAccessibleDescription(
        expect.stringContaining(messages.imageInvalid.trim()),
      );
    });

    it('opens the document upload in editing mode with the documents on file', async () => {
      const { user, router } = renderApp(editing, { student });
      const link = await screen.findByRole('link', { name: 'Update documents' });
      await user.click(link);
      expect(await screen.findByRole('heading', { level: 1, name: 'Document Upload' })).toBeInTheDocument();
      expect(router.state.location).toMatchObject({
        pathname: '/doc-upload',
        state: { isEditing: true, studentDocuments: documents },
      });
    });

    it('says so when editing is not allowed', async () => {
      renderApp(editing, { student: makeStudent({ canEditProfile: false }) });
      expect(await screen.findByText(messages.profileEditDisabled)).toBeInTheDocument();
      expect(screen.queryByLabelText('Full name')).not.toBeInTheDocument();
    });
  });

  it('explains when the lists cannot be loaded, and retries', async () => {
    let available = false;
    const { user } = renderApp('/profile', {
      student: newStudent(),
      api: {
        '/public/reference-lists': () => (available ? ok(referenceListsFixture()) : fail(500, '')),
      },
    });
    expect(await screen.findByText(messages.genericFailure)).toBeInTheDocument();
    available = true;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByLabelText('Province')).toBeInTheDocument();
  });
});

function referenceListsFixture() {
  return {
    provinces: [{ value: 'ict', label: 'Islamabad Capital Territory', cities: ['Islamabad'] }],
    qualifications: ['Matric'],
    cancelReasons: [],
  };
}
