import { messages } from '@portal/shared/messages';
import type { ReviewItem, StaffStudent } from '@portal/shared/schemas/staff';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { referenceLists } from '@test/render-app';
import { callsTo, ok, renderConsole, type StaffRequest } from '@test/render-console';

const firstId = '11111111-1111-4111-8111-111111111111';
const secondId = '22222222-2222-4222-8222-222222222222';

function student(id: string, fullName: string): StaffStudent {
  return {
    _id: id,
    fullName,
    email: `${id}@example.org`,
    cnic: '4210112345671',
    rollNo: 'PIAIC-000123',
    phoneNumber: '03001234567',
    city: 'Karachi',
    status: 'Pending',
    isDocumentUploaded: true,
    isDocumentVerified: false,
    createdAt: '2026-11-01T10:00:00.000Z',
    fatherName: 'Imran Khan',
    gender: 'female',
    dob: '2000-01-01',
    homeAddress: 'House 1, Street 2, Karachi',
    province: 'sindh',
    lastQualification: 'Intermediate',
    haveLaptop: true,
    isProfileComplete: true,
    rejectreason: null,
    rejectReasonCode: null,
    rejectReasonNote: null,
    onSiteAllowed: false,
  };
}

function item(id: string, name: string): ReviewItem {
  return {
    student: student(id, name),
    photoUrl: `/staffapi/files/${id}/photo`,
    documents: [
      { documentType: 'Front CNIC', url: `/staffapi/files/${id}/front` },
      { documentType: 'Back CNIC', url: `/staffapi/files/${id}/back` },
      { documentType: 'Education Document', url: `/staffapi/files/${id}/education` },
    ],
    enrolments: [],
    vouchers: [],
    results: [],
    grants: [],
    audit: [],
    heldUntil: '2026-11-23T10:05:00.000Z',
    waiting: 7,
  };
}

/** Ayesha first; after a decision or a skip of Ayesha, Bilal. */
function reviewApi() {
  let decided = false;
  return {
    'GET /public/reference-lists': () => ok(referenceLists),
    'GET /staffapi/review/next': (request: StaffRequest) =>
      ok({
        success: true,
        data:
          decided || request.query.get('skip') === firstId
            ? item(secondId, 'Bilal Ahmed')
            : item(firstId, 'Ayesha Khan'),
      }),
    'POST /staffapi/students/:id/review': () => {
      decided = true;
      return ok({ success: true, message: 'ok', data: student(firstId, 'Ayesha Khan') });
    },
  };
}

