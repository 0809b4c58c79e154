import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeStudent, renderApp } from '@test/render-app';
import { lectureApi } from './fixtures';

describe('/onlinecourses', () => {
  it("shows the student's current course with a View Course link", async () => {
    renderApp('/onlinecourses', { student: makeStudent(), api: lectureApi() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Online Lectures' })).toBeInTheDocument();
    const card = screen.getByRole('article');
    expect(
      within(card).getByRole('heading', { level: 2, name: 'Artificial Intelligence' }),
    ).toBeInTheDocument();
    expect(within(card).getByText('Batch 12')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'View Course' })).toHaveAttribute(
      'href',
      '/onlinecourses/AIC',
    );
  });

  it('goes to /courses, replacing the entry, when the student has no current course', async () => {
    const { router } = renderApp('/onlinecourses', {
      student: makeStudent({ course: null, courseId: null }),
      api: lectureApi(),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/courses'));
    expect(router.state.historyAction).toBe('REPLACE');
  });
});
