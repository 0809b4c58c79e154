import { ENROLMENT_STATUSES, type EnrolmentStatus } from '@portal/shared/constants/enrolment';
import { formatMessage, messages } from '@portal/shared/messages';
import type { Batch, Course, CourseRegistration, RestrictedBatchEntry } from '@portal/shared/schemas/courses';
import type { SessionStudent } from '@portal/shared/schemas/student';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setLocale } from '@/lib/i18n';
import {
  fail,
  makeStudent,
  offline,
  ok,
  referenceLists,
  renderApp,
  requestsTo,
  withoutSession,
  type ApiHandlers,
} from '@test/render-app';

const LONG = 'Learn machine learning, deep learning and how to build intelligent applications with Python.';

/** Identifiers are UUIDs on the wire (the request schemas check them). */
function uuid(n: number) {
  return `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
}

let nextId = 1;
function course(code: Course['initial'], name: string, shortDescription = `${name} in short.`): Course {
  return { _id: uuid(nextId++), name, initial: code, shortDescription, courseColor: '#0b5394' };
}
const aic = course('AIC', 'Artificial Intelligence', LONG);
const bcc = course('BCC', 'Blockchain');
const cnc = course('CNC', 'Cloud Native and Mobile Web Computing');
const ila = course('ILA', 'Certified 4IR Innovation Leader & Architect');

function batch(
  id: string,
  city: string,
  name: string,
  offers: Array<[Course, 'onsite' | 'online' | 'both']>,
) {
  return {
    _id: id,
    city,
    name,
    courses: offers.map(([offered]) => offered),
    batchCourses: offers.map(([offered, mode]) => ({ course: offered._id, mode })),
  } satisfies Batch;
}
const karachi36 = batch(uuid(101), 'Karachi', 'Batch 36', [
  [aic, 'both'],
  [bcc, 'onsite'],
  [cnc, 'online'],
]);
const karachi70 = batch(uuid(102), 'Karachi', 'Batch 70', [[cnc, 'both']]);
const lahore36 = batch(uuid(103), 'Lahore', 'Batch 36', [[aic, 'both']]);

function special(onSiteAllowed: boolean, mode: 'onsite' | 'both'): RestrictedBatchEntry {
  return {
    batchId: uuid(105),
    courseId: ila._id,
    batch: batch(uuid(105), 'Karachi', 'Batch 5', [[ila, mode]]),
    course: ila,
    onSiteAllowed,
  };
}

function registration(
  courseStatus: EnrolmentStatus,
  overrides: Partial<CourseRegistration> = {},
): CourseRegistration {
  return {
    _id: uuid(200 + ENROLMENT_STATUSES.indexOf(courseStatus)),
    courseId: aic,
    batchId: { _id: karachi36._id, city: 'Karachi', name: 'Batch 36' },
    batchName: 'Batch 36',
    courseStatus,
    currentQuarter: 'Q1',
    currentlyOnsite: true,
    cancelReason: null,
    ...overrides,
  };
}

interface Lists {
  available?: Batch[];
  mine?: CourseRegistration[];
  special?: RestrictedBatchEntry[];
}

function courseApi({ available = [], mine = [], special: entries = [] }: Lists): ApiHandlers {
  return {
    '/studentapi/getcourse/availableCourses': () => ok({ success: true, data: available }),
    '/studentapi/getcourse/myCourses': () => ok({ success: true, data: mine }),
    '/studentapi/restrictedbatches': () => ok({ success: true, message: 'ok', allowedBatches: entries }),
  };
}

function openCourses(lists: Lists, options: { student?: SessionStudent; api?: ApiHandlers } = {}) {
  return renderApp('/courses', {
    student: options.student ?? makeStudent(),
    api: { ...courseApi(lists), ...options.api },
  });
}

/** The card of a course by its heading, in New Available Courses unless another section is given. */
async function courseCard(name: string, section?: HTMLElement) {
  const scope = section ?? (await screen.findByRole('region', { name: 'New Available Courses' }));
  const heading = await within(scope).findByRole('heading', { name });
  return heading.closest('article')!;
}

async function myCourseCard() {
  const section = await screen.findByRole('region', { name: 'My Courses' });
  return within(section).findByRole('article');
}

/** Opens New Available Courses, folded while the student has an active registration. */
async function unfold(user: User) {
  const fold = await screen.findByRole('button', { name: 'New Available Courses' });
  expect(fold).toHaveAttribute('aria-expanded', 'false');
  await user.click(fold);
  expect(fold).toHaveAttribute('aria-expanded', 'true');
}

function platformChoices(card: HTMLElement) {
  return within(card)
    .queryAllByRole('radio')
    .map((radio) => radio.closest('label')!.textContent);
}

type User = ReturnType<typeof renderApp>['user'];

async function applyFor(user: User, card: HTMLElement, platform: 'Onsite' | 'Online') {
  await user.click(within(card).getByRole('radio', { name: platform }));
  await user.click(within(card).getByRole('button', { name: 'Apply' }));
  return screen.findByRole('dialog', { name: `Apply in ${aic.name}?` });
}

beforeAll(async () => {
  // The route loads lazily; compiling it on first use can outlast a query's wait on a busy machine.
  await Promise.all([import('./courses'), import('./admit-card')]);
});

describe('courses (/courses)', () => {
  it('tells a student whose documents wait for review where they stand, and not once they are verified', async () => {
    openCourses({ available: [] });
    const waiting = 'Your documents have been submitted and are waiting for review.';
    expect(await screen.findByText(new RegExp(waiting))).toBeInTheDocument();
  });

  it('says nothing of the review once the documents are verified', async () => {
    openCourses(
      { available: [] },
      { student: makeStudent({ status: 'Approved', isDocumentVerified: true }) },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Courses' })).toBeInTheDocument();
    expect(screen.queryByText(/waiting for review/)).not.toBeInTheDocument();
  });

  it('lists the open courses by city, then batch, with the description cut at 70 characters', async () => {
    const { user } = openCourses({ available: [karachi36, lahore36, karachi70] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Courses' })).toBeInTheDocument();
    const section = screen.getByRole('region', { name: 'New Available Courses' });
    // The first cards come first, the rest in the render after (decision 0068): the whole list, five cards.
    await waitFor(() => expect(within(section).getAllByRole('article')).toHaveLength(5));

    const outline = within(section)
      .getAllByRole('heading')
      .map((heading) => `${heading.tagName} ${heading.textContent}`);
    expect(outline).toEqual([
      'H2 New Available Courses',
      'H3 Karachi',
      'H4 Batch 36',
      `H5 ${aic.name}`,
      `H5 ${bcc.name}`,
      `H5 ${cnc.name}`,
      'H4 Batch 70',
      `H5 ${cnc.name}`,
      'H3 Lahore',
      'H4 Batch 36',
      `H5 ${aic.name}`,
    ]);
    const [karachiAic] = await within(section).findAllByRole('heading', { name: aic.name });
    const card = karachiAic!.closest('article')!;
    expect(within(card).getByText(`${LONG.slice(0, 70)}...`)).toBeInTheDocument();
    expect(within(card).queryByText(LONG)).not.toBeInTheDocument();
    // The rest is a tap away (a phone shows no tooltip), and folds back (issue 24, point 7).
    const more = within(card).getByRole('button', { name: 'Read more' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await user.click(more);
    expect(within(card).getByText(LONG)).toBeInTheDocument();
    const less = within(card).getByRole('button', { name: 'Show less' });
    expect(less).toHaveAttribute('aria-expanded', 'true');
    await user.click(less);
    expect(within(card).queryByText(LONG)).not.toBeInTheDocument();
    const announcements = screen.getByRole('region', { name: 'Announcements' });
    expect(within(announcements).getByRole('link')).toHaveAttribute('href', '/announcements');
  });

  it.each([
    { mode: 'both', shown: ['Onsite', 'Online'] },
    { mode: 'onsite', shown: ['Onsite'] },
    { mode: 'online', shown: ['Online'] },
  ] as const)('offers $shown for a course taught $mode', async ({ mode, shown }) => {
    openCourses({ available: [batch('batch-1', 'Karachi', 'Batch 36', [[aic, mode]])] });
    expect(platformChoices(await courseCard(aic.name))).toEqual(shown);
  });

  it.each([
    { onSiteAllowed: true, mode: 'onsite', shown: ['Onsite'] },
    { onSiteAllowed: true, mode: 'both', shown: ['Onsite', 'Online'] },
    { onSiteAllowed: false, mode: 'both', shown: ['Online'] },
  ] as const)(
    'offers $shown for a special course taught $mode when onSiteAllowed is $onSiteAllowed',
    async ({ onSiteAllowed, mode, shown }) => {
      openCourses({ special: [special(onSiteAllowed, mode)] });
      const section = await screen.findByRole('region', { name: 'Special Courses' });
      expect(platformChoices(await courseCard(ila.name, section))).toEqual(shown);
    },
  );

  it('explains a special onsite course that is not open onsite to the student, and cannot apply', async () => {
    openCourses({ special: [special(false, 'onsite')] });
    const card = await courseCard(ila.name, await screen.findByRole('region', { name: 'Special Courses' }));
    expect(platformChoices(card)).toEqual([]);
    expect(within(card).getByRole('button', { name: 'Apply' })).toBeDisabled();
    expect(within(card).getByRole('button', { name: 'Apply' })).toHaveAccessibleDescription(
      'No study platform of this course is open to you.',
    );
  });

  it('hides Special Courses from a student without any', async () => {
    openCourses({ available: [karachi36] });
    await courseCard(aic.name);
    expect(screen.queryByRole('region', { name: 'Special Courses' })).not.toBeInTheDocument();
  });

  it(`says "${messages.selectPlatform}" when Apply is pressed without a platform, and sends nothing`, async () => {
    const { user, requests } = openCourses({ available: [karachi36] });
    const card = await courseCard(aic.name);
    await user.click(within(card).getByRole('button', { name: 'Apply' }));

    expect(within(card).getByRole('alert')).toHaveTextContent(messages.selectPlatform);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(requestsTo(requests, '/studentapi/applyCourse')).toHaveLength(0);

    await user.click(within(card).getByRole('radio', { name: 'Online' }));
    expect(within(card).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('applies after confirmation, says so, refreshes the lists and stores the student with the roll number', async () => {
    const student = makeStudent({ rollNo: null, batch: null, batchId: null, course: null, courseId: null });
    let mine: CourseRegistration[] = [];
    let onServer = withoutSession(student);
    const applied = registration('APPLIED', { currentlyOnsite: false });
    const { user, requests } = openCourses(
      { available: [karachi36] },
      {
        student,
        api: {
          '/studentapi/getcourse/myCourses': () => ok({ success: true, data: mine }),
          '/studentapi/getinfo': () => ok({ success: true, studentData: onServer }),
          '/studentapi/applyCourse': () => {
            mine = [applied];
            onServer = {
              ...onServer,
              rollNo: 'PIAIC-000123',
              batch: 'Batch 36',
              batchId: karachi36._id,
              course: 'AIC',
              courseId: aic._id,
            };
            return ok({
              success: true,
              message: formatMessage(messages.appliedIn, { course: aic.name }),
              data: applied,
            });
          },
        },
      },
    );
    expect(await screen.findByText(messages.noCoursesApplied)).toBeInTheDocument();
    const card = await courseCard(aic.name);
    const dialog = await applyFor(user, card, 'Online');
    expect(within(dialog).getByText('Batch 36, Karachi · Online')).toBeInTheDocument();
    const myCoursesBefore = requestsTo(requests, '/studentapi/getcourse/myCourses').length;
    const infoBefore = requestsTo(requests, '/studentapi/getinfo').length;
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    const notice = await screen.findByText(formatMessage(messages.appliedIn, { course: aic.name }));
    expect(notice.closest('[role="status"]')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(requestsTo(requests, '/studentapi/applyCourse').map((request) => request.body)).toEqual([
      { studentId: student._id, batchId: karachi36._id, courseId: aic._id, onsite: false },
    ]);
    const mineCard = await myCourseCard();
    expect(within(mineCard).getByText('APPLIED')).toBeInTheDocument();
    await waitFor(() =>
      expect(JSON.parse(sessionStorage.getItem('studentData')!)).toMatchObject({
        rollNo: 'PIAIC-000123',
        batch: 'Batch 36',
        course: 'AIC',
        databaseToken: student.databaseToken,
      }),
    );
    expect(requestsTo(requests, '/studentapi/getcourse/myCourses').length).toBeGreaterThan(myCoursesBefore);
    expect(requestsTo(requests, '/studentapi/getinfo').length).toBeGreaterThan(infoBefore);
    // Now applied: the open courses fold away, and there is no second application.
    await unfold(user);
    expect(within(await courseCard(aic.name)).getByRole('button', { name: 'Apply' })).toBeDisabled();
  });

  it("shows the server's refusal in the dialog and keeps it open", async () => {
    const { user } = openCourses(
      { available: [karachi36] },
      { api: { '/studentapi/applyCourse': () => fail(409, messages.alreadyApplied) } },
    );
    const dialog = await applyFor(user, await courseCard(aic.name), 'Onsite');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(messages.alreadyApplied);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it(`says "${messages.coursesFailure}" when applying gets no answer`, async () => {
    const { user } = openCourses(
      { available: [karachi36] },
      { api: { '/studentapi/applyCourse': () => offline() } },
    );
    const dialog = await applyFor(user, await courseCard(aic.name), 'Onsite');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(messages.coursesFailure);
  });

  it('applies again in a batch whose registration was cancelled in place of that entry (courseIndex)', async () => {
    const cancelled = registration('CANCELLED', { cancelReason: 'Financial issues' });
    const other = registration('CANCELLED', {
      _id: uuid(301),
      batchId: { _id: uuid(104), city: 'Lahore', name: 'Batch 35' },
      batchName: 'Batch 35',
    });
    const { user, requests } = openCourses(
      { available: [karachi36], mine: [other, cancelled] },
      {
        api: {
          '/studentapi/applyCourse': () =>
            ok({ success: true, message: 'Applied', data: { ...cancelled, courseStatus: 'APPLIED' } }),
        },
      },
    );
    const dialog = await applyFor(user, await courseCard(aic.name), 'Onsite');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(requestsTo(requests, '/studentapi/applyCourse')).toHaveLength(1));
    expect(requestsTo(requests, '/studentapi/applyCourse')[0]?.body).toMatchObject({
      onsite: true,
      courseIndex: 1,
    });
  });

  it.each(['APPLIED', 'APPROVED', 'LEARNING', 'ENTRYTESTPASSED', 'REJECTED'] as const)(
    'disables Apply with a short explanation while a registration is %s',
    async (status) => {
      const { user } = openCourses({ available: [karachi36], mine: [registration(status)] });
      await unfold(user);
      const card = await courseCard(bcc.name);
      await waitFor(() => expect(within(card).getByRole('button', { name: 'Apply' })).toBeDisabled());
      expect(within(card).getByRole('button', { name: 'Apply' })).toHaveAccessibleDescription(
        expect.stringContaining(messages.alreadyApplied),
      );
    },
  );

  it.each(['GRADUATED', 'ENTRYTESTFAILED', 'CANCELLED', 'DROPOUT'] as const)(
    'lets the student apply when the registration is %s',
    async (status) => {
      openCourses({ available: [karachi36], mine: [registration(status)] });
      await myCourseCard();
      expect(within(await courseCard(bcc.name)).getByRole('button', { name: 'Apply' })).toBeEnabled();
      expect(screen.queryByRole('button', { name: 'New Available Courses' })).not.toBeInTheDocument();
      expect(screen.queryByText(messages.alreadyApplied, { exact: false })).not.toBeInTheDocument();
    },
  );

  // The spec's tables (sections 3 and 4), written out: colour, Open Portal, View Admit Card, Cancel.
  it.each([
    ['APPLIED', 'primary', false, true, true],
    ['APPROVED', 'info', false, true, true],
    ['LEARNING', 'info', true, false, false],
    ['GRADUATED', 'secondary', true, false, false],
    ['ENTRYTESTPASSED', 'success', true, false, false],
    ['ENTRYTESTFAILED', 'danger', false, true, false],
    ['REJECTED', 'danger', false, true, false],
    ['CANCELLED', 'danger', false, false, false],
    ['DROPOUT', 'dark', true, false, false],
  ] as const)(
    'shows %s in a %s badge; Open Portal %s, View Admit Card %s, Cancel registration %s',
    async (status, colour, portal, admitCard, cancel) => {
      openCourses({ mine: [registration(status)] });
      const card = await myCourseCard();
      const badge = within(card).getByText(status);
      expect(badge).toHaveClass('status-badge', `status-badge--${colour}`);
      expect(Boolean(within(card).queryByRole('button', { name: 'Open Portal' }))).toBe(portal);
      expect(Boolean(within(card).queryByRole('link', { name: 'View Admit Card' }))).toBe(admitCard);
      expect(Boolean(within(card).queryByRole('button', { name: 'Cancel registration' }))).toBe(cancel);
      const admitLinks = screen.queryByRole('region', { name: 'My Admit Card' });
      expect(Boolean(admitLinks)).toBe(admitCard);
    },
  );

  it('shows the registration: batch, city, platform and quarter', async () => {
    openCourses({ mine: [registration('LEARNING', { currentlyOnsite: false, currentQuarter: 'Q2' })] });
    const card = await myCourseCard();
    expect(within(card).getByRole('heading', { name: aic.name })).toBeInTheDocument();
    for (const [term, value] of [
      ['Batch', 'Batch 36'],
      ['City', 'Karachi'],
      ['Platform', 'Online'],
      ['Quarter', 'Q2'],
    ] as const) {
      expect(within(card).getByText(term).nextElementSibling).toHaveTextContent(value);
    }
  });

  it('Open Portal copies the course and batch into the stored student, Approved, and opens /home', async () => {
    const student = makeStudent({
      batch: null,
      batchId: null,
      course: null,
      courseId: null,
      status: 'Pending',
    });
    const learning = registration('LEARNING', {
      courseId: cnc,
      batchId: { _id: uuid(106), city: 'Lahore', name: 'Batch 70' },
      batchName: 'Batch 70',
      currentQuarter: 'Q3',
    });
    const { user, router } = openCourses({ mine: [learning] }, { student });
    await user.click(within(await myCourseCard()).getByRole('button', { name: 'Open Portal' }));

    expect(await screen.findByRole('heading', { level: 1, name: /Welcome/ })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home');
    expect(JSON.parse(sessionStorage.getItem('studentData')!)).toMatchObject({
      course: 'CNC',
      courseId: cnc._id,
      batch: 'Batch 70',
      batchId: uuid(106),
      cityOfStudy: 'Lahore',
      currentQuarter: 'Q3',
      status: 'Approved',
      databaseToken: student.databaseToken,
    });
  });

  it.each([
    ['the card', (card: HTMLElement) => within(card).getByRole('link', { name: 'View Admit Card' })],
    [
      'My Admit Card',
      () =>
        within(screen.getByRole('region', { name: 'My Admit Card' })).getByRole('link', {
          name: `Admit card: ${aic.name}, Batch 36 (Karachi)`,
        }),
    ],
  ])('opens the admit card from %s with the state it needs', async (_, link) => {
    const student = makeStudent({ rollNo: 'PIAIC-000123' });
    const { user, router } = openCourses(
      { mine: [registration('APPLIED', { currentlyOnsite: false })] },
      { student, api: { '/public/batchconfig': () => ok({ success: true, data: null }) } },
    );
    await user.click(link(await myCourseCard()));

    expect(await screen.findByRole('heading', { level: 1, name: 'Admit Card' })).toBeInTheDocument();
    expect(router.state.location.state).toEqual({
      user: withoutSession(student),
      city: 'Karachi',
      batchId: karachi36._id,
      distanceLearning: true,
      batchName: 'Batch 36',
    });
    expect(screen.getByText('PIAIC-000123', { selector: 'dd' })).toBeInTheDocument();
  });

  describe('once applied, New Available Courses folds', () => {
    it('leads with My Courses and folds the open courses behind a button the keyboard opens and closes', async () => {
      const { user } = openCourses({ available: [karachi36, lahore36], mine: [registration('APPLIED')] });
      await myCourseCard();
      const fold = await screen.findByRole('button', { name: 'New Available Courses' });
      const section = screen.getByRole('region', { name: 'New Available Courses' });
      const regions = screen.getAllByRole('region').map((region) => region.getAttribute('aria-labelledby'));
      expect(
        regions.indexOf(screen.getByRole('region', { name: 'My Courses' }).getAttribute('aria-labelledby')),
      ).toBeLessThan(regions.indexOf(section.getAttribute('aria-labelledby')));
      // The heading keeps the spec's words, and the sentence says why the courses are folded.
      expect(within(section).getByRole('heading', { level: 2 })).toHaveTextContent('New Available Courses');
      expect(within(section).getByText(messages.alreadyApplied, { exact: false })).toBeVisible();
      expect(fold).toHaveAttribute('aria-expanded', 'false');
      expect(within(section).queryByRole('article')).not.toBeInTheDocument();
      expect(within(section).queryByRole('combobox')).not.toBeInTheDocument();

      fold.focus();
      await user.keyboard('{Enter}');
      expect(fold).toHaveAttribute('aria-expanded', 'true');
      expect(await within(section).findAllByRole('article')).toHaveLength(4);
      expect(document.getElementById(fold.getAttribute('aria-controls')!)).toBeVisible();

      await user.keyboard(' ');
      expect(fold).toHaveAttribute('aria-expanded', 'false');
      expect(within(section).queryByRole('article')).not.toBeInTheDocument();
    });

    it('does not fold for a registration that was cancelled', async () => {
      openCourses({ available: [karachi36], mine: [registration('CANCELLED')] });
      await courseCard(aic.name);
      const section = screen.getByRole('region', { name: 'New Available Courses' });
      expect(
        within(section).queryByRole('button', { name: 'New Available Courses' }),
      ).not.toBeInTheDocument();
    });
  });

  describe('city and batch filters', () => {
    const cityHeadings = (section: HTMLElement) =>
      within(section)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent);
    const optionsOf = (select: HTMLElement) =>
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent);

    it("lists the student's city of study first, in the list and in the City choices", async () => {
      openCourses(
        { available: [karachi36, lahore36, karachi70] },
        { student: makeStudent({ cityOfStudy: 'Lahore', city: 'Karachi' }) },
      );
      const section = await screen.findByRole('region', { name: 'New Available Courses' });
      await within(section).findAllByRole('article');
      expect(cityHeadings(section)).toEqual(['Lahore', 'Karachi']);
      expect(optionsOf(within(section).getByLabelText('City'))).toEqual(['All cities', 'Lahore', 'Karachi']);
      expect(optionsOf(within(section).getByLabelText('Batch'))).toEqual([
        'All batches',
        'Batch 36',
        'Batch 70',
      ]);
    });

    it('lists the home city first for a student without a city of study yet', async () => {
      openCourses(
        { available: [karachi36, lahore36] },
        { student: makeStudent({ cityOfStudy: null, city: 'Lahore' }) },
      );
      const section = await screen.findByRole('region', { name: 'New Available Courses' });
      await within(section).findAllByRole('article');
      expect(cityHeadings(section)).toEqual(['Lahore', 'Karachi']);
    });

    it('shows only the chosen city and batch, and says so in a sentence when nothing is left', async () => {
      const { user } = openCourses({ available: [karachi36, lahore36, karachi70] });
      const section = await screen.findByRole('region', { name: 'New Available Courses' });
      await within(section).findAllByRole('article');

      await user.selectOptions(within(section).getByLabelText('City'), 'Lahore');
      expect(cityHeadings(section)).toEqual(['Lahore']);
      expect(within(section).getAllByRole('article')).toHaveLength(1);

      await user.selectOptions(within(section).getByLabelText('City'), '');
      await user.selectOptions(within(section).getByLabelText('Batch'), 'Batch 70');
      expect(cityHeadings(section)).toEqual(['Karachi']);
      expect(
        within(section)
          .getAllByRole('heading', { level: 4 })
          .map((h) => h.textContent),
      ).toEqual(['Batch 70']);

      await user.selectOptions(within(section).getByLabelText('City'), 'Lahore');
      expect(within(section).queryByRole('article')).not.toBeInTheDocument();
      expect(
        within(section).getByText('No course is open in Batch 70 in Lahore.', { exact: false }),
      ).toBeInTheDocument();

      await user.click(within(section).getByRole('button', { name: 'Show all courses' }));
      expect(within(section).getAllByRole('article')).toHaveLength(5);
      expect(within(section).getByLabelText('City')).toHaveValue('');
      expect(within(section).getByLabelText('Batch')).toHaveValue('');
    });

    it('keeps the chosen filter when the section is folded and opened again', async () => {
      const { user } = openCourses({ available: [karachi36, lahore36], mine: [registration('APPROVED')] });
      await unfold(user);
      const section = screen.getByRole('region', { name: 'New Available Courses' });
      await user.selectOptions(await within(section).findByLabelText('City'), 'Lahore');
      const fold = screen.getByRole('button', { name: 'New Available Courses' });
      await user.click(fold);
      await user.click(fold);
      expect(within(section).getByLabelText('City')).toHaveValue('Lahore');
      expect(cityHeadings(section)).toEqual(['Lahore']);
    });
  });

  describe('cancel registration', () => {
    const applied = registration('APPLIED');

    /** The server's list: a cancellation changes what the next read answers. */
    function cancelling(updatedCourse: CourseRegistration): ApiHandlers {
      return {
        '/studentapi/cancelCourse': () => {
          mine = mine.map((entry) => (entry._id === updatedCourse._id ? updatedCourse : entry));
          return ok({ success: true, message: messages.registrationCancelled, updatedCourse });
        },
      };
    }
    let mine: CourseRegistration[] = [];

    async function openDialog(api: ApiHandlers = {}) {
      mine = [registration('DROPOUT', { _id: uuid(302) }), applied];
      const view = openCourses(
        {},
        { api: { '/studentapi/getcourse/myCourses': () => ok({ success: true, data: mine }), ...api } },
      );
      const section = await screen.findByRole('region', { name: 'My Courses' });
      const card = (await within(section).findAllByRole('article'))[1]!;
      await view.user.click(within(card).getByRole('button', { name: 'Cancel registration' }));
      const dialog = await screen.findByRole('dialog', { name: 'Cancel registration' });
      await within(dialog).findAllByRole('radio');
      return { ...view, dialog, card };
    }

    it('offers the reasons of the reference list', async () => {
      const { dialog } = await openDialog();
      expect(
        within(dialog)
          .getAllByRole('radio')
          .map((radio) => radio.getAttribute('value')),
      ).toEqual(referenceLists.cancelReasons.map((reason) => reason.value));
      expect(within(dialog).queryByLabelText('Your reason')).not.toBeInTheDocument();
    });

    it(`says "${messages.fieldRequired}" without a reason, and sends nothing`, async () => {
      const { user, dialog, requests } = await openDialog();
      await user.click(within(dialog).getByRole('button', { name: 'Cancel registration' }));
      const group = within(dialog).getByRole('group', { name: 'Why do you want to cancel?' });
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(messages.fieldRequired);
      expect(group).toHaveAccessibleDescription(messages.fieldRequired);
      expect(requestsTo(requests, '/studentapi/cancelCourse')).toHaveLength(0);
    });

    it(`says "${messages.fieldRequired}" under the text field for Other without a reason`, async () => {
      const { user, dialog, requests } = await openDialog();
      await user.click(within(dialog).getByRole('radio', { name: 'Other' }));
      const text = within(dialog).getByLabelText('Your reason');
      await user.type(text, '   ');
      await user.click(within(dialog).getByRole('button', { name: 'Cancel registration' }));
      await waitFor(() => expect(text).toHaveAccessibleDescription(messages.fieldRequired));
      expect(requestsTo(requests, '/studentapi/cancelCourse')).toHaveLength(0);
    });

    it('cancels with the typed reason; the dialog closes and the card shows CANCELLED', async () => {
      const { user, dialog, card, requests } = await openDialog(
        cancelling({ ...applied, courseStatus: 'CANCELLED', cancelReason: 'Moving abroad' }),
      );
      await user.click(within(dialog).getByRole('radio', { name: 'Other' }));
      await user.type(within(dialog).getByLabelText('Your reason'), ' Moving abroad ');
      await user.click(within(dialog).getByRole('button', { name: 'Cancel registration' }));

      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(within(card).getByText('CANCELLED')).toHaveClass('status-badge--danger');
      expect(within(card).getByText('Moving abroad')).toBeInTheDocument();
      expect(within(card).queryByRole('button', { name: 'Cancel registration' })).not.toBeInTheDocument();
      expect(screen.getByText(messages.registrationCancelled)).toBeInTheDocument();
      expect(requestsTo(requests, '/studentapi/cancelCourse').map((request) => request.body)).toEqual([
        { docId: applied._id, cancellationReason: 'other', otherReason: 'Moving abroad', courseIndex: 1 },
      ]);
    });

    it('sends a listed reason by its value, without a typed one', async () => {
      const { user, dialog, requests } = await openDialog(
        cancelling({ ...applied, courseStatus: 'CANCELLED' }),
      );
      const first = referenceLists.cancelReasons[0]!;
      await user.click(within(dialog).getByRole('radio', { name: 'Other' }));
      await user.type(within(dialog).getByLabelText('Your reason'), 'changed my mind');
      await user.click(within(dialog).getByRole('radio', { name: first.label }));
      await user.click(within(dialog).getByRole('button', { name: 'Cancel registration' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(requestsTo(requests, '/studentapi/cancelCourse')[0]?.body).toEqual({
        docId: applied._id,
        cancellationReason: first.value,
        courseIndex: 1,
      });
    });

    it("keeps the dialog open with the server's refusal", async () => {
      const { user, dialog } = await openDialog({
        '/studentapi/cancelCourse': () => fail(409, messages.cancelNotAllowed),
      });
      await user.click(within(dialog).getByRole('radio', { name: referenceLists.cancelReasons[0]!.label }));
      await user.click(within(dialog).getByRole('button', { name: 'Cancel registration' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(messages.cancelNotAllowed);
      expect(screen.getByRole('dialog')).toBeInTheDocument();
    });
  });

  it('says when there is nothing applied and nothing open', async () => {
    openCourses({});
    expect(await screen.findByText(messages.noCoursesApplied)).toBeInTheDocument();
    expect(await screen.findByText(messages.noActiveRegistration)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'My Admit Card' })).not.toBeInTheDocument();
  });

  it("shows a list's failure with the server's message and Retry", async () => {
    let recovered = false;
    const { user } = openCourses(
      { mine: [registration('APPLIED')] },
      {
        api: {
          '/studentapi/getcourse/availableCourses': () =>
            recovered ? ok({ success: true, data: [] }) : fail(500, 'The catalogue is not answering'),
        },
      },
    );
    await unfold(user);
    const section = await screen.findByRole('region', { name: 'New Available Courses' });
    expect(await within(section).findByRole('alert')).toHaveTextContent('The catalogue is not answering');
    // The other sections are not blanked by it.
    expect(await myCourseCard()).toBeInTheDocument();
    recovered = true;
    await user.click(within(section).getByRole('button', { name: 'Retry' }));
    expect(await within(section).findByText(messages.noActiveRegistration)).toBeInTheDocument();
  });

  it(`says "${messages.coursesFailure}" when a list gets no answer`, async () => {
    openCourses({}, { api: { '/studentapi/getcourse/myCourses': () => offline() } });
    const section = await screen.findByRole('region', { name: 'My Courses' });
    expect(await within(section).findByRole('alert', {}, { timeout: 5_000 })).toHaveTextContent(
      messages.coursesFailure,
    );
  });

  it(`says "${messages.genericFailure}" when the special courses get no answer, and keeps the other sections`, async () => {
    openCourses(
      { available: [karachi36], mine: [registration('CANCELLED')] },
      { api: { '/studentapi/restrictedbatches': () => offline() } },
    );
    const section = await screen.findByRole('region', { name: 'Special Courses' });
    expect(await within(section).findByRole('alert', {}, { timeout: 5_000 })).toHaveTextContent(
      messages.genericFailure,
    );
    expect(within(section).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(await myCourseCard()).toBeInTheDocument();
    expect(await courseCard(aic.name)).toBeInTheDocument();
  });

  describe('document alerts', () => {
    it('says why the documents were rejected, with a link to upload them again', async () => {
      const documents = [{ documentType: 'Front CNIC' as const, URL: '/files/documents/front.jpg?sig=1' }];
      const student = makeStudent({
        status: 'Rejected',
        rejectreason: 'The CNIC picture is blurred',
        documents,
      });
      const { user, router } = openCourses({}, { student });
      const alert = await screen.findByText(
        formatMessage(messages.documentsRejectedAlert, { reason: 'The CNIC picture is blurred' }),
      );
      await user.click(
        within(alert.closest('.alert')!).getByRole('link', { name: 'Upload documents again' }),
      );
      await waitFor(() => expect(router.state.location.pathname).toBe('/doc-upload'));
      expect(router.state.location.state).toEqual({ isEditing: true, studentDocuments: documents });
    });

    it('asks for the documents when they are missing', async () => {
      const { user, router } = openCourses({}, { student: makeStudent({ isDocumentUploaded: false }) });
      const alert = await screen.findByText(messages.documentsMissingAlert);
      await user.click(within(alert.closest('.alert')!).getByRole('link', { name: 'Upload documents' }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Document Upload' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/doc-upload');
    });

    it('says nothing about documents that are uploaded and not rejected', async () => {
      openCourses({});
      await screen.findByText(messages.noCoursesApplied);
      expect(screen.queryByText(messages.documentsMissingAlert)).not.toBeInTheDocument();
      expect(screen.queryByRole('link', { name: /Upload documents/ })).not.toBeInTheDocument();
    });
  });
});

describe('courses (/courses) in Urdu', () => {
  afterEach(async () => {
    await setLocale('en');
  });

  it('shows the sections, course cards, filters, registrations and the cancel dialog in Urdu', async () => {
    await setLocale('ur');
    const { user } = openCourses({
      available: [karachi36],
      mine: [registration('CANCELLED', { cancelReason: 'Moved to another city' })],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'کورسز' })).toBeInTheDocument();

    const mine = await screen.findByRole('region', { name: 'میرے کورسز' });
    const card = await within(mine).findByRole('article');
    expect(within(card).getByText('منسوخ')).toHaveClass('status-badge'); // CANCELLED
    expect(within(card).getByText('طریقۂ تعلیم', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
      'آن سائٹ',
    );
    // What the student or staff wrote stays as written.
    expect(within(card).getByText('Moved to another city')).toBeInTheDocument();

    const available = await screen.findByRole('region', { name: 'نئے دستیاب کورسز' });
    expect(within(available).getByRole('combobox', { name: 'شہر' })).toBeInTheDocument();
    const aicCard = await courseCard(aic.name, available);
    expect(within(aicCard).getByRole('group', { name: 'طریقۂ تعلیم' })).toBeInTheDocument();
    await user.click(within(aicCard).getByRole('radio', { name: 'آن لائن' }));
    await user.click(within(aicCard).getByRole('button', { name: 'درخواست دیں' }));
    const dialog = await screen.findByRole('dialog', {
      name: `کیا آپ ${aic.name} میں درخواست دینا چاہتے ہیں؟`,
    });
    expect(within(dialog).getByText('Batch 36، Karachi · آن لائن')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'تصدیق کریں' })).toBeInTheDocument();
  });

  it('opens the cancel dialog, loaded on demand, in Urdu', async () => {
    await setLocale('ur');
    const { user } = openCourses({ mine: [registration('APPLIED')] });
    const mine = await screen.findByRole('region', { name: 'میرے کورسز' });
    const card = await within(mine).findByRole('article');
    expect(within(card).getByText('درخواست دی گئی')).toBeInTheDocument(); // APPLIED
    await user.click(within(card).getByRole('button', { name: 'رجسٹریشن منسوخ کریں' }));
    const dialog = await screen.findByRole('dialog', { name: 'رجسٹریشن منسوخ کریں' });
    expect(
      await within(dialog).findByRole('group', { name: 'آپ رجسٹریشن کیوں منسوخ کرنا چاہتے ہیں؟' }),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'رجسٹریشن برقرار رکھیں' })).toBeInTheDocument();
  });

  it('goes back to English, every text as before', async () => {
    await setLocale('ur');
    await setLocale('en');
    openCourses({ available: [karachi36] });
    expect(await screen.findByRole('region', { name: 'New Available Courses' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Courses' })).toBeInTheDocument();
  });
});
