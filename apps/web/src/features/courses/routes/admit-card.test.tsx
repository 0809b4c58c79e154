import type { AdmitCardState, BatchConfig } from '@portal/shared/schemas/courses';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  fail,
  makeStudent,
  ok,
  renderApp,
  requestsTo,
  withoutSession,
  type ApiHandlers,
} from '@test/render-app';
import { setLocale } from '@/lib/i18n';

const BATCH_ID = '00000000-0000-4000-8000-000000000101';
const START_B = '11010010000';
const STOP = '1100011101011';

const config: BatchConfig = {
  batchId: BATCH_ID,
  telegramLinks: {
    androidLink: 'https://t.me/portal_announcements',
    iosLink: 'https://t.me/portal_announcements',
    groupName: 'Batch 36 Karachi Announcements',
  },
  instructionsForMale: ['Bring your CNIC.', 'Reach 30 minutes early.', 'No phones in the hall.'],
  instructionsForFemale: ['Bring your CNIC.', 'A separate seating area is available.'],
  admitCardMessage: '<p><strong>Batch 36 entry test</strong> is held at the Karachi centre.</p>',
};

function cardState(overrides: Partial<AdmitCardState['user']> = {}): AdmitCardState {
  return {
    user: withoutSession(
      makeStudent({
        fullName: 'Ayesha Khan',
        rollNo: 'PIAIC-000123',
        imageUrl: '/files/photos/ayesha.jpg?sig=1',
        gender: 'female',
        ...overrides,
      }),
    ),
    batchId: BATCH_ID,
    city: 'Karachi',
    distanceLearning: false,
    batchName: 'Batch 36',
  };
}

type ConfigHandler = NonNullable<ApiHandlers['/public/batchconfig']>;

function openAdmitCard(state: unknown, answer: ConfigHandler = () => ok({ success: true, data: config })) {
  return renderApp(
    { pathname: '/admitcard', state },
    { student: makeStudent(), api: { '/public/batchconfig': answer } },
  );
}

function detail(term: string) {
  return screen.getByText(term, { selector: 'dt' }).nextElementSibling;
}

