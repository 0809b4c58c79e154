import { messages } from '@portal/shared/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, makeStudent, renderApp } from '@test/render-app';
import { courseLinks, learningApi, linksAnswer } from './fixtures';

const student = makeStudent();

describe('/textbooks', () => {
  it('sends a student without a course to /courses', async () => {
    const { router } = renderApp('/textbooks', { student: makeStudent({ course: null }) });
    await waitFor(() => expect(router.state.location.pathname).toBe('/courses'));
  });

  it('sends a visitor without a session to sign-in', async () => {
    const { router } = renderApp('/textbooks');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows each book as a cover and a title that link out in a new tab', async () => {
    renderApp('/textbooks', {
      student,
      api: learningApi({
        '/studentapi/courselinks': () =>
          linksAnswer(
            courseLinks({
              showTextbooks: true,
              textbooks: [
                {
                  title: 'Python Crash Course',
                  link: 'https://books.example.org/python',
                  cover: '/covers/python.jpg',
                },
                { title: 'Deep Learning', link: 'https://books.example.org/dl', cover: '' },
              ],
            }),
          ),
      }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Text Books' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Text books of your course' });
    const books = within(list).getAllByRole('link');
    expect(
      books.map((book) => [
        book.textContent?.replace(' (opens in a new tab)', ''),
        book.getAttribute('href'),
      ]),
    ).toEqual([
      ['Python Crash Course', 'https://books.example.org/python'],
      ['Deep Learning', 'https://books.example.org/dl'],
    ]);
    for (const book of books) {
      expect(book).toHaveAttribute('target', '_blank');
      expect(book).toHaveAttribute('rel', 'noopener noreferrer');
    }
    // The cover names the book once for a screen reader; a book without a cover shows its title only.
    expect(books[0]).toHaveAccessibleName('Python Crash Course (opens in a new tab)');
    expect(books[1]).toHaveAccessibleName('Deep Learning (opens in a new tab)');
    const cover = within(books[0]!).getByRole('img', { name: 'Python Crash Course' });
    expect(cover).toHaveAttribute('src', '/covers/python.jpg');
    expect(cover).toHaveAttribute('loading', 'lazy');
    expect(within(books[1]!).queryByRole('img')).not.toBeInTheDocument();
  });

  it('says so when the course has no books', async () => {
    renderApp('/textbooks', { student, api: learningApi() });
    expect(await screen.findByText('No text books are available for your course yet.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Text books of your course' })).not.toBeInTheDocument();
  });

  it('shows a failure with Retry', async () => {
    let up = false;
    const { user } = renderApp('/textbooks', {
      student,
      api: learningApi({
        '/studentapi/courselinks': () =>
          up
            ? linksAnswer(
                courseLinks({
                  textbooks: [{ title: 'Deep Learning', link: 'https://books.example.org/dl', cover: '' }],
                }),
              )
            : fail(503, messages.serverError),
      }),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.serverError);
    up = true;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: /Deep Learning/ })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
