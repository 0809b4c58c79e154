import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '@portal/shared/messages';
import { callsTo, fail, ok, renderConsole } from '@test/render-console';

const book = {
  _id: '66666666-6666-4666-8666-666666666666',
  title: 'Deep Learning',
  link: 'https://books.example/dl',
  cover: '',
  position: 0,
};
const entry = '/staff/content/textbooks?course=AIC&batchNumber=0&quarter=Q2';

describe('the textbooks page', () => {
  it('adds a book with its fields named', async () => {
    const { user, requests } = renderConsole(entry, {
      api: {
        'GET /staffapi/content/textbooks': () => ok({ success: true, data: [book] }),
        'POST /staffapi/content/textbooks': () => ok({ success: true, message: 'Saved', _id: book._id }),
      },
    });
    const form = await screen.findByRole('form', { name: 'Add a textbook' });
    await user.type(within(form).getByLabelText('Book title'), 'Python');
    await user.type(within(form).getByLabelText('Book link'), 'https://books.example/py');
    await user.click(within(form).getByRole('button', { name: 'Add textbook' }));
    await waitFor(() => expect(callsTo(requests, 'POST', '/staffapi/content/textbooks')).toHaveLength(1));
    expect(callsTo(requests, 'POST', '/staffapi/content/textbooks')[0]!.body).toEqual({
      course: 'AIC',
      batchNumber: '0',
      quarter: 'Q2',
      title: 'Python',
      link: 'https://books.example/py',
      cover: '',
    });
  });

  it('uploads a cover as a form and shows the server’s refusal', async () => {
    const { user, requests } = renderConsole(entry, {
      api: {
        'GET /staffapi/content/textbooks': () => ok({ success: true, data: [book] }),
        'POST /staffapi/content/textbooks/:id/cover': () => fail(415, messages.coverNotImage),
      },
    });
    const input = await screen.findByLabelText('Cover image file for Deep Learning');
    await user.upload(input, new File(['<svg/>'], 'cover.png', { type: 'image/png' }));
    await user.click(screen.getByRole('button', { name: 'Upload cover' }));
    expect(await screen.findByText(messages.coverNotImage)).toBeInTheDocument();
    const sent = callsTo(requests, 'POST', `/staffapi/content/textbooks/${book._id}/cover`)[0]!
      .body as FormData;
    expect((sent.get('file') as File).name).toBe('cover.png');
  });

  it('shows the schema’s messages on an empty title and a wrong link, and sends nothing', async () => {
    const { user, requests } = renderConsole(entry, {
      api: { 'GET /staffapi/content/textbooks': () => ok({ success: true, data: [book] }) },
    });
    const form = await screen.findByRole('form', { name: 'Add a textbook' });
    await user.type(within(form).getByLabelText('Book link'), 'books.example/py');
    await user.click(within(form).getByRole('button', { name: 'Add textbook' }));
    const title = within(form).getByLabelText('Book title');
    await waitFor(() => expect(title).toHaveAccessibleDescription(messages.contentTitleRequired));
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByLabelText('Book link')).toHaveAccessibleDescription(messages.contentLinkInvalid);
    expect(within(form).getByLabelText('Cover image address')).not.toHaveAttribute('aria-invalid');
    expect(callsTo(requests, 'POST', '/staffapi/content/textbooks')).toHaveLength(0);
  });

  it('edits a book in its dialog, sends what was typed and closes once saved', async () => {
    const path = `/staffapi/content/textbooks/${book._id}`;
    const { user, requests } = renderConsole(entry, {
      api: {
        'GET /staffapi/content/textbooks': () => ok({ success: true, data: [book] }),
        'POST /staffapi/content/textbooks/:id': () => ok({ success: true, message: 'Saved' }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Edit textbook Deep Learning' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit textbook Deep Learning' });
    const title = within(dialog).getByLabelText('Book title');
    expect(title).toHaveValue('Deep Learning');
    expect(within(dialog).getByLabelText('Book link')).toHaveValue(book.link);
    await user.clear(title);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(title).toHaveAccessibleDescription(messages.contentTitleRequired));
    expect(callsTo(requests, 'POST', path)).toHaveLength(0);

    await user.type(title, 'Deep Learning, 2nd edition');
    await user.type(within(dialog).getByLabelText('Cover image address'), '/covers/dl.jpg');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(requests, 'POST', path).map((call) => call.body)).toEqual([
      { title: 'Deep Learning, 2nd edition', link: book.link, cover: '/covers/dl.jpg' },
    ]);
  });
});