describe('review', () => {
  it('shows the photo, the three documents and the profile fields, the hold and how many wait', async () => {
    renderConsole('/staff/review', { api: reviewApi() });
    expect(await screen.findByText('Ayesha Khan')).toBeInTheDocument();
    for (const name of ['Photo', 'Front CNIC', 'Back CNIC', 'Education Document']) {
      expect(screen.getByRole('img', { name })).toBeInTheDocument();
    }
    expect(screen.getByText('Imran Khan')).toBeInTheDocument();
    expect(screen.getByText('7 waiting')).toBeInTheDocument();
    expect(screen.getByText(/Held for you until/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Rotate Front CNIC' })).toBeInTheDocument();
  });

  it('shows the e-mail, roll number, city, province in words and qualification beside the documents', async () => {
    renderConsole('/staff/review', { api: reviewApi() });
    await screen.findByText('Ayesha Khan');
    const value = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling;
    expect(value('E-mail')).toHaveTextContent(`${firstId}@example.org`);
    expect(value('Roll number')).toHaveTextContent('PIAIC-000123');
    expect(value('City')).toHaveTextContent('Karachi');
    // Stored as "sindh"; read as the province's name once the lists are in.
    await waitFor(() => expect(value('Province')).toHaveTextContent('Sindh'));
    expect(value('Qualification')).toHaveTextContent('Intermediate');
    expect(
      screen.getByRole('link', { name: 'Front CNIC at full size (opens in a new tab)' }),
    ).toHaveAttribute('href', `/staffapi/files/${firstId}/front`);
  });

  it('a focused picture zooms with + and −, turns with R (not Reject), and 0 puts it back', async () => {
    const { user, requests } = renderConsole('/staff/review', { api: reviewApi() });
    await screen.findByText('Ayesha Khan');
    const frame = screen.getByRole('group', { name: 'Front CNIC: zoom and turn' });
    expect(frame).toHaveAttribute('tabindex', '0');
    expect(frame).toHaveAttribute('aria-keyshortcuts', 'Plus - R 0');
    expect(frame).toHaveAccessibleDescription(/\+ and − zoom, R turns, 0 resets/);
    const picture = within(frame).getByRole('img', { name: 'Front CNIC' });
    const zoom = () => (picture.parentElement as HTMLElement).style.getPropertyValue('--zoom');
    expect(zoom()).toBe('1');

    await user.click(frame);
    expect(frame).toHaveFocus();
    await user.keyboard('++');
    expect(zoom()).toBe('2');
    await user.keyboard('-');
    expect(zoom()).toBe('1.5');
    await user.keyboard('r');
    expect(picture.style.transform).toContain('rotate(90deg)');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.keyboard('0');
    expect(zoom()).toBe('1');
    expect(picture.style.transform).toContain('rotate(0deg)');
    // Only that picture changed; the others are as they were.
    const back = screen.getByRole('img', { name: 'Back CNIC' });
    expect(back.style.transform).toContain('rotate(0deg)');

    // Off the picture, R is Reject again.
    await user.click(screen.getByText('Imran Khan'));
    await user.keyboard('r');
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    expect(callsTo(requests, 'POST', `/staffapi/students/${firstId}/review`)).toHaveLength(0);
  });

  it('A approves the student on screen, then shows the next one', async () => {
    const { user, requests } = renderConsole('/staff/review', { api: reviewApi() });
    await screen.findByText('Ayesha Khan');
    await user.keyboard('a');
    expect(await screen.findByText('Bilal Ahmed')).toBeInTheDocument();
    const [decision] = callsTo(requests, 'POST', `/staffapi/students/${firstId}/review`);
    expect(decision?.body).toEqual({ decision: 'approve' });
  });

  it('N asks for the next student, skipping the one on screen', async () => {
    const { user, requests } = renderConsole('/staff/review', { api: reviewApi() });
    await screen.findByText('Ayesha Khan');
    await user.keyboard('n');
    expect(await screen.findByText('Bilal Ahmed')).toBeInTheDocument();
    const asks = callsTo(requests, 'GET', '/staffapi/review/next');
    expect(asks.at(-1)?.query.get('skip')).toBe(firstId);
    expect(callsTo(requests, 'POST', `/staffapi/students/${firstId}/review`)).toHaveLength(0);
  });

  it('R opens the reason picker; a reason is required, then the rejection carries it', async () => {
    const { user, requests } = renderConsole('/staff/review', { api: reviewApi() });
    await screen.findByText('Ayesha Khan');
    await user.keyboard('r');
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(messages.reviewReasonRequired);
    expect(callsTo(requests, 'POST', `/staffapi/students/${firstId}/review`)).toHaveLength(0);

    // A picked reason goes as its code (the student reads it in their language), with any own words.
    await user.click(within(dialog).getByLabelText(messages.rejectCnicFront));
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Your own words for the student (optional)' }),
      'Take it in daylight',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Bilal Ahmed')).toBeInTheDocument();
    const [decision] = callsTo(requests, 'POST', `/staffapi/students/${firstId}/review`);
    expect(decision?.body).toEqual({
      decision: 'reject',
      reasonCode: 'rejectCnicFront',
      reason: 'Take it in daylight',
    });
  });

  it('a typed reason is sent, and letters typed into it are not shortcuts', async () => {
    const { user, requests } = renderConsole('/staff/review', { api: reviewApi() });
    await screen.findByText('Ayesha Khan');
    await user.click(screen.getByRole('button', { name: 'Reject (R)' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByLabelText('Another reason (type it)'));
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'a blurred scan');
    // "n" and "a" were typed into the reason: no skip, no approval.
    expect(callsTo(requests, 'GET', '/staffapi/review/next').some((call) => call.query.has('skip'))).toBe(
      false,
    );
    expect(callsTo(requests, 'POST', `/staffapi/students/${firstId}/review`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect(callsTo(requests, 'POST', `/staffapi/students/${firstId}/review`)[0]?.body).toEqual({
        decision: 'reject',
        reason: 'a blurred scan',
      }),
    );
  });

  it('says so when no student is waiting', async () => {
    renderConsole('/staff/review', {
      api: { 'GET /staffapi/review/next': () => ok({ success: true, data: null }) },
    });
    expect(await screen.findByText('No student is waiting for review.')).toBeInTheDocument();
  });
});
