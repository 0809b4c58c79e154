import { messages } from '@portal/shared/messages';
import type { StaffAnnouncement } from '@portal/shared/schemas/staff-announcements';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, fail, makeStaff, ok, renderConsole, type StaffRequest } from '@test/render-console';

const published: StaffAnnouncement = {
  _id: '11111111-1111-4111-8111-111111111111',
  title: 'Classes resume',
  description: '<p>On Monday.</p>',
  url: '',
  publishedAt: '2026-11-20T09:00:00.000Z',
  scheduled: false,
  titleUr: '',
  descriptionUr: '',
  audience: { batchId: null, course: null, status: null, city: null },
  emailedTo: null,
};
const scheduled: StaffAnnouncement = {
  _id: '22222222-2222-4222-8222-222222222222',
  title: 'Results night',
  description: '<p>Tonight.</p>',
  url: 'https://example.pk/results',
  publishedAt: '2099-01-01T15:00:00.000Z',
  scheduled: true,
  titleUr: '',
  descriptionUr: '',
  audience: { batchId: null, course: null, status: null, city: null },
  emailedTo: null,
};

function api(extra: Record<string, (request: StaffRequest) => ReturnType<typeof ok>> = {}) {
  return {
    'GET /staffapi/content/announcements': () =>
      ok({ success: true, data: [scheduled, published], total: 2 }),
    'POST /staffapi/catalogue/html-preview': (request: StaffRequest) =>
      ok({
        success: true,
        // As the server's sanitiser would: the script is gone.
        data: { html: String((request.body as { html: string }).html).replace(/<script.*?<\/script>/g, '') },
      }),
    ...extra,
  };
}

