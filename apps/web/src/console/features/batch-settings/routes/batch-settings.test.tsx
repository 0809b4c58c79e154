import { messages } from '@portal/shared/messages';
import type { StaffBatchConfig } from '@portal/shared/schemas/staff-config';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, makeStaff, ok, renderConsole, testBatches, type StaffRequest } from '@test/render-console';

const batch = testBatches[1]!;
const config: StaffBatchConfig = {
  batchId: batch._id,
  batchName: batch.name,
  city: batch.city,
  admitCardMessage: '<p>Bring this card.</p>',
  instructionsForMale: ['Come at 9'],
  instructionsForFemale: ['Come at 10'],
  telegramLinks: { androidLink: '', iosLink: '', groupName: 'Batch 12' },
};

describe('batch settings', () => {
  it('previews the message as the server sanitises it, checks the links, and saves one instruction a line', async () => {
    const { user, requests } = renderConsole(`/staff/batch-settings?batchId=${batch._id}`, {
      staff: makeStaff('content'),
      api: {
        'GET /staffapi/catalogue/batch-configs/:batchId': () => ok({ success: true, data: config }),
        'POST /staffapi/catalogue/html-preview': (request: StaffRequest) =>
          ok({
            success: true,
            data: { html: String((request.body as { html: string }).html).replace(/ onclick="[^"]*"/g, '') },
          }),
        'POST /staffapi/catalogue/batch-configs/:batchId': (request: StaffRequest) =>
          ok({
            success: true,
            message: messages.batchConfigSaved,
            data: { ...config, ...(request.body as object) },
          }),
      },
    });
    const form = await screen.findByRole('form', { name: 'Settings of Batch 12 · Lahore' });
    const preview = within(form).getByRole('region', {
      name: 'Preview of the admit card message, as students see it',
    });
    expect(await within(preview).findByText('Bring this card.')).toBeInTheDocument();

    const message = within(form).getByLabelText('Admit card message');
    await user.clear(message);
    await user.type(message, '<p onclick="x()">Bring <em>both</em> cards.</p>');
    await waitFor(() => expect(within(preview).getByText('both').tagName).toBe('EM'));
    expect(preview.querySelector('[onclick]')).toBeNull();

    await user.type(within(form).getByLabelText('Android link'), 'http://t.me/x');
    await user.click(within(form).getByRole('button', { name: 'Save settings' }));
    expect(await within(form).findByText(messages.httpsLinkRequired)).toBeInTheDocument();
    expect(callsTo(requests, 'POST', `/staffapi/catalogue/batch-configs/${batch._id}`)).toHaveLength(0);

    await user.clear(within(form).getByLabelText('Android link'));
    await user.type(within(form).getByLabelText('Android link'), 'https://t.me/x');
    await user.type(
      within(form).getByLabelText('Instructions for male students'),
      '{Enter}{Enter}Bring a pen',
    );
    await user.click(within(form).getByRole('button', { name: 'Save settings' }));
    expect(await within(form).findByText(messages.batchConfigSaved)).toBeInTheDocument();
    expect(callsTo(requests, 'POST', `/staffapi/catalogue/batch-configs/${batch._id}`)[0]?.body).toEqual({
      admitCardMessage: '<p onclick="x()">Bring <em>both</em> cards.</p>',
      instructionsForMale: ['Come at 9', 'Bring a pen'],
      instructionsForFemale: ['Come at 10'],
      telegramLinks: { androidLink: 'https://t.me/x', iosLink: '', groupName: 'Batch 12' },
    });
  });
});
