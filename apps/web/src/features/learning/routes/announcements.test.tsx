import { messages } from '@portal/shared/messages';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale, translateMessage } from '@/lib/i18n';
import { fail, makeStudent, ok, renderApp } from '@test/render-app';
import { announcement, learningApi } from './fixtures';

const student = makeStudent();

function titles() {
  const timeline = screen.getByRole('list', { name: 'Announcements timeline' });
  return within(timeline)
    .getAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent);
}

describe('/announcements', () => {
  it('pages through Show more until nextPageNo is "", then the button goes', async () => {
    let release = () => {};
    const pages: Record<number, { items: number[]; next: number | '' }> = {
      1: { items: [1, 2], next: 2 },
      2: { items: [3, 4], next: 3 },
      3: { items: [5], next: '' },
    };
    const { user, requests } = renderApp('/announcements', {
      student,
      api: learningApi({
        '/studentapi/announcements': async ({ pageNo }) => {
          if (pageNo === 3) await new Promise<void>((resolve) => (release = resolve));
          const page = pages[pageNo]!;
          return ok({
            success: true,
            message: 'ok',
            data: page.items.map((n) => announcement(n)),
            nextPageNo: page.next,
          });
        },
      }),
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'Announcement 1' })).toBeInTheDocument();
    expect(titles()).toEqual(['Announcement 1', 'Announcement 2']);

    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Announcement 3' })).toHaveFocus();
    expect(titles()).toEqual(['Announcement 1', 'Announcement 2', 'Announcement 3', 'Announcement 4']);

    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(screen.getByRole('button', { name: 'Show more' })).toHaveAttribute('aria-busy', 'true');
    release();
    expect(await screen.findByRole('heading', { level: 2, name: 'Announcement 5' })).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();

    // Page 1 on arrival (StrictMode's second mount may ask twice), then one request per Show more.
    const asked = requests
      .filter((request) => request.path === '/studentapi/announcements')
      .map((request) => request.body);
    expect(asked.slice(-2)).toEqual([{ pageNo: 2 }, { pageNo: 3 }]);
    expect(asked.slice(0, -2).every((body) => JSON.stringify(body) === '{"pageNo":1}')).toBe(true);
  });

  it("shows the title, the date, the description as the server's sanitised HTML and a link when there is one", async () => {
    renderApp('/announcements', {
      student,
      api: learningApi({
        '/studentapi/announcements': () =>
          ok({
            success: true,
            message: 'ok',
            data: [
              announcement(1, {
                title: 'Exam schedule',
                createdDate: '2026-11-21T09:00:00.000Z',
                desc: 'Bring your <b>card</b>.',
                url: 'https://example.org/schedule',
              }),
              announcement(2, { title: 'Holiday', url: '' }),
            ],
            nextPageNo: '',
          }),
      }),
    });
    const item = (await screen.findByRole('heading', { level: 2, name: 'Exam schedule' })).closest('li')!;
    expect(within(item).getByText('21 Nov 2026')).toHaveAttribute('datetime', '2026-11-21T09:00:00.000Z');
    expect(within(item).getByText('card').tagName).toBe('B');
    expect(item.querySelector('.timeline__desc')?.textContent).toBe('Bring your card.');
    const link = within(item).getByRole('link', {
      name: 'Read more about Exam schedule (opens in a new tab)',
    });
    expect(link).toHaveAttribute('href', 'https://example.org/schedule');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    const holiday = screen.getByRole('heading', { level: 2, name: 'Holiday' }).closest('li')!;
    expect(within(holiday).queryByRole('link')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it("says 'No announcements available' when there are none", async () => {
    renderApp('/announcements', { student, api: learningApi() });
    expect(await screen.findByText(messages.noAnnouncements)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it('shows a failure with Retry, and the announcements once Retry succeeds', async () => {
    let up = false;
    const { user } = renderApp('/announcements', {
      student,
      api: learningApi({
        '/studentapi/announcements': () =>
          up
            ? ok({ success: true, message: 'ok', data: [announcement(1)], nextPageNo: '' })
            : fail(500, messages.serverError),
      }),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.serverError);
    up = true;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Announcement 1' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps the loaded announcements when the next page fails, and Retry loads it', async () => {
    let up = false;
    const { user } = renderApp('/announcements', {
      student,
      api: learningApi({
        '/studentapi/announcements': ({ pageNo }) =>
          pageNo === 1
            ? ok({ success: true, message: 'ok', data: [announcement(1)], nextPageNo: 2 })
            : up
              ? ok({ success: true, message: 'ok', data: [announcement(2)], nextPageNo: '' })
              : fail(500, messages.serverError),
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Show more' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.serverError);
    expect(titles()).toEqual(['Announcement 1']);
    up = true;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Announcement 2' })).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });
});

describe('/announcements in Urdu', () => {
  afterEach(async () => {
    await setLocale('en');
  });

  it("shows the page's texts in Urdu, the date as ur-PK writes it, and staff's English left to right", async () => {
    await setLocale('ur');
    renderApp('/announcements', {
      student,
      api: learningApi({
        '/studentapi/announcements': () =>
          ok({
            success: true,
            message: 'ok',
            data: [
              announcement(1, {
                title: 'Exam schedule',
                createdDate: '2026-11-21T09:00:00.000Z',
                desc: 'Bring your <b>card</b>.',
                url: 'https://example.org/schedule',
              }),
            ],
            nextPageNo: 2,
          }),
      }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'اعلانات' })).toBeInTheDocument();
    const title = await screen.findByRole('heading', { level: 2, name: 'Exam schedule' });
    const item = title.closest('li')!;
    // Staff's text keeps its own direction inside the right-to-left page.
    expect(title).toHaveAttribute('dir', 'auto');
    expect(item.querySelector('.timeline__desc')).toHaveAttribute('dir', 'auto');

    const urduDate = new Date('2026-11-21T09:00:00.000Z').toLocaleDateString('ur-PK', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'Asia/Karachi',
    });
    expect(urduDate).toContain('نومبر');
    expect(within(item).getByText(urduDate)).toHaveAttribute('datetime', '2026-11-21T09:00:00.000Z');
    expect(
      within(item).getByRole('link', {
        name: 'مزید پڑھیں (Exam schedule کے بارے میں) (نئے ٹیب میں کھلتا ہے)',
      }),
    ).toHaveAttribute('href', 'https://example.org/schedule');
    expect(screen.getByRole('button', { name: 'مزید دکھائیں' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'اعلانات کی ٹائم لائن' })).toBeInTheDocument();
  });

  it("says the spec's 'No announcements available' through the message translator", async () => {
    await setLocale('ur');
    renderApp('/announcements', { student, api: learningApi() });
    expect(await screen.findByText(translateMessage(messages.noAnnouncements))).toBeInTheDocument();
  });
});