beforeAll(async () => {
  // Both routes load lazily (a card without state goes to /courses); compiling one on first use can outlast
  // a query's wait on a busy machine.
  await Promise.all([import('./admit-card'), import('./courses')]);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('admit card (/admitcard)', () => {
  it.each([
    ['without navigation state', null],
    ['with state that is not an admit card', { batchId: BATCH_ID }],
  ])('goes to /courses %s', async (_, state) => {
    const { router, requests } = openAdmitCard(state);
    expect(await screen.findByRole('heading', { level: 1, name: 'Courses' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/courses');
    expect(requestsTo(requests, '/public/batchconfig')).toHaveLength(0);
  });

  it('shows roll number, name, city, batch and the 160×160 photo', async () => {
    openAdmitCard(cardState());
    expect(await screen.findByRole('heading', { level: 1, name: 'Admit Card' })).toBeInTheDocument();
    expect(detail('Roll number')).toHaveTextContent('PIAIC-000123');
    expect(detail('Full name')).toHaveTextContent('Ayesha Khan');
    expect(detail('City')).toHaveTextContent('Karachi');
    expect(detail('Batch')).toHaveTextContent('Batch 36');
    expect(detail('Study platform')).toHaveTextContent('Onsite');
    const photo = screen.getByRole('img', { name: 'Photo of Ayesha Khan' });
    expect(photo).toHaveAttribute('src', '/files/photos/ayesha.jpg?sig=1');
    expect(photo).toHaveAttribute('width', '160');
    expect(photo).toHaveAttribute('height', '160');
    expect(screen.getByText('Student’s signature')).toBeInTheDocument();
  });

  it('draws the roll number as a CODE128 barcode', async () => {
    openAdmitCard(cardState());
    const barcode = await screen.findByRole('img', { name: 'Barcode of roll number PIAIC-000123' });
    const pattern = barcode.getAttribute('data-pattern')!;
    expect(pattern.startsWith(START_B)).toBe(true);
    expect(pattern.endsWith(STOP)).toBe(true);
    expect(pattern).toHaveLength(11 * 14 + 13);
    // One rectangle per bar, after the white background.
    expect(barcode.querySelectorAll('rect').length - 1).toBe(pattern.match(/1+/g)!.length);
  });

  it('draws no barcode without a roll number', async () => {
    openAdmitCard(cardState({ rollNo: null }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Admit Card' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /Barcode/ })).not.toBeInTheDocument();
  });

  it.each([
    ['male', config.instructionsForMale],
    ['female', config.instructionsForFemale],
  ] as const)('numbers the instructions for a %s student', async (gender, instructions) => {
    openAdmitCard(cardState({ gender }));
    const section = await screen.findByRole('region', { name: 'Instructions' });
    const list = within(section).getByRole('list');
    expect(list.tagName).toBe('OL');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(instructions);
  });

  it("shows the batch's admit card message as HTML and the announcements group link", async () => {
    const { requests } = openAdmitCard(cardState());
    expect(await screen.findByText('Batch 36 entry test', { selector: 'strong' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: config.telegramLinks.groupName })).toHaveAttribute(
      'href',
      config.telegramLinks.androidLink,
    );
    expect(requestsTo(requests, '/public/batchconfig').map((request) => request.body)).toContainEqual({
      batchId: BATCH_ID,
    });
  });

  it('prints the card without the message when the batch has no config', async () => {
    openAdmitCard(cardState(), () => ok({ success: true, data: null }));
    expect(await screen.findByRole('img', { name: /Barcode/ })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('status', { name: /Loading/ })).not.toBeInTheDocument());
    expect(screen.queryByRole('region', { name: 'Instructions' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: config.telegramLinks.groupName })).not.toBeInTheDocument();
  });

  it('only logs a failure to load the batch config (a warning), and still shows the card', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    openAdmitCard(cardState(), () => fail(500, 'Config store is down'));
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: /Barcode/ })).toBeInTheDocument();
  });

  it('gives a Print button that opens the browser print dialog', async () => {
    // happy-dom has no print(); the stub stays for this file only.
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const { user } = openAdmitCard(cardState());
    await user.click(await screen.findByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
  });
});

describe('admit card (/admitcard) in Urdu', () => {
  afterEach(async () => {
    await setLocale('en');
  });

  it('keeps what the exam centre reads in English, left to right, with the Urdu beside it', async () => {
    await setLocale('ur');
    openAdmitCard(cardState());
    expect(await screen.findByRole('heading', { level: 1, name: 'ایڈمٹ کارڈ' })).toBeInTheDocument();

    const card = screen.getByRole('article');
    expect(card).toHaveAttribute('dir', 'ltr');
    expect(card).toHaveAttribute('lang', 'en');
    const title = within(card).getByRole('heading', { level: 2 });
    expect(title).toHaveTextContent('Entry test admit card');
    expect(title).toHaveTextContent('داخلہ ٹیسٹ کا ایڈمٹ کارڈ');

    const rollNumber = within(card).getByText('Roll number', { selector: 'dt', exact: false });
    expect(rollNumber).toHaveTextContent('Roll number / رول نمبر');
    expect(within(rollNumber).getByText('رول نمبر')).toHaveAttribute('lang', 'ur');
    expect(rollNumber.nextElementSibling).toHaveTextContent('PIAIC-000123');
    const name = within(card).getByText('Full name', { selector: 'dt', exact: false });
    expect(name).toHaveTextContent('Full name / پورا نام');
    expect(name.nextElementSibling).toHaveTextContent('Ayesha Khan');
    const platform = within(card).getByText('Study platform', { selector: 'dt', exact: false });
    expect(platform.nextElementSibling).toHaveTextContent('Onsite / آن سائٹ');
    expect(within(card).getByText('Student’s signature', { exact: false })).toHaveTextContent(
      'طالب علم کے دستخط',
    );

    // The barcode is the same; its name for a screen reader is in the page's language.
    const barcode = within(card).getByRole('img', { name: 'رول نمبر PIAIC-000123 کا بارکوڈ' });
    expect(barcode).toHaveAttribute('lang', 'ur');
    expect(barcode.getAttribute('data-pattern')!.startsWith(START_B)).toBe(true);
    expect(within(card).getByText('PIAIC-000123', { selector: 'figcaption' })).toBeInTheDocument();

    expect(await screen.findByRole('region', { name: 'ہدایات' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'پرنٹ کریں' })).toBeInTheDocument();
  });
});