describe('announcements', () => {
  it('lists them with the scheduled ones marked', async () => {
    renderConsole('/staff/announcements', { staff: makeStaff('content'), api: api() });
    const table = await screen.findByRole('table', { name: 'Announcements' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Results night');
    expect(rows[1]).toHaveTextContent('Scheduled');
    expect(rows[2]).toHaveTextContent('Published');
  });

  it('publishes now: checks the fields, previews the text as the server sanitises it, and sends it', async () => {
    const { user, requests } = renderConsole('/staff/announcements', {
      staff: makeStaff('content'),
      api: api({
        'POST /staffapi/content/announcements': (request) =>
          ok({
            success: true,
            message: messages.announcementPublished,
            data: {
              ...published,
              _id: '33333333-3333-4333-8333-333333333333',
              title: (request.body as { title: string }).title,
            },
          }),
      }),
    });
    const form = await screen.findByRole('region', { name: 'New announcement' });
    await user.click(within(form).getByRole('button', { name: 'Publish' }));
    expect(await within(form).findByText('Enter the title')).toBeInTheDocument();
    expect(within(form).getByText('Enter the text')).toBeInTheDocument();

    await user.type(within(form).getByLabelText('Title'), 'Exam day moved');
    await user.type(within(form).getByLabelText('Text'), '<p>On <b>Sunday</b></p><script>x()</script>');
    const preview = within(form).getByRole('region', { name: 'Preview of the text, as students see it' });
    await waitFor(() => expect(within(preview).getByText('Sunday').tagName).toBe('B'));
    expect(preview.querySelector('script')).toBeNull();

    await user.type(within(form).getByLabelText('Link'), 'http://example.pk');
    await user.click(within(form).getByRole('button', { name: 'Publish' }));
    expect(await within(form).findByText(messages.httpsLinkRequired)).toBeInTheDocument();
    expect(callsTo(requests, 'POST', '/staffapi/content/announcements')).toHaveLength(0);

    await user.clear(within(form).getByLabelText('Link'));
    await user.type(within(form).getByLabelText('Link'), 'https://example.pk/exam');
    await user.click(within(form).getByRole('button', { name: 'Publish' }));
    expect(await within(form).findByText(/Announcement published: Exam day moved/)).toBeInTheDocument();
    expect(callsTo(requests, 'POST', '/staffapi/content/announcements')[0]?.body).toEqual({
      title: 'Exam day moved',
      description: '<p>On <b>Sunday</b></p><script>x()</script>',
      url: 'https://example.pk/exam',
      publishedAt: null,
      titleUr: '',
      descriptionUr: '',
      audience: { batchId: null, course: null, status: null, city: null },
      email: false,
    });
    expect(within(form).getByLabelText('Title')).toHaveValue('');
  });

  it('aims an announcement at an audience, in both languages, and e-mails it: the count queued is shown', async () => {
    const { user, requests } = renderConsole('/staff/announcements', {
      staff: makeStaff('content'),
      api: api({
        'POST /staffapi/content/announcements': (request) =>
          ok({
            success: true,
            message: 'Announcement published. E-mailed to its audience: 37',
            data: {
              ...published,
              title: (request.body as { title: string }).title,
              audience: (request.body as { audience: StaffAnnouncement['audience'] }).audience,
              emailedTo: 37,
            },
          }),
      }),
    });
    const form = await screen.findByRole('region', { name: 'New announcement' });
    await user.type(within(form).getByLabelText('Title'), 'Lab moved');
    await user.type(within(form).getByLabelText('Text'), '<p>Room 4</p>');
    const audience = within(form).getByRole('group', { name: 'Who it is for' });
    await user.selectOptions(within(audience).getByLabelText('Batch'), 'Batch 12 · Lahore');
    await user.selectOptions(within(audience).getByLabelText('Course'), 'AIC');
    await user.selectOptions(within(audience).getByLabelText('Registration status'), 'LEARNING');
    await user.type(within(audience).getByLabelText('City'), 'Lahore');

    // Half the Urdu, or an e-mail for a scheduled one: refused on the form, nothing sent.
    await user.type(within(form).getByLabelText('Title in Urdu'), 'لیب');
    await user.click(within(form).getByLabelText('Also e-mail it to them now'));
    await user.type(within(form).getByLabelText('Publish at'), '2099-01-01T10:00');
    await user.click(within(form).getByRole('button', { name: 'Publish' }));
    expect(await within(form).findByText(messages.announcementUrduIncomplete)).toBeInTheDocument();
    expect(within(form).getByText(messages.announcementEmailScheduled)).toBeInTheDocument();
    expect(callsTo(requests, 'POST', '/staffapi/content/announcements')).toHaveLength(0);

    await user.type(within(form).getByLabelText('Text in Urdu'), '<p>کمرہ ۴</p>');
    await user.clear(within(form).getByLabelText('Publish at'));
    await user.click(within(form).getByRole('button', { name: 'Publish' }));
    expect(await within(form).findByText(/E-mailed to its audience: 37/)).toBeInTheDocument();
    expect(callsTo(requests, 'POST', '/staffapi/content/announcements')[0]?.body).toMatchObject({
      title: 'Lab moved',
      titleUr: 'لیب',
      descriptionUr: '<p>کمرہ ۴</p>',
      audience: {
        batchId: '55555555-5555-4555-8555-555555555555',
        course: 'AIC',
        status: 'LEARNING',
        city: 'Lahore',
      },
      email: true,
    });
  });

  it('schedules at the chosen time, refusing a time gone by before sending', async () => {
    const { user, requests } = renderConsole('/staff/announcements', {
      staff: makeStaff('content'),
      api: api({
        'POST /staffapi/content/announcements': () =>
          ok({ success: true, message: messages.announcementScheduled, data: scheduled }),
      }),
    });
    const form = await screen.findByRole('region', { name: 'New announcement' });
    await user.type(within(form).getByLabelText('Title'), 'Results night');
    await user.type(within(form).getByLabelText('Text'), 'Tonight');
    await user.type(within(form).getByLabelText('Publish at'), '2020-01-01T10:00');
    await user.click(within(form).getByRole('button', { name: 'Publish' }));
    expect(await within(form).findByText(messages.announcementPublishInPast)).toBeInTheDocument();
    expect(callsTo(requests, 'POST', '/staffapi/content/announcements')).toHaveLength(0);

    await user.clear(within(form).getByLabelText('Publish at'));
    await user.type(within(form).getByLabelText('Publish at'), '2099-01-01T20:00');
    await user.click(within(form).getByRole('button', { name: 'Publish' }));
    expect(await within(form).findByText(/Announcement scheduled: Results night/)).toBeInTheDocument();
    const sent = callsTo(requests, 'POST', '/staffapi/content/announcements')[0]?.body as {
      publishedAt: string;
    };
    expect(sent.publishedAt).toBe(new Date('2099-01-01T20:00').toISOString());
  });

  it("shows the server's refusal and keeps what was typed", async () => {
    const { user } = renderConsole('/staff/announcements', {
      staff: makeStaff('content'),
      api: api({
        'POST /staffapi/content/announcements': () => fail(409, messages.announcementDuplicate),
      }),
    });
    const form = await screen.findByRole('region', { name: 'New announcement' });
    await user.type(within(form).getByLabelText('Title'), 'Twice');
    await user.type(within(form).getByLabelText('Text'), 'Text');
    await user.click(within(form).getByRole('button', { name: 'Publish' }));
    expect(await within(form).findByText(messages.announcementDuplicate)).toBeInTheDocument();
    expect(within(form).getByLabelText('Title')).toHaveValue('Twice');
  });

  it('edits one: the form holds it, and Save changes sends to its address', async () => {
    const { user, requests } = renderConsole('/staff/announcements', {
      staff: makeStaff('content'),
      api: api({
        'POST /staffapi/content/announcements/:id': () =>
          ok({
            success: true,
            message: messages.announcementSaved,
            data: { ...scheduled, title: 'Results tonight' },
          }),
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit Results night' }));
    const form = await screen.findByRole('region', { name: 'Edit announcement' });
    expect(within(form).getByLabelText('Title')).toHaveValue('Results night');
    expect(within(form).getByLabelText('Publish at')).not.toHaveValue('');
    await user.clear(within(form).getByLabelText('Title'));
    await user.type(within(form).getByLabelText('Title'), 'Results tonight');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    await screen.findByRole('region', { name: 'New announcement' });
    const sent = callsTo(requests, 'POST', `/staffapi/content/announcements/${scheduled._id}`);
    expect(sent[0]?.body).toMatchObject({ title: 'Results tonight', url: 'https://example.pk/results' });
  });
});
