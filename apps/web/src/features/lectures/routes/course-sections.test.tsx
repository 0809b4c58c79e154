import { messages } from '@portal/shared/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, makeStudent, ok, renderApp } from '@test/render-app';
import { courseLinks, lectureApi, lectureRequests, topic, topics } from './fixtures';

const student = makeStudent();

async function sectionNav() {
  return within(await screen.findByRole('navigation', { name: 'Sections' }));
}

describe('/onlinecourses/:code/:lesson', () => {
  it.each([
    { label: 'the section is missing', path: '/onlinecourses/AIC' },
    { label: 'the section is unknown', path: '/onlinecourses/AIC/no-such-section' },
  ])('selects the first section when $label and shows its lessons', async ({ path }) => {
    const { requests } = renderApp(path, { student, api: lectureApi() });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Artificial Intelligence' }),
    ).toBeInTheDocument();
    const nav = await sectionNav();
    expect(nav.getByRole('link', { name: 'Python basics' })).toHaveAttribute('aria-current', 'page');
    expect(nav.getByRole('link', { name: 'Python basics' })).toHaveAttribute(
      'href',
      '/onlinecourses/AIC/section-1',
    );
    expect(nav.getByRole('link', { name: 'Machine learning' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('heading', { level: 2, name: 'Python basics' })).toBeInTheDocument();
    const lessons = screen.getAllByRole('article');
    expect(lessons.map((lesson) => within(lesson).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Variables',
      'Loops',
    ]);
    // The server's sanitised HTML is rendered as HTML.
    expect(within(lessons[0]!).getByText('values').tagName).toBe('STRONG');
    expect(screen.getByRole('button', { name: 'Continue Variables' })).toBeInTheDocument();
    expect(lectureRequests(requests, '/studentapi/allowedcontent/getsectionlist')[0]?.body).toEqual({
      data: { quarter: 'Q2', batch: 'Batch 12', courseName: 'AIC' },
    });
  });

  it('selects the section named in the URL; the list links to each section', async () => {
    const { user, router } = renderApp('/onlinecourses/AIC/section-2', { student, api: lectureApi() });
    const nav = await sectionNav();
    expect(nav.getByRole('link', { name: 'Machine learning' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('heading', { level: 2, name: 'Machine learning' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue Regression' })).toBeInTheDocument();

    await user.click(nav.getByRole('link', { name: 'Python basics' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/onlinecourses/AIC/section-1'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Python basics' })).toBeInTheDocument();
  });

  it("shows the server's refusal with a link back to /onlinecourses", async () => {
    renderApp('/onlinecourses/AIC', {
      student,
      api: lectureApi({
        '/studentapi/allowedcontent/getsectionlist': () => fail(403, messages.noSuchCourse),
      }),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.noSuchCourse);
    expect(screen.getByRole('link', { name: 'Back to Online Lectures' })).toHaveAttribute(
      'href',
      '/onlinecourses',
    );
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it.each([
    { label: 'is not the student’s course', path: '/onlinecourses/BCC', links: courseLinks() },
    { label: 'has nothing paid', path: '/onlinecourses/AIC', links: courseLinks({ paid: false }) },
  ])('says there is no such course, without asking for sections, when the course $label', async (c) => {
    const { requests } = renderApp(c.path, {
      student,
      api: lectureApi({ '/studentapi/courselinks': () => ok({ success: true, data: c.links }) }),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.noSuchCourse);
    expect(screen.getByRole('link', { name: 'Back to Online Lectures' })).toBeInTheDocument();
    expect(lectureRequests(requests, '/studentapi/allowedcontent/getsectionlist')).toHaveLength(0);
  });

  it('says something went wrong on a server failure and loads again with Retry', async () => {
    let calls = 0;
    const { user } = renderApp('/onlinecourses/AIC', {
      student,
      api: lectureApi({
        '/studentapi/allowedcontent/getsectionlist': () => {
          calls += 1;
          return calls === 1
            ? fail(500, 'Internal Server Error')
            : ok({ success: true, data: [{ _id: 's', title: 'Only section', quarter: 'Q1', lessons: [] }] });
        },
      }),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.learningFailure);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Only section' })).toBeInTheDocument();
  });

  it('Continue on a lesson without topics says the lesson has no data and stays', async () => {
    const { user, router } = renderApp('/onlinecourses/AIC/section-1', {
      student,
      api: lectureApi({
        '/studentapi/allowedcontent/getlessontopics': () => ok({ success: true, message: 'ok', data: [] }),
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Continue Loops' }));
    const card = screen.getAllByRole('article')[1]!;
    expect(await within(card).findByRole('alert')).toHaveTextContent(messages.lessonEmpty);
    expect(router.state.location.pathname).toBe('/onlinecourses/AIC/section-1');
  });

  it('Continue opens the first topic not watched to the end, asking for the topics once', async () => {
    const { user, router, requests } = renderApp('/onlinecourses/AIC', {
      student,
      api: lectureApi({
        '/studentapi/allowedcontent/getlessontopics': () =>
          ok({
            success: true,
            message: 'ok',
            data: topics().map((entry, index) => (index === 0 ? { ...entry, completed: true } : entry)),
          }),
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Continue Variables' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(
        '/onlinecourses/AIC/section-1/lesson/lesson-1/topic/topic-2',
      ),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Naming variables' })).toBeInTheDocument();
    const asked = lectureRequests(requests, '/studentapi/allowedcontent/getlessontopics');
    expect(asked.map((request) => request.body)).toEqual([{ lessonId: 'lesson-1' }]);
  });

  it('Continue opens the first topic when every topic is watched', async () => {
    const { user, router } = renderApp('/onlinecourses/AIC', {
      student,
      api: lectureApi({
        '/studentapi/allowedcontent/getlessontopics': () =>
          ok({ success: true, message: 'ok', data: [topic({ completed: true })] }),
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Continue Variables' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(
        '/onlinecourses/AIC/section-1/lesson/lesson-1/topic/topic-1',
      ),
    );
  });
});
