import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '@portal/shared/messages';
import { callsTo, ok, renderConsole } from '@test/render-console';

const entry = '/staff/content/links?course=AIC&batchNumber=0&quarter=Q1';
const syllabus = {
  course: 'AIC',
  batchNumber: 0,
  quarter: 'Q1',
  kind: 'syllabus',
  title: 'Syllabus',
  url: 'https://example.org/syllabus.pdf',
};

describe('the course links page', () => {
  it('sets a link of the chosen kind for the page’s course, batch number and quarter', async () => {
    const { user, requests } = renderConsole(entry, {
      api: {
        'GET /staffapi/content/links': () => ok({ success: true, data: [syllabus] }),
        'POST /staffapi/content/links': () => ok({ success: true, message: 'Saved' }),
      },
    });
    const form = await screen.findByRole('form', { name: 'Set a link' });
    expect(within(form).getByRole('combobox', { name: 'Kind' })).toHaveValue('syllabus');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Kind' }), 'communityChat');
    await user.type(within(form).getByLabelText('Link title'), 'Community chat');
    await user.type(within(form).getByLabelText('Address'), 'https://chat.example.org/aic');
    await user.click(within(form).getByRole('button', { name: 'Save link' }));
    await waitFor(() => expect(callsTo(requests, 'POST', '/staffapi/content/links')).toHaveLength(1));
    expect(callsTo(requests, 'POST', '/staffapi/content/links')[0]!.body).toEqual({
      course: 'AIC',
      batchNumber: '0',
      quarter: 'Q1',
      kind: 'communityChat',
      title: 'Community chat',
      url: 'https://chat.example.org/aic',
    });
  });

  it('shows the schema’s messages on an empty title and a wrong address, and sends nothing', async () => {
    const { user, requests } = renderConsole(entry, {
      api: { 'GET /staffapi/content/links': () => ok({ success: true, data: [syllabus] }) },
    });
    const form = await screen.findByRole('form', { name: 'Set a link' });
    await user.type(within(form).getByLabelText('Address'), 'chat.example.org');
    await user.click(within(form).getByRole('button', { name: 'Save link' }));
    const title = within(form).getByLabelText('Link title');
    await waitFor(() => expect(title).toHaveAccessibleDescription(messages.contentTitleRequired));
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByLabelText('Address')).toHaveAccessibleDescription(messages.contentLinkInvalid);
    expect(callsTo(requests, 'POST', '/staffapi/content/links')).toHaveLength(0);
  });
});
